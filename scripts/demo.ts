// A scripted agent session through the governor; it checks its own expectations, so it
// doubles as a smoke test. Run with `npm run demo`.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createGovernor,
  renderConfirmationPrompt,
  selectActiveIntentTool,
  type Decision,
  type Governor,
  type LifecycleState,
  type RiskCategory,
} from '../src/index';

// seed 001's message, written out here so the demo checks the library's text, not its own
const SEED_001_MESSAGE =
  "State Violation: Intent Handshake required for DESTRUCTIVE actions. Call 'select_active_intent' first.";

const INTENTS_YAML = `active_intents:
  - id: INT-001
    name: JWT authentication
    status: IN_PROGRESS
    owned_scope: ['src/auth/**', 'tests/auth/**']
  - id: INT-002
    name: API documentation
    owned_scope: ['docs/**']
`;

const WORKSPACE_FILES: Readonly<Record<string, string>> = {
  '.orchestration/active_intents.yaml': INTENTS_YAML,
  '.intentignore': 'secrets/\n',
  'src/auth/login.ts': 'export function login(user: string): string {\n  return user;\n}\n',
  'src/billing/invoice.ts': 'export const invoice = 1;\n',
  'secrets/api-key.txt': 'sk-demo-not-a-real-key\n',
};

interface Expectation {
  readonly verdict?: Decision['verdict'];
  readonly code?: Decision['code'];
  readonly stateAfter: LifecycleState;
  /** the exact deny reason, when the demo promises one */
  readonly reason?: string;
  /** a fragment the deny reason must contain */
  readonly reasonIncludes?: string;
}

type Step =
  | { readonly kind: 'prompt'; readonly text: string; readonly expect: Expectation }
  | { readonly kind: 'approve'; readonly categories: readonly RiskCategory[]; readonly expect: Expectation }
  | { readonly kind: 'tool'; readonly tool: string; readonly args: Readonly<Record<string, unknown>>; readonly expect: Expectation };

const STEPS: readonly Step[] = [
  { kind: 'prompt', text: 'Add JWT login', expect: { stateAfter: 'REASONING' } },
  { kind: 'tool', tool: 'read_file', args: { path: 'src/auth/login.ts' }, expect: { verdict: 'allow', code: 'safe_tool', stateAfter: 'REASONING' } },
  { kind: 'tool', tool: 'list_files', args: { path: 'src' }, expect: { verdict: 'allow', code: 'safe_tool', stateAfter: 'REASONING' } },
  {
    kind: 'tool',
    tool: 'write_to_file',
    args: { path: 'src/auth/jwt.ts', content: 'export const sign = () => "token";\n' },
    expect: { verdict: 'deny', code: 'state_violation', stateAfter: 'REASONING', reason: SEED_001_MESSAGE },
  },
  {
    kind: 'tool',
    tool: 'select_active_intent',
    args: { intent_id: 'INT-099' },
    expect: { verdict: 'deny', code: 'unknown_intent', stateAfter: 'REASONING', reasonIncludes: 'INT-001, INT-002' },
  },
  { kind: 'tool', tool: 'select_active_intent', args: { intent_id: 'INT-001' }, expect: { verdict: 'allow', code: 'intent_selected', stateAfter: 'ACTION' } },
  {
    kind: 'tool',
    tool: 'write_to_file',
    args: { path: 'src/auth/jwt.ts', content: 'export const sign = () => "token";\n' },
    expect: { verdict: 'ask', code: 'needs_approval', stateAfter: 'ACTION', reasonIncludes: 'FS_DELETE_OVERWRITE' },
  },
  { kind: 'approve', categories: ['FS_DELETE_OVERWRITE'], expect: { stateAfter: 'ACTION' } },
  {
    kind: 'tool',
    tool: 'write_to_file',
    args: { path: 'src/auth/jwt.ts', content: 'export const sign = () => "token";\n' },
    expect: { verdict: 'allow', code: 'destructive_in_scope', stateAfter: 'ACTION' },
  },
  {
    kind: 'tool',
    tool: 'write_to_file',
    args: { path: 'src/billing/invoice.ts', content: 'export const invoice = 2;\n' },
    expect: { verdict: 'deny', code: 'scope_violation', stateAfter: 'ACTION', reasonIncludes: "outside the scope of intent 'INT-001'" },
  },
  {
    kind: 'tool',
    tool: 'read_file',
    args: { path: 'secrets/api-key.txt' },
    expect: { verdict: 'deny', code: 'path_ignored', stateAfter: 'ACTION', reasonIncludes: '.intentignore' },
  },
  { kind: 'tool', tool: 'attempt_completion', args: { result: 'JWT signing added' }, expect: { verdict: 'allow', code: 'task_completed', stateAfter: 'REQUEST' } },
];

