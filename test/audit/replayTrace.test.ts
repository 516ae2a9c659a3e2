import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGovernor } from '../../src/index';
import { readAuditTrace, type AuditRecord } from '../../src/audit/auditRecord';
import { replayTrace } from '../../src/audit/replayTrace';
import { loadPolicy } from '../../src/policy/loadPolicy';
import { recordingPlace, recordSession, writePolicy, type RecordingPlace } from './recordedSession';

// one recorded session serves every replay below; each replay builds its own governors
const place: RecordingPlace = recordingPlace();
const steps = recordSession(place);
const { records } = readAuditTrace(place.trace);

const replayUnder = (policyLines: readonly string[]) =>
  replayTrace(records, {
    governor: loadPolicy(writePolicy(place.root, `p${Math.random()}.policy.yaml`, policyLines)).governor,
  });

describe('replayTrace', () => {
  it('reproduces every original verdict under the same policy', () => {
    const report = replayTrace(records, { governor: loadPolicy(place.policy).governor });
    // every risky call of the session was traced, in order
    expect(records.map((record) => [record.tool, record.verdict])).toEqual(
      steps
        .filter((step) => step.decision.categories.length > 0)
        .map((step) => [step.decision.tool, step.decision.verdict]),
    );
    expect(report.entries.map((entry) => entry.status)).toEqual(records.map(() => 'same'));
    expect(report.entries.map((entry) => entry.after?.verdict)).toEqual(records.map((record) => record.verdict));
    expect(report.entries.map((entry) => entry.after?.code)).toEqual(records.map((record) => record.reasons[0]?.code));
    expect(report).toMatchObject({
      calls: records.length,
      same: records.length,
      changed: 0,
      notReplayable: 0,
      sameVerdictOtherCode: 0,
    });
  });

  it('lists the call a deny rule on curl would refuse', () => {
    const report = replayUnder([
      'shell:',
      '  rules:',
      '    - { prefix: curl, decision: deny, reason: no downloads, examples: [curl https://x.test] }',
    ]);
    const changed = report.entries.filter((entry) => entry.status === 'changed');
    expect(
      changed.map((entry) => ({ tool: entry.tool, args: entry.args, before: entry.before, after: entry.after?.code })),
    ).toEqual([
      {
        tool: 'execute_command',
        args: { command: 'curl -s https://example.com/data.json' },
        before: { verdict: 'allow', code: 'destructive_in_scope' },
        after: 'command_denied',
      },
    ]);
    expect(report.notReplayable).toBe(0);
  });

  it('lists every held, cancelled and expired call safe mode off would let run', () => {
    const report = replayUnder(['safeMode: false']);
    const changed = report.entries.filter((entry) => entry.status === 'changed');
    const expected = records.flatMap((record, index) =>
      record.verdict === 'ask' || ['approval_cancelled', 'approval_expired'].includes(record.reasons[0]?.code ?? '')
        ? [index + 1]
        : [],
    );
    expect(changed.map((entry) => entry.number)).toEqual(expected);
    expect(changed.every((entry) => entry.after?.verdict === 'allow')).toBe(true);
    // a refusal by the lifecycle, the scope or the fail-safe stands whatever safe mode says
    expect(
      report.entries
        .filter((entry) => entry.before.verdict === 'deny' && !expected.includes(entry.number))
        .every((entry) => entry.status === 'same'),
    ).toBe(true);
  });

  it('says so when the recorded intent no longer exists under the policy', () => {
    const report = replayUnder(['intents:', '  - { id: INT-2, owned_scope: ["src/**"] }']);
    const withIntent = report.entries.filter(
      (_entry, index) =>
        records[index]?.intent_id === 'INT-1' && records[index]?.reasons[0]?.code !== 'orchestration_missing',
    );
    expect(withIntent.length).toBeGreaterThan(5);
    expect(new Set(withIntent.map((entry) => `${entry.status}: ${entry.why}`))).toEqual(
      new Set(["not_replayable: the intent 'INT-1' no longer exists under the policy"]),
    );
  });
});

const base: AuditRecord = {
  time: '2026-11-25T10:00:00.000Z',
  session_id: 's',
  intent_id: 'INT-1',
  tool: 'execute_command',
  categories: ['EXEC_ARBITRARY'],
  verdict: 'ask',
  reasons: [{ code: 'needs_approval', message: 'm' }],
  state: 'ACTION',
  args: { command: 'make build' },
};

