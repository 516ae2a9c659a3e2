import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReplayReport } from '../../src/audit/replayTrace';
import { recordingPlace, recordSession, writePolicy } from '../audit/recordedSession';
import { cli } from './cliHarness';

const place = recordingPlace();
recordSession(place);
const noCurl = writePolicy(place.root, 'no-curl.policy.yaml', [
  'shell:',
  '  rules:',
  '    - { prefix: curl, decision: deny, reason: no downloads, examples: [curl https://x.test] }',
]);

describe('intentgate replay', () => {
  it('reproduces every verdict under the policy the trace was recorded with', async () => {
    const run = await cli(['replay', place.trace, '--policy', place.policy, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as ReplayReport;
    expect(report.calls).toBeGreaterThan(10);
    expect(report).toMatchObject({ same: report.calls, changed: 0, notReplayable: 0 });
  });

  it('prints the calls whose verdict a tighter policy would change, with the old and new codes', async () => {
    const run = await cli(['replay', place.trace, '--policy', noCurl]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^replayed 16 of 16 recorded calls under .*no-curl\.policy\.yaml: 15 keep their verdict, 1 would change, 0 cannot be replayed\n/,
    );
    expect(run.stdout).toMatch(
      new RegExp(
        String.raw`verdicts that would change:\n  #11 \S+ recorded execute_command: curl -s https://example\.com/data\.json\n` +
          String.raw`      allow \(destructive_in_scope\) -> deny \(command_denied\)\n`,
      ),
    );
  });

  it('lists a call it cannot replay with why', async () => {
    const file = path.join(place.root, 'old.jsonl');
    writeFileSync(
      file,
      '{"time":"2026-01-01T00:00:00.000Z","session_id":"s","intent_id":null,"tool":"execute_command",' +
        '"categories":["EXEC_ARBITRARY"],"verdict":"ask","reasons":[{"code":"needs_approval","message":"m"}]}\n',
    );
    const run = await cli(['replay', file, '--policy', place.policy]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'not replayable:\n  #1 2026-01-01T00:00:00.000Z s execute_command: null\n      recorded without its arguments\n',
    );
  });

  const failures = [
    {
      name: 'no --policy exits 2',
      argv: () => ['replay', place.trace],
      code: 2,
      message: /required option '--policy <file>' not specified/,
    },
    {
      name: 'a policy that does not exist exits 1',
      argv: () => ['replay', place.trace, '--policy', '/no/such.policy.yaml'],
      code: 1,
      message: /no such file/,
    },
    {
      name: 'a trace that does not exist exits 1',
      argv: () => ['replay', '/no/such/trace.jsonl', '--policy', place.policy],
      code: 1,
      message: /cannot read the trace/,
    },
  ];

  it.each(failures)('$name', async ({ argv, code, message }) => {
    const run = await cli(argv());
    expect(run.code).toBe(code);
    expect(run.stderr).toMatch(message);
  });
});
