import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGovernor, readTrace, TRACE_FILE_NAME, type Governor } from '../../src/index';
import { makeWorkspace } from '../support/workspace';

// The attacker's setting: ACTION under an intent that owns src/**, EXEC_ARBITRARY and
// FS_DELETE_OVERWRITE approved. A command the analysis did not resolve changes the trace;
// here bash really does it between two calls, and the governor must say so on its next append.

const SCOPE_SRC = 'active_intents:\n  - id: INT-1\n    owned_scope: [src/**]\n';
const TRACE = path.join('.orchestration', TRACE_FILE_NAME);

function attackerSetting(): { readonly root: string; readonly governor: Governor } {
  const root = makeWorkspace({ intentsYaml: SCOPE_SRC });
  const governor = createGovernor({ workspaceRoot: root });
  governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
  governor.userPrompt('work on src');
  expect(governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' }).code).toBe('intent_selected');
  return { root, governor };
}

const bash = (root: string, script: string): void => {
  const run = spawnSync('bash', ['-c', script], { cwd: root, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
};

const TAMPERINGS = [
  { name: 'truncated with : >', script: `: > ${TRACE}`, kind: 'truncated' },
  { name: 'rewritten with sed -i', script: `sed -i 's/"allow"/"deny!"/' ${TRACE}`, kind: 'replaced' },
  {
    name: 'one byte changed in place (dd conv=notrunc)',
    script: `printf X | dd of=${TRACE} bs=1 seek=20 conv=notrunc status=none`,
    kind: 'rewritten',
  },
  { name: 'cut to its first line', script: `head -n 1 ${TRACE} > t && cat t > ${TRACE} && rm t`, kind: 'truncated' },
  { name: 'removed', script: `rm ${TRACE}`, kind: undefined },
] as const;

describe('a governor finds a trace changed outside it', () => {
  it.each(TAMPERINGS)(
    '$name: a note on the next decision, a notice in the file, and the record kept',
    ({ script, kind }) => {
      const { root, governor } = attackerSetting();
      expect(governor.handleToolCall('execute_command', { command: 'echo one > src/a.txt' }).allowed).toBe(true);
      expect(governor.handleToolCall('execute_command', { command: 'echo two > src/b.txt' }).allowed).toBe(true);
      bash(root, script);
      const next = governor.handleToolCall('execute_command', { command: 'echo three > src/c.txt' });
      expect(next.allowed).toBe(true);
      const note = next.reasons.find((item) => item.code === 'trace_changed');
      expect(note?.message).toMatch(/outside intentgate/);
      expect(governor.traceChanges).toHaveLength(1);
      if (kind !== undefined) expect(governor.traceChanges[0]?.kind).toBe(kind);
      const trace = readTrace(path.join(root, TRACE));
      expect(trace.notices.map((notice) => notice.change)).toEqual(governor.traceChanges);
      expect(trace.records.at(-1)?.reasons.map((item) => item.code)).toContain('destructive_in_scope');
      expect(readFileSync(path.join(root, TRACE), 'utf8')).toContain('src/c.txt');
      // one report per change
      expect(
        governor
          .handleToolCall('execute_command', { command: 'echo four > src/d.txt' })
          .reasons.some((item) => item.code === 'trace_changed'),
      ).toBe(false);
      expect(governor.traceChanges).toHaveLength(1);
    },
  );

  it('notices nothing while only the governor and other writers append', () => {
    const { root, governor } = attackerSetting();
    governor.handleToolCall('execute_command', { command: 'echo one > src/a.txt' });
    bash(root, `echo '{"foreign":1}' >> ${TRACE}`);
    expect(
      governor
        .handleToolCall('execute_command', { command: 'echo two > src/b.txt' })
        .reasons.some((item) => item.code === 'trace_changed'),
    ).toBe(false);
    expect(governor.traceChanges).toEqual([]);
  });
});
