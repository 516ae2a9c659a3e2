// The scripted agent session of agentSession.ts as a table; it checks its own expectations,
// so it doubles as a smoke test. Run with `npm run demo`.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGovernor, renderConfirmationPrompt, selectActiveIntentTool, type Governor } from '../src/index';
import { createWorkspace, runSession, stepLabels, STEPS, workspaceProblems, type Step } from './agentSession';

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

/** The reason column of a step the governor did not decide. */
function undecidedNote(step: Step): string {
  if (step.kind === 'prompt') return 'the host reports the prompt';
  if (step.kind === 'approve') return 'approved for this session only';
  return 'no call waits for an answer';
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
    console.log(
      `intents: ${governor.intents.map((intent) => `${intent.id} (${intent.owned_scope.join(', ')})`).join('; ')}; .intentignore: secrets/\n`,
    );
    printCatalogFiltering(governor);

    const header = row(
      COLUMNS.map((column) => column.title),
      'reason',
    );
    console.log(header);
    console.log('-'.repeat(TABLE_WIDTH));
    const report = runSession(
      { governor, root, steps: STEPS },
      ({ number, step, stateBefore, stateAfter, decision }) => {
        const transition = stateBefore === stateAfter ? stateBefore : `${stateBefore} -> ${stateAfter}`;
        const { actor, subject } = stepLabels(step);
        const cells = [String(number), transition, actor, subject, decision ? decision.verdict.toUpperCase() : '-'];
        const reason = decision ? (decision.reason ?? decision.reasons[0]?.message ?? '') : undecidedNote(step);
        console.log(row(cells, reason));
        // a held call shows the human the confirmation prompt of seed 002 E
        if (decision?.approval)
          console.log(
            `${renderConfirmationPrompt(decision.approval.prompt).replace(/^/gm, ' '.repeat(REASON_INDENT))}`,
          );
      },
    );
    // the denied out-of-scope write must not have reached the disk
    const failures = [...report.failures, ...workspaceProblems(root)];

    console.log('-'.repeat(TABLE_WIDTH));
    if (failures.length > 0) {
      console.error(`demo FAILED: ${failures.length} expectation(s) not met:`);
      for (const failure of failures) console.error(`  - ${failure}`);
      return 1;
    }
    console.log(
      `${STEPS.length} steps: ${report.allowed} allowed, ${report.denied} denied or held, final state ${governor.state}; every verdict as expected.`,
    );
    return 0;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

process.exitCode = main();