const unreplayable: { name: string; record: AuditRecord; why: string }[] = [
  {
    name: 'a line written before arguments were traced',
    record: { ...base, args: undefined },
    why: 'recorded without its arguments',
  },
  {
    name: 'a line without its state',
    record: { ...base, state: undefined },
    why: 'recorded without its lifecycle state',
  },
  {
    name: 'arguments redacted where the decision reads them',
    record: { ...base, redacted: ['content'], redaction_changes_decision: true },
    why: 'its arguments were redacted where the decision reads them',
  },
  {
    name: 'a call a grant allowed',
    record: {
      ...base,
      verdict: 'allow',
      reasons: [
        { code: 'destructive_in_scope', message: 'm' },
        { code: 'approved_by_grant', message: 'm', grant: 'grant-7' },
      ],
    },
    why: 'allowed by grant grant-7, which replay does not recreate',
  },
  {
    name: 'a call answered by a held control-file change',
    record: { ...base, reasons: [{ code: 'control_file_changed', message: 'm' }] },
    why: 'decided by a held change of the control files, which replay does not recreate',
  },
  {
    name: 'a call refused for a full queue',
    record: { ...base, verdict: 'deny', reasons: [{ code: 'held_calls_full', message: 'm' }] },
    why: 'decided by how many calls the session held, which replay does not recreate',
  },
];

describe('calls replay cannot put back as they were', () => {
  it.each(unreplayable)('$name', ({ record, why }) => {
    const report = replayTrace([record], { governor: loadPolicy(place.policy).governor });
    expect(report.entries).toEqual([
      expect.objectContaining({
        status: 'not_replayable',
        why,
        before: { verdict: record.verdict, code: record.reasons[0]?.code },
      }),
    ]);
  });

  it('marks a call whose redacted word a policy rule reads', () => {
    const rule = [
      'shell:',
      '  rules:',
      '    - { prefix: deploy --password __redacted__, decision: deny, examples: [deploy --password __redacted__] }',
    ];
    const record: AuditRecord = { ...base, args: { command: 'deploy --password __redacted__' }, redacted: ['command'] };
    const report = replayTrace([record], {
      governor: loadPolicy(writePolicy(place.root, 'reads-marker.policy.yaml', rule)).governor,
    });
    expect(report.entries[0]).toMatchObject({
      status: 'not_replayable',
      why: 'its redacted arguments are read by this policy',
    });
  });

  it('replays a redacted call whose redaction the policy does not read', () => {
    const record: AuditRecord = {
      ...base,
      args: { command: 'NPM_TOKEN=__redacted__ npm run build' },
      redacted: ['command'],
    };
    const report = replayTrace([record], { governor: loadPolicy(place.policy).governor });
    expect(report.entries[0]).toMatchObject({ status: 'same', after: { verdict: 'ask', code: 'needs_approval' } });
  });
});

describe('grants in a replay', () => {
  const withApproval = [
    'intents:',
    '  - { id: INT-1, owned_scope: ["src/**"], approvals: [{ categories: [FS_DELETE_OVERWRITE], paths: ["src/**"] }] }',
  ];

  it("replays a call an intent's own approval allowed, and lists it when the policy's intent lacks the approval", () => {
    const granted = recordingPlace(withApproval);
    mkdirSync(path.dirname(granted.trace), { recursive: true });
    const governor = createGovernor({ ...loadPolicy(granted.policy).governor, trace: granted.trace });
    governor.userPrompt('work');
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' });
    expect(governor.handleToolCall('write_to_file', { path: 'src/a.ts', content: 'a' })).toMatchObject({
      verdict: 'allow',
      code: 'destructive_in_scope',
    });
    const grant = governor.grant({ categories: ['EXEC_ARBITRARY'], commands: ['make build'] });
    expect(governor.handleToolCall('execute_command', { command: 'make build' })).toMatchObject({ verdict: 'allow' });
    governor.stop();
    const recorded = readAuditTrace(granted.trace).records;
    expect(recorded.map((record) => record.reasons.flatMap((item) => item.grant ?? []))).toEqual([
      ['INT-1#approvals[0]'],
      [grant.id],
    ]);

    const same = replayTrace(recorded, { governor: loadPolicy(granted.policy).governor });
    expect(same.entries.map((entry) => [entry.status, entry.why])).toEqual([
      ['same', undefined],
      ['not_replayable', `allowed by grant ${grant.id}, which replay does not recreate`],
    ]);
    const without = replayTrace(recorded, {
      governor: loadPolicy(
        writePolicy(granted.root, 'plain.policy.yaml', ['intents:', '  - { id: INT-1, owned_scope: ["src/**"] }']),
      ).governor,
    });
    expect(without.entries[0]).toMatchObject({
      status: 'changed',
      before: { verdict: 'allow' },
      after: { verdict: 'ask', code: 'needs_approval' },
    });
  });
});
