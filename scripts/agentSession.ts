// The scripted agent session behind `npm run demo` and `npm run inspect`: a workspace, the
// steps an agent and a human take, and a runner that checks every step against what it expects.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Decision, Governor, LifecycleState, RiskCategory } from '../src/index';

// seed 001's message, written out here so the session checks the library's text, not its own
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

export const WORKSPACE_FILES: Readonly<Record<string, string>> = {
  '.orchestration/active_intents.yaml': INTENTS_YAML,
  '.intentignore': 'secrets/\n',
  'src/auth/login.ts': 'export function login(user: string): string {\n  return user;\n}\n',
  'src/billing/invoice.ts': 'export const invoice = 1;\n',
  'secrets/api-key.txt': 'sk-demo-not-a-real-key\n',
};

export interface Expectation {
  readonly verdict?: Decision['verdict'];
  readonly code?: Decision['code'];
  readonly stateAfter: LifecycleState;
  /** the exact deny reason, when the session promises one */
  readonly reason?: string;
  /** a fragment the deny reason must contain */
  readonly reasonIncludes?: string;
}

/** What the host reports, what the model calls, or what the human answers. */
export type Step =
  | { readonly kind: 'prompt'; readonly text: string; readonly expect: Expectation }
  | { readonly kind: 'approve'; readonly categories: readonly RiskCategory[]; readonly expect: Expectation }
  | { readonly kind: 'answer'; readonly answer: 'continue' | 'cancel'; readonly expect: Expectation }
  | {
      readonly kind: 'tool';
      readonly tool: string;
      readonly args: Readonly<Record<string, unknown>>;
      readonly expect: Expectation;
    };

const JWT_WRITE = { path: 'src/auth/jwt.ts', content: 'export const sign = () => "token";\n' };

/** The demo's task: handshake, a write held by safe mode, the session approval, scope and .intentignore, completion. */
export const STEPS: readonly Step[] = [
  { kind: 'prompt', text: 'Add JWT login', expect: { stateAfter: 'REASONING' } },
  {
    kind: 'tool',
    tool: 'read_file',
    args: { path: 'src/auth/login.ts' },
    expect: { verdict: 'allow', code: 'safe_tool', stateAfter: 'REASONING' },
  },
  {
    kind: 'tool',
    tool: 'list_files',
    args: { path: 'src' },
    expect: { verdict: 'allow', code: 'safe_tool', stateAfter: 'REASONING' },
  },
  {
    kind: 'tool',
    tool: 'write_to_file',
    args: JWT_WRITE,
    expect: { verdict: 'deny', code: 'state_violation', stateAfter: 'REASONING', reason: SEED_001_MESSAGE },
  },
  {
    kind: 'tool',
    tool: 'select_active_intent',
    args: { intent_id: 'INT-099' },
    expect: { verdict: 'deny', code: 'unknown_intent', stateAfter: 'REASONING', reasonIncludes: 'INT-001, INT-002' },
  },
  {
    kind: 'tool',
    tool: 'select_active_intent',
    args: { intent_id: 'INT-001' },
    expect: { verdict: 'allow', code: 'intent_selected', stateAfter: 'ACTION' },
  },
  {
    kind: 'tool',
    tool: 'write_to_file',
    args: JWT_WRITE,
    expect: { verdict: 'ask', code: 'needs_approval', stateAfter: 'ACTION', reasonIncludes: 'FS_DELETE_OVERWRITE' },
  },
  { kind: 'approve', categories: ['FS_DELETE_OVERWRITE'], expect: { stateAfter: 'ACTION' } },
  {
    kind: 'tool',
    tool: 'write_to_file',
    args: JWT_WRITE,
    expect: { verdict: 'allow', code: 'destructive_in_scope', stateAfter: 'ACTION' },
  },
  {
    kind: 'tool',
    tool: 'write_to_file',
    args: { path: 'src/billing/invoice.ts', content: 'export const invoice = 2;\n' },
    expect: {
      verdict: 'deny',
      code: 'scope_violation',
      stateAfter: 'ACTION',
      reasonIncludes: "outside the scope of intent 'INT-001'",
    },
  },
  {
    kind: 'tool',
    tool: 'read_file',
    args: { path: 'secrets/api-key.txt' },
    expect: { verdict: 'deny', code: 'path_ignored', stateAfter: 'ACTION', reasonIncludes: '.intentignore' },
  },
  {
    kind: 'tool',
    tool: 'attempt_completion',
    args: { result: 'JWT signing added' },
    expect: { verdict: 'allow', code: 'task_completed', stateAfter: 'REQUEST' },
  },
];

/** A second task after STEPS: a human answers two held calls one by one, Continue then Cancel. */
export const APPROVAL_ROUND: readonly Step[] = [
  { kind: 'prompt', text: 'Sign tokens with jsonwebtoken', expect: { stateAfter: 'REASONING' } },
  {
    kind: 'tool',
    tool: 'select_active_intent',
    args: { intent_id: 'INT-001' },
    expect: { verdict: 'allow', code: 'intent_selected', stateAfter: 'ACTION' },
  },
  {
    kind: 'tool',
    tool: 'execute_command',
    args: { command: 'npm install jsonwebtoken' },
    expect: { verdict: 'ask', code: 'needs_approval', stateAfter: 'ACTION', reasonIncludes: 'DEPS_INSTALL_UPDATE' },
  },
  { kind: 'answer', answer: 'continue', expect: { verdict: 'allow', code: 'approved_once', stateAfter: 'ACTION' } },
  {
    kind: 'tool',
    tool: 'execute_command',
    args: { command: 'git push origin main' },
    expect: { verdict: 'ask', code: 'needs_approval', stateAfter: 'ACTION', reasonIncludes: 'GIT_PUBLISH' },
  },
  { kind: 'answer', answer: 'cancel', expect: { verdict: 'deny', code: 'approval_cancelled', stateAfter: 'ACTION' } },
  {
    kind: 'tool',
    tool: 'attempt_completion',
    args: { result: 'jsonwebtoken installed' },
    expect: { verdict: 'allow', code: 'task_completed', stateAfter: 'REQUEST' },
  },
];

