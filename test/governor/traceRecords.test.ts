import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGovernor, InvalidArgumentError, type Governor, type TraceRecord } from '../../src/index';
import { makeWorkspace } from '../support/workspace';

const INTENTS = "active_intents:\n  - id: INT-1\n    name: Sources\n    owned_scope: ['src/**']\n";

interface Traced {
  readonly root: string;
  readonly governor: Governor;
  readonly trace: TraceRecord[];
}

/** A governor in ACTION under INT-1 (src/**), its records collected. */
function traced(): Traced {
  const root = makeWorkspace({ intentsYaml: INTENTS });
  mkdirSync(path.join(root, 'src'));
  const trace: TraceRecord[] = [];
  const governor = createGovernor({ workspaceRoot: root, sessionId: 's1', trace: (record) => void trace.push(record) });
  governor.userPrompt('work');
  governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' });
  return { root, governor, trace };
}

/** The fields a record adds to the decision, and its deciding code. */
const facts = (record: TraceRecord | undefined) => ({
  code: record?.reasons[0]?.code,
  state: record?.state,
  approved_categories: record?.approved_categories,
  approval_id: record?.approval_id,
  answer: record?.answer,
  approver: record?.approver,
});

describe('what a trace record keeps of its call', () => {
  it('keeps the arguments redacted, the state, safe mode and the approved categories', () => {
    const { governor, trace } = traced();
    governor.approveSession(['NETWORK_RISK']);
    governor.handleToolCall('execute_command', {
      command: "curl -H 'Authorization: Bearer t0ps3cret' https://api.test/x",
      cwd: 'src',
    });
    expect(trace).toHaveLength(1);
    expect(trace[0]).toMatchObject({
      tool: 'execute_command',
      verdict: 'ask',
      state: 'ACTION',
      safe_mode: true,
      approved_categories: ['NETWORK_RISK'],
      args: { command: "curl -H 'Authorization: Bearer __redacted__' https://api.test/x", cwd: 'src' },
      redacted: ['command'],
      approval_id: 'approval-1',
    });
    expect(JSON.stringify(trace)).not.toContain('t0ps3cret');
    expect(trace[0]?.redaction_changes_decision).toBeUndefined();
  });

  it('names the answer and the approver on each decision an answer makes', () => {
    const { governor, trace } = traced();
    const first = governor.handleToolCall('write_to_file', { path: 'src/a.ts', content: 'a' });
    governor.resolveApproval(first.approval?.id ?? '', 'continue', { approver: 'alice' });
    const second = governor.handleToolCall('write_to_file', { path: 'src/b.ts', content: 'b' });
    governor.resolveApproval(second.approval?.id ?? '', 'cancel', { approver: 'bob' });
    const third = governor.handleToolCall('write_to_file', { path: 'src/c.ts', content: 'c' });
    governor.resolveApproval(
      third.approval?.id ?? '',
      { edit: { path: 'src/d.ts', content: 'd' } },
      { approver: 'carol' },
    );
    const fourth = governor.handleToolCall('write_to_file', { path: 'src/e.ts', content: 'e' });
    governor.resolveApproval(fourth.approval?.id ?? '', 'continue');
    expect(trace.map(facts)).toEqual([
      {
        code: 'needs_approval',
        state: 'ACTION',
        approved_categories: [],
        approval_id: 'approval-1',
        answer: undefined,
        approver: undefined,
      },
      {
        code: 'approved_once',
        state: 'ACTION',
        approved_categories: [],
        approval_id: 'approval-1',
        answer: 'continue',
        approver: 'alice',
      },
      {
        code: 'needs_approval',
        state: 'ACTION',
        approved_categories: [],
        approval_id: 'approval-2',
        answer: undefined,
        approver: undefined,
      },
      {
        code: 'approval_cancelled',
        state: 'ACTION',
        approved_categories: [],
        approval_id: 'approval-2',
        answer: 'cancel',
        approver: 'bob',
      },
      {
        code: 'needs_approval',
        state: 'ACTION',
        approved_categories: [],
        approval_id: 'approval-3',
        answer: undefined,
        approver: undefined,
      },
      // the edited call is decided again and held again, under a new id
      {
        code: 'needs_approval',
        state: 'ACTION',
        approved_categories: [],
        approval_id: 'approval-4',
        answer: 'edit',
        approver: 'carol',
      },
      {
        code: 'needs_approval',
        state: 'ACTION',
        approved_categories: [],
        approval_id: 'approval-5',
        answer: undefined,
        approver: undefined,
      },
      {
        code: 'approved_once',
        state: 'ACTION',
        approved_categories: [],
        approval_id: 'approval-5',
        answer: 'continue',
        approver: undefined,
      },
    ]);
    expect(trace[5]?.args).toEqual({ path: 'src/d.ts', content: 'd' });
  });

  it('names who approved the categories for the session on the calls they let run, for that session only', () => {
    const { governor, trace } = traced();
    governor.approveSession(['EXEC_ARBITRARY'], { approver: 'alice' });
    governor.approveSession(['NETWORK_RISK'], { approver: 'bob' });
    governor.handleToolCall('execute_command', { command: 'curl -s https://example.com' });
    governor.handleToolCall('execute_command', { command: 'make build' });
    governor.approveSession(['EXEC_ARBITRARY']);
    governor.handleToolCall('execute_command', { command: 'make test' });
    governor.setSession('s2');
    governor.approveSession(['EXEC_ARBITRARY']);
    governor.handleToolCall('execute_command', { command: 'make lint' });
    expect(trace.map((record) => [record.verdict, record.approver])).toEqual([
      // in the order of the call's categories: NETWORK_RISK, then EXEC_ARBITRARY
      ['allow', 'bob, alice'],
      ['allow', 'alice'],
      // an approval that names no one forgets the name the category had
      ['allow', undefined],
      ['allow', undefined],
    ]);
  });

  it('calls an answer to a held control-file change accept or reject', () => {
    const { root, governor, trace } = traced();
    governor.approveSession(['EXEC_ARBITRARY']);
    expect(governor.handleToolCall('execute_command', { command: 'make build' }).code).toBe('destructive_in_scope');
    writeFileSync(path.join(root, '.orchestration', 'active_intents.yaml'), INTENTS.replace("'src/**'", "'**'"));
    governor.userPrompt('next');
    const held = governor.pendingApproval;
    expect(held?.code).toBe('control_file_changed');
    governor.resolveApproval(held?.approval?.id ?? '', 'continue', { approver: 'dana' });
    expect(trace.at(-1)).toMatchObject({
      reasons: [{ code: 'control_file_accepted' }],
      answer: 'accept',
      approver: 'dana',
      approval_id: held?.approval?.id,
    });
  });

  it('marks a record whose redacted arguments the decision reads', () => {
    const { governor, trace } = traced();
    // arguments too large to hold are refused; cut for the trace, they would be held instead
    const decision = governor.handleToolCall('write_to_file', { path: 'src/big.ts', content: 'x'.repeat(70 * 1024) });
    expect(decision.code).toBe('held_call_too_large');
    expect(trace[0]).toMatchObject({ redacted: ['content'], redaction_changes_decision: true });
  });

  it('does not decide a redacted command line past 4 KiB again, and marks it instead', () => {
    const { governor, trace } = traced();
    governor.handleToolCall('execute_command', { command: `DEPLOY_TOKEN=abc123 make deploy ${'x'.repeat(5000)}` });
    expect(trace[0]).toMatchObject({ redacted: ['command'], redaction_changes_decision: true });
  });
});

describe('the approver of an answer', () => {
  const bad = [
    { name: 'an empty name', by: { approver: '' } },
    { name: 'a name too long', by: { approver: 'a'.repeat(129) } },
    { name: 'a control character', by: { approver: 'al\u0007ice' } },
    { name: 'a number', by: { approver: 42 } },
    { name: 'a bare string', by: 'alice' },
  ];

  it.each(bad)('refuses $name and approves nothing', ({ by }) => {
    const { governor } = traced();
    const held = governor.handleToolCall('write_to_file', { path: 'src/a.ts', content: 'a' });
    expect(() => governor.approveSession(['FS_DELETE_OVERWRITE'], by as never)).toThrow(InvalidArgumentError);
    expect(governor.approvedCategories).toEqual([]);
    expect(() => governor.resolveApproval(held.approval?.id ?? '', 'continue', by as never)).toThrow(
      /the approver must be|the last argument must be/,
    );
    expect(governor.waitingApprovalIds).toEqual([held.approval?.id]);
  });
});
