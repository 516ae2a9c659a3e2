import { mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGovernor, type Decision } from '../../src/index';
import { loadPolicy } from '../../src/policy/loadPolicy';

/** A workspace with one intent, a policy file over it, and a trace file outside it. */
export interface RecordingPlace {
  readonly root: string;
  readonly workspace: string;
  readonly policy: string;
  readonly trace: string;
}

const INTENTS = [
  'active_intents:',
  '  - id: INT-1',
  '    name: login',
  '    status: IN_PROGRESS',
  '    owned_scope: ["src/**"]',
  '',
].join('\n');

/** A fresh place; `policyLines` are added to a policy that names the workspace. */
export function recordingPlace(policyLines: readonly string[] = []): RecordingPlace {
  const root = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'audit-'));
  const workspace = path.join(root, 'repo');
  mkdirSync(path.join(workspace, '.orchestration'), { recursive: true });
  mkdirSync(path.join(workspace, 'src'));
  writeFileSync(path.join(workspace, '.orchestration', 'active_intents.yaml'), INTENTS);
  const policy = writePolicy(root, 'recorded.policy.yaml', policyLines);
  return { root, workspace, policy, trace: path.join(root, 'logs', 'agent_trace.jsonl') };
}

/** Writes a policy next to the workspace; its paths are relative to it. */
export function writePolicy(root: string, name: string, lines: readonly string[]): string {
  const file = path.join(root, name);
  writeFileSync(file, ['version: 1', 'workspaceRoot: repo', ...lines, ''].join('\n'));
  return file;
}

/** One call the session made and what it was told. */
export interface SessionStep {
  readonly what: string;
  readonly decision: Decision;
}

/**
 * A real session with a file trace: calls across the three states, held and answered by named
 * approvers, cancelled, expired, edited, approved for the session, refused by scope and by the
 * lifecycle, a secret in a command, and calls while the orchestration directory is missing.
 */
export function recordSession(place: RecordingPlace): SessionStep[] {
  mkdirSync(path.dirname(place.trace), { recursive: true });
  let clock = 1_000_000;
  const governor = createGovernor({
    ...loadPolicy(place.policy).governor,
    trace: place.trace,
    sessionId: 'recorded',
    now: () => clock,
  });
  const steps: SessionStep[] = [];
  const call = (what: string, tool: string, args: Record<string, unknown>): Decision => {
    const decision = governor.handleToolCall(tool, args);
    steps.push({ what, decision });
    return decision;
  };
  const answer = (
    what: string,
    held: Decision,
    given: Parameters<typeof governor.resolveApproval>[1],
    approver?: string,
  ): Decision => {
    const decision = governor.resolveApproval(
      held.approval?.id ?? '',
      given,
      approver === undefined ? undefined : { approver },
    );
    steps.push({ what, decision });
    return decision;
  };

  call('a read outside the workspace before a prompt', 'read_file', { path: '/etc/hostname' });
  governor.userPrompt('add login');
  call('a command before the handshake', 'execute_command', { command: 'npm install left-pad' });
  governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' });
  const write = call('a write in scope', 'write_to_file', { path: 'src/a.ts', content: 'export const a = 1;\n' });
  answer('the write continued by alice', write, 'continue', 'alice');
  const push = call('a push', 'execute_command', { command: 'git push origin main' });
  answer('the push cancelled by bob', push, 'cancel', 'bob');
  const forgotten = call('a write nobody answers', 'write_to_file', { path: 'src/late.ts', content: 'late' });
  clock += 16 * 60 * 1000;
  answer('the late answer', forgotten, 'continue', 'alice');
  const edited = call('a write to edit', 'write_to_file', { path: 'src/draft.ts', content: 'draft' });
  answer('the write edited by carol', edited, { edit: { path: 'src/final.ts', content: 'final' } }, 'carol');
  governor.approveSession(['EXEC_ARBITRARY', 'NETWORK_RISK'], { approver: 'bob' });
  call('a download approved for the session', 'execute_command', { command: 'curl -s https://example.com/data.json' });
  call('a write out of scope', 'write_to_file', { path: 'docs/notes.md', content: 'notes' });
  call('a publish with a token', 'execute_command', { command: 'NPM_TOKEN=abc123secret npm publish' });
  call('a write with a password in it', 'write_to_file', {
    path: 'src/config.ts',
    content: 'export const password = "hunter2";\n',
  });
  governor.userPrompt('next step');
  call('a write in REASONING with the intent kept', 'write_to_file', { path: 'src/b.ts', content: 'b' });
  renameSync(path.join(place.workspace, '.orchestration'), path.join(place.workspace, '.orchestration-away'));
  call('a command with the orchestration directory gone', 'execute_command', { command: 'ls -la' });
  renameSync(path.join(place.workspace, '.orchestration-away'), path.join(place.workspace, '.orchestration'));
  governor.stop();
  return steps;
}