const TABLE_WIDTH = 130;
const COLUMNS = [
  { title: '#', width: 2 },
  { title: 'state', width: 20 },
  { title: 'tool', width: 20 },
  { title: 'argument', width: 24 },
  { title: 'verdict', width: 7 },
] as const;
const REASON_INDENT = COLUMNS.reduce((sum, column) => sum + column.width + 2, 0);
const REASON_WIDTH = TABLE_WIDTH - REASON_INDENT;

const fit = (text: string, width: number): string =>
  text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);

/** Word-wraps a reason to the reason column, so no reason is cut short. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = '';
    }
    line = line ? `${line} ${word}` : word;
    while (line.length > width) {
      lines.push(line.slice(0, width));
      line = line.slice(width);
    }
  }
  if (line) lines.push(line);
  return lines;
}

function row(cells: readonly string[], reason: string): string {
  const prefix = COLUMNS.map((column, index) => fit(cells[index] ?? '', column.width)).join('  ');
  const [first = '', ...rest] = wrap(reason, REASON_WIDTH);
  return [`${prefix}  ${first}`, ...rest.map((line) => `${' '.repeat(REASON_INDENT)}${line}`)].join('\n');
}

function keyArgument(args: Readonly<Record<string, unknown>>): string {
  for (const key of ['path', 'intent_id', 'result']) {
    const value = args[key];
    if (typeof value === 'string') return key === 'path' ? value : `${key}=${value}`;
  }
  return '';
}

function createWorkspace(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'intentgate-demo-'));
  for (const [file, text] of Object.entries(WORKSPACE_FILES)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

/** What the scripted agent does with a call the governor allowed, so the session has effects. */
function runTool(root: string, tool: string, args: Readonly<Record<string, unknown>>): void {
  const target = typeof args.path === 'string' ? path.join(root, args.path) : undefined;
  if (!target) return;
  if (tool === 'read_file') readFileSync(target, 'utf8');
  else if (tool === 'list_files') readdirSync(target);
  else if (tool === 'write_to_file' && typeof args.content === 'string') {
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, args.content);
  }
}

function mismatches(expect: Expectation, decision: Decision | undefined, stateAfter: LifecycleState): string[] {
  const problems: string[] = [];
  if (stateAfter !== expect.stateAfter) problems.push(`state after is ${stateAfter}, expected ${expect.stateAfter}`);
  if (!decision) return problems;
  if (expect.verdict && decision.verdict !== expect.verdict) problems.push(`verdict is ${decision.verdict}, expected ${expect.verdict}`);
  if (expect.code && decision.code !== expect.code) problems.push(`code is ${decision.code}, expected ${expect.code}`);
  if (expect.reason !== undefined && decision.reason !== expect.reason) {
    problems.push(`reason is ${JSON.stringify(decision.reason)}, expected ${JSON.stringify(expect.reason)}`);
  }
  if (expect.reasonIncludes !== undefined && !(decision.reason ?? '').includes(expect.reasonIncludes)) {
    problems.push(`reason ${JSON.stringify(decision.reason)} does not mention ${JSON.stringify(expect.reasonIncludes)}`);
  }
  return problems;
}

function readCatalog(): unknown[] | undefined {
  const repoRoot = fileURLToPath(new URL('..', import.meta.url));
  const file = path.resolve(repoRoot, '..', 'shared', 'catalogs', 'roo-code.tools.json');
  if (!existsSync(file)) return undefined;
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return Array.isArray(parsed) ? parsed : undefined;
}

