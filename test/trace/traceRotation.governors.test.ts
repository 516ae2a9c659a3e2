import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createGovernor,
  readTrace,
  rotatedTraceFiles,
  TRACE_FILE_NAME,
  type Governor,
  type GovernorOptions,
  type TraceRotation,
} from '../../src/index';
import { makeWorkspace } from '../support/workspace';

// Governors that share one trace with rotation on: the service's sessions, and the hooks'
// processes restored from snapshots. Rotation is no change; a change made outside still is.

const SCOPE_SRC = 'active_intents:\n  - id: INT-1\n    owned_scope: [src/**]\n';
const ROTATION: TraceRotation = { maxBytes: 4 * 1024, keep: 50 };

/** A governor in ACTION under INT-1, its shell and write categories approved, so an allowed write is traced. */
function actingGovernor(root: string, options: GovernorOptions = {}): Governor {
  const governor = createGovernor({ workspaceRoot: root, traceRotation: ROTATION, ...options });
  governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
  governor.userPrompt('work on src');
  expect(governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' }).code).toBe('intent_selected');
  return governor;
}

/** A traced call; a long file name makes each line a few hundred bytes, so a few calls rotate. */
function tracedWrite(governor: Governor, label: string): { readonly noted: boolean } {
  const decision = governor.handleToolCall('execute_command', {
    command: `echo ${label} > src/${label}-${'x'.repeat(120)}.txt`,
  });
  expect(decision.allowed).toBe(true);
  return { noted: decision.reasons.some((reason) => reason.code === 'trace_changed') };
}

const traceOf = (root: string): string => path.join(root, '.orchestration', TRACE_FILE_NAME);

const bash = (root: string, script: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { cwd: root, stdio: 'ignore' });
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.on('exit', (code) => {
      clearTimeout(killer);
      if (code === 0) resolve();
      else reject(new Error(`bash exited with ${code}`));
    });
  });

describe('governors sharing a rotated trace', () => {
  it('report no change while they rotate the file under each other', () => {
    const root = makeWorkspace({ intentsYaml: SCOPE_SRC });
    const first = actingGovernor(root, { sessionId: 'first' });
    const second = actingGovernor(root, { sessionId: 'second' });
    const labels: string[] = [];
    for (let index = 0; index < 40; index++) {
      const label = `${index % 3 === 0 ? 'first' : 'second'}${index}`;
      labels.push(label);
      expect(tracedWrite(index % 3 === 0 ? first : second, label).noted).toBe(false);
    }
    expect([first.traceChanges, second.traceChanges]).toEqual([[], []]);
    expect(rotatedTraceFiles(traceOf(root)).length).toBeGreaterThan(2);
    const read = readTrace(traceOf(root), { rotated: true });
    expect(read.notices).toEqual([]);
    expect(read.skipped).toBe(0);
    const commands = read.records
      .filter((record) => record.tool === 'execute_command')
      .map((record) => record.session_id);
    expect(commands).toEqual(labels.map((label) => (label.startsWith('first') ? 'first' : 'second')));
  });

  it('a governor restored from a snapshot finds the file it vouched for rotated, and reports no change', () => {
    const root = makeWorkspace({ intentsYaml: SCOPE_SRC });
    const before = actingGovernor(root, { sessionId: 'hook' });
    tracedWrite(before, 'one');
    const snapshot = before.persist();
    const other = actingGovernor(root, { sessionId: 'other' });
    for (let index = 0; index < 20; index++) tracedWrite(other, `other${index}`);
    expect(rotatedTraceFiles(traceOf(root)).length).toBeGreaterThan(1);
    const after = createGovernor({ workspaceRoot: root, traceRotation: ROTATION, restore: snapshot });
    expect(tracedWrite(after, 'two').noted).toBe(false);
    expect(after.traceChanges).toEqual([]);
  });

  it('a governor restored after its file was rotated out of the kept files says so', () => {
    const root = makeWorkspace({ intentsYaml: SCOPE_SRC });
    const rotation = { maxBytes: 4 * 1024, keep: 1 };
    const before = actingGovernor(root, { sessionId: 'hook', traceRotation: rotation });
    tracedWrite(before, 'one');
    const snapshot = before.persist();
    const other = actingGovernor(root, { sessionId: 'other', traceRotation: rotation });
    for (let index = 0; index < 30; index++) tracedWrite(other, `other${index}`);
    const after = createGovernor({ workspaceRoot: root, traceRotation: rotation, restore: snapshot });
    expect(tracedWrite(after, 'two').noted).toBe(true);
    // the number of the deleted file may be reused by a new one, which then reads as rewritten
    expect(['replaced', 'rewritten']).toContain(after.traceChanges[0]?.kind);
  });

  it.each([
    { name: 'truncated with : >', script: (trace: string) => `: > ${trace}`, kind: 'truncated' },
    {
      name: 'rewritten with sed -i',
      script: (trace: string) => `sed -i 's/"allow"/"deny!"/' ${trace}`,
      kind: 'replaced',
    },
    {
      name: 'rotated by hand and the old file truncated',
      script: (trace: string) => `mv ${trace} ${trace}.1 && : > ${trace}.1`,
      kind: 'truncated',
    },
  ])('reports the current file $name with rotation on', async ({ script, kind }) => {
    const root = makeWorkspace({ intentsYaml: SCOPE_SRC });
    const governor = actingGovernor(root);
    tracedWrite(governor, 'one');
    tracedWrite(governor, 'two');
    await bash(root, script(path.join('.orchestration', TRACE_FILE_NAME)));
    expect(tracedWrite(governor, 'three').noted).toBe(true);
    expect(governor.traceChanges.map((change) => change.kind)).toEqual([kind]);
    expect(readTrace(traceOf(root), { rotated: true }).notices.map((notice) => notice.change)).toEqual(
      governor.traceChanges,
    );
  });

  it("keeps the rotated files and the lock out of a command's reach when the trace lies in a scratch folder", () => {
    const root = makeWorkspace({ intentsYaml: SCOPE_SRC });
    const scratch = makeWorkspace({ orchestration: false });
    const trace = path.join(scratch, 'trace.jsonl');
    const governor = actingGovernor(root, { trace, shell: { scratchFolders: [scratch] } });
    governor.approveSession(['FS_OUTSIDE_WORKSPACE']);
    // the scratch folder's other files are the agent's to change
    expect(
      governor.isToolAllowed('execute_command', { command: `rm -f ${path.join(scratch, 'notes.txt')}` }).allowed,
    ).toBe(true);
    for (const target of [trace, `${trace}.1`, `${trace}.50`, `${trace}.lock`]) {
      expect(governor.isToolAllowed('execute_command', { command: `rm -f ${target}` }).allowed, target).toBe(false);
    }
  });
});