/** A fresh temporary workspace holding WORKSPACE_FILES; the caller removes it. */
export function createWorkspace(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'intentgate-demo-'));
  for (const [file, text] of Object.entries(WORKSPACE_FILES)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

function keyArgument(args: Readonly<Record<string, unknown>>): string {
  for (const key of ['path', 'intent_id', 'result', 'command']) {
    const value = args[key];
    if (typeof value === 'string') return key === 'path' ? value : `${key}=${value}`;
  }
  return '';
}

/** Who acts in a step and on what, as the demo's table and the inspector's log show it. */
export function stepLabels(step: Step): { readonly actor: string; readonly subject: string } {
  switch (step.kind) {
    case 'tool':
      return { actor: step.tool, subject: keyArgument(step.args) };
    case 'prompt':
      return { actor: '(user prompt)', subject: `"${step.text}"` };
    case 'approve':
      return { actor: '(human approves)', subject: step.categories.join(', ') };
    case 'answer':
      return { actor: '(human answers)', subject: step.answer };
  }
}

/** What the scripted agent does with a call the governor allowed, so the session has effects. */
function runTool(root: string, tool: string, args: Readonly<Record<string, unknown>>): void {
  // commands are never run: the session only shows what the governor decides about them
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
  if (expect.verdict && decision.verdict !== expect.verdict)
    problems.push(`verdict is ${decision.verdict}, expected ${expect.verdict}`);
  if (expect.code && decision.code !== expect.code) problems.push(`code is ${decision.code}, expected ${expect.code}`);
  if (expect.reason !== undefined && decision.reason !== expect.reason) {
    problems.push(`reason is ${JSON.stringify(decision.reason)}, expected ${JSON.stringify(expect.reason)}`);
  }
  if (expect.reasonIncludes !== undefined && !(decision.reason ?? '').includes(expect.reasonIncludes)) {
    problems.push(
      `reason ${JSON.stringify(decision.reason)} does not mention ${JSON.stringify(expect.reasonIncludes)}`,
    );
  }
  return problems;
}

/** One step as it ran: the states around it, the governor's decision (none for prompts and approvals), the unmet expectations. */
export interface StepResult {
  /** 1-based, as printed */
  readonly number: number;
  readonly step: Step;
  readonly stateBefore: LifecycleState;
  readonly stateAfter: LifecycleState;
  readonly decision: Decision | undefined;
  readonly problems: readonly string[];
}

export interface SessionReport {
  /** every unmet expectation, as `step N: problem` */
  readonly failures: readonly string[];
  readonly allowed: number;
  readonly denied: number;
}

export interface Session {
  readonly governor: Governor;
  /** the workspace the governor governs, from createWorkspace */
  readonly root: string;
  readonly steps: readonly Step[];
}

type ToolStep = Extract<Step, { kind: 'tool' }>;

/** Runs the steps in order through the governor, calling `onStep` after each; never throws on a mismatch. */
export function runSession(session: Session, onStep: (result: StepResult) => void = () => {}): SessionReport {
  const { governor, root } = session;
  const failures: string[] = [];
  let allowed = 0;
  let denied = 0;
  // the call a human's answer applies to, so Continue can run it
  let held: ToolStep | undefined;
  session.steps.forEach((step, index) => {
    const stateBefore = governor.state;
    let decision: Decision | undefined;
    let ran: ToolStep | undefined;
    const problems: string[] = [];
    if (step.kind === 'prompt') governor.userPrompt(step.text);
    else if (step.kind === 'approve') governor.approveSession(step.categories);
    else if (step.kind === 'answer') {
      const id = governor.pendingApproval?.approval?.id;
      if (id === undefined) problems.push('no call waits for an answer');
      else decision = governor.resolveApproval(id, step.answer);
      ran = held;
    } else {
      decision = governor.handleToolCall(step.tool, step.args);
      ran = step;
    }
    if (decision?.verdict === 'ask' && step.kind === 'tool') held = step;
    if (decision?.allowed && ran) runTool(root, ran.tool, ran.args);
    if (decision) decision.allowed ? allowed++ : denied++;
    const stateAfter = governor.state;
    problems.push(...mismatches(step.expect, decision, stateAfter));
    for (const problem of problems) failures.push(`step ${index + 1}: ${problem}`);
    onStep({ number: index + 1, step, stateBefore, stateAfter, decision, problems });
  });
  return { failures, allowed, denied };
}

/** What STEPS must have done to the disk: the allowed write happened, the denied one did not. */
export function workspaceProblems(root: string): string[] {
  const problems: string[] = [];
  if (readFileSync(path.join(root, 'src/billing/invoice.ts'), 'utf8') !== WORKSPACE_FILES['src/billing/invoice.ts']) {
    problems.push('src/billing/invoice.ts changed although the write was denied');
  }
  if (!existsSync(path.join(root, 'src/auth/jwt.ts')))
    problems.push('src/auth/jwt.ts was not written although the write was allowed');
  return problems;
}