function printCatalogFiltering(governor: Governor): void {
  const roo = readCatalog();
  if (!roo) {
    console.log('Roo Code catalog not found (../shared/catalogs/roo-code.tools.json): skipping the tool-count line.\n');
    return;
  }
  // Roo ships no select_active_intent; a host adds intentgate's definition
  const catalog: unknown[] = [...roo, selectActiveIntentTool];
  const before = governor.toolsFor('REASONING', catalog);
  const after = governor.toolsFor('ACTION', catalog);
  const kib = (tools: readonly unknown[]): string => `${(JSON.stringify(tools).length / 1024).toFixed(1)} KiB`;
  console.log(`Roo Code catalog: ${roo.length} tools + select_active_intent = ${catalog.length} definitions.`);
  console.log(`  the model sees ${before.length} before the handshake (${kib(before)} of JSON schema)`);
  console.log(`  and ${after.length} after it (${kib(after)})\n`);
}

function main(): number {
  const root = createWorkspace();
  try {
    const governor = createGovernor({ workspaceRoot: root });
    console.log(`intentgate demo: a scripted agent session in ${root}`);
    console.log(`intents: ${governor.intents.map((intent) => `${intent.id} (${intent.owned_scope.join(', ')})`).join('; ')}; .intentignore: secrets/\n`);
    printCatalogFiltering(governor);

    const header = row(COLUMNS.map((column) => column.title), 'reason');
    console.log(header);
    console.log('-'.repeat(TABLE_WIDTH));
    const failures: string[] = [];
    let allowed = 0;
    let denied = 0;
    STEPS.forEach((step, index) => {
      const stateBefore = governor.state;
      let decision: Decision | undefined;
      if (step.kind === 'prompt') governor.userPrompt(step.text);
      else if (step.kind === 'approve') governor.approveSession(step.categories);
      else {
        decision = governor.handleToolCall(step.tool, step.args);
        if (decision.allowed) runTool(root, step.tool, step.args);
      }
      const stateAfter = governor.state;
      const transition = stateBefore === stateAfter ? stateBefore : `${stateBefore} -> ${stateAfter}`;
      const cells = [
        String(index + 1),
        transition,
        step.kind === 'tool' ? step.tool : step.kind === 'prompt' ? '(user prompt)' : '(human approves)',
        step.kind === 'tool' ? keyArgument(step.args) : step.kind === 'prompt' ? `"${step.text}"` : step.categories.join(', '),
        decision ? decision.verdict.toUpperCase() : '-',
      ];
      const reason = decision
        ? (decision.reason ?? decision.reasons[0]?.message ?? '')
        : step.kind === 'prompt'
          ? 'the host reports the prompt'
          : 'approved for this session only';
      console.log(row(cells, reason));
      // a held call shows the human the confirmation prompt of seed 002 E
      if (decision?.approval) console.log(`${renderConfirmationPrompt(decision.approval.prompt).replace(/^/gm, ' '.repeat(REASON_INDENT))}`);
      if (decision) decision.allowed ? allowed++ : denied++;
      for (const problem of mismatches(step.expect, decision, stateAfter)) failures.push(`step ${index + 1}: ${problem}`);
    });

    // the denied out-of-scope write must not have reached the disk
    if (readFileSync(path.join(root, 'src/billing/invoice.ts'), 'utf8') !== WORKSPACE_FILES['src/billing/invoice.ts']) {
      failures.push('src/billing/invoice.ts changed although the write was denied');
    }
    if (!existsSync(path.join(root, 'src/auth/jwt.ts'))) failures.push('src/auth/jwt.ts was not written although the write was allowed');

    console.log('-'.repeat(TABLE_WIDTH));
    if (failures.length > 0) {
      console.error(`demo FAILED: ${failures.length} expectation(s) not met:`);
      for (const failure of failures) console.error(`  - ${failure}`);
      return 1;
    }
    console.log(`${STEPS.length} steps: ${allowed} allowed, ${denied} denied or held, final state ${governor.state}; every verdict as expected.`);
    return 0;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

process.exitCode = main();
