import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AuditSummary } from '../../src/audit/auditSummary';
import { recordingPlace, recordSession } from '../audit/recordedSession';
import { cli } from './cliHarness';

const place = recordingPlace();
recordSession(place);
const lines = readFileSync(place.trace, 'utf8').trim().split('\n');

/** The session's trace split into a rotated file and the current one, with a torn line, a bad record and a notice. */
function rotatedTrace(): string {
  const folder = path.join(place.root, `rotated-${Math.random()}`);
  mkdirSync(folder);
  const file = path.join(folder, 'agent_trace.jsonl');
  const notice = {
    time: '2026-11-25T12:00:00.000Z',
    session_id: 'recorded',
    notice: 'trace_changed',
    change: {
      kind: 'truncated',
      vouchedBytes: 10,
      foundBytes: 0,
      message: 'The trace file was truncated outside intentgate.',
    },
  };
  writeFileSync(`${file}.1`, `${lines.slice(0, 5).join('\n')}\n{"time":"2026`);
  writeFileSync(
    file,
    [
      JSON.stringify(notice),
      ...lines.slice(5),
      JSON.stringify({ ...JSON.parse(lines[0] ?? '{}'), verdict: 'maybe' }),
    ].join('\n'),
  );
  return file;
}

describe('intentgate audit', () => {
  it('summarises the trace with its rotated file as JSON', async () => {
    const run = await cli(['audit', rotatedTrace(), '--json']);
    expect(run.code, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as AuditSummary;
    expect(summary).toMatchObject({
      records: lines.length,
      sessions: 1,
      verdicts: { allow: 2, ask: 8, deny: 6 },
      skipped: 1,
      invalid: 1,
      grants: [],
      safeModeOff: 0,
      redacted: 2,
    });
    expect(summary.files.map((file) => path.basename(file))).toEqual(['agent_trace.jsonl.1', 'agent_trace.jsonl']);
    expect(summary.codes[0]).toEqual({ verdict: 'ask', code: 'needs_approval', calls: 8 });
    expect(summary.answers.map((entry) => [entry.approval_id, entry.answer, entry.approver, entry.code])).toEqual([
      ['approval-2', 'continue', 'alice', 'approved_once'],
      ['approval-3', 'cancel', 'bob', 'approval_cancelled'],
      ['approval-4', 'continue', 'alice', 'approval_expired'],
      ['approval-6', 'edit', 'carol', 'needs_approval'],
    ]);
    expect(summary.sessionApprovals).toEqual([
      expect.objectContaining({
        session_id: 'recorded',
        approver: 'bob',
        categories: ['NETWORK_RISK', 'EXEC_ARBITRARY'],
        calls: 1,
      }),
    ]);
    expect(summary.traceChanges).toEqual([
      {
        time: '2026-11-25T12:00:00.000Z',
        session_id: 'recorded',
        kind: 'truncated',
        message: 'The trace file was truncated outside intentgate.',
      },
    ]);
  });

  it('prints who approved what and when as text', async () => {
    const run = await cli(['audit', place.trace]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`trace: ${lines.length} records in 1 file (agent_trace.jsonl), 1 session`);
    expect(run.stdout).toMatch(/approval-2 +write_to_file +continue +by alice +-> allow \(approved_once\)/);
    expect(run.stdout).toMatch(/recorded +by bob +NETWORK_RISK, EXEC_ARBITRARY +1 call/);
    expect(run.stdout).toContain('grants used: none');
  });

  it('counts the grants that covered calls', async () => {
    const file = path.join(place.root, 'granted.jsonl');
    const granted = (grant: string) =>
      JSON.stringify({
        ...JSON.parse(lines[10] ?? '{}'),
        reasons: [
          { code: 'destructive_in_scope', message: 'm' },
          { code: 'approved_by_grant', message: 'g', grant },
        ],
      });
    writeFileSync(file, [granted('grant-1'), granted('grant-2'), granted('grant-1')].join('\n'));
    const summary = JSON.parse((await cli(['audit', file, '--json'])).stdout) as AuditSummary;
    expect(summary.grants.map((use) => [use.grant, use.calls])).toEqual([
      ['grant-1', 2],
      ['grant-2', 1],
    ]);
  });

  it('keeps control characters a trace holds out of the terminal', async () => {
    const file = path.join(place.root, 'escape.jsonl');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(lines[3] ?? '{}'), approver: 'mallory\u001b[2J' }));
    const run = await cli(['audit', file]);
    expect(run.stdout).toContain('by mallory [2J');
    expect(run.stdout).not.toContain('\u001b');
  });

  const failures = [
    {
      name: 'a trace that does not exist exits 1',
      argv: ['audit', '/no/such/trace.jsonl'],
      code: 1,
      message: /cannot read the trace \/no\/such\/trace\.jsonl: neither the file nor rotated files/,
    },
    {
      name: 'a folder for a trace exits 1',
      argv: ['audit', '/'],
      code: 1,
      message: /cannot read the trace \/: .*not a regular file/,
    },
    { name: 'no trace named exits 2', argv: ['audit'], code: 2, message: /missing required argument 'trace'/ },
    {
      name: 'an unknown flag exits 2',
      argv: ['audit', 'x.jsonl', '--yaml'],
      code: 2,
      message: /unknown option '--yaml'/,
    },
  ];

  it.each(failures)('$name', async ({ argv, code, message }) => {
    const run = await cli(argv);
    expect(run.code).toBe(code);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe('');
  });
});
