import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGovernor, type Governor } from '../../src/governor/createGovernor';
import { MAX_HELD_ARGUMENTS_BYTES, MAX_HELD_CALLS } from '../../src/governor/holdLimits';
import { clockedGovernor } from './clockedGovernor';

const MINUTE = 60_000;

const inAction = clockedGovernor;

/** A write in scope that safe mode holds (FS_DELETE_OVERWRITE), one file per `n`. */
const write = (governor: Governor, n: number) =>
  governor.handleToolCall('write_to_file', { path: `src/auth/f${n}.ts`, content: `${n}` });
const idOf = (decision: { readonly approval?: { readonly id: string } }): string => decision.approval?.id ?? '';
const heldIds = (governor: Governor): string[] => governor.heldCalls.map((held) => held.id);
const substate = (governor: Governor): unknown =>
  Object.values(governor.actor.getSnapshot().value.lifecycle as Record<string, string>)[0];

describe('held calls wait in a queue, each answered by its id', () => {
  it('keeps a second held call beside the first, oldest first', () => {
    const { governor } = inAction();
    const first = write(governor, 1);
    const second = write(governor, 2);
    expect([first.code, second.code]).toEqual(['needs_approval', 'needs_approval']);
    expect(idOf(first)).not.toBe(idOf(second));
    expect(heldIds(governor)).toEqual([idOf(first), idOf(second)]);
    expect(governor.pendingApproval?.approval?.id).toBe(idOf(first));
    expect(governor.heldCalls.map((held) => held.args)).toEqual([
      { path: 'src/auth/f1.ts', content: '1' },
      { path: 'src/auth/f2.ts', content: '2' },
    ]);
  });

  it('answers the first without touching the second, and returns to ready after the last answer', () => {
    const { governor } = inAction();
    const first = write(governor, 1);
    const second = write(governor, 2);
    expect(governor.resolveApproval(idOf(first), 'continue')).toMatchObject({
      verdict: 'allow',
      code: 'approved_once',
    });
    expect(heldIds(governor)).toEqual([idOf(second)]);
    expect(substate(governor)).toBe('awaitingApproval');
    expect(governor.resolveApproval(idOf(second), 'cancel')).toMatchObject({
      verdict: 'deny',
      code: 'approval_cancelled',
    });
    expect(heldIds(governor)).toEqual([]);
    expect(substate(governor)).toBe('ready');
  });

  it('answers them in any order', () => {
    const { governor } = inAction();
    const ids = [1, 2, 3].map((n) => idOf(write(governor, n)));
    expect(governor.resolveApproval(ids[1]!, 'continue').code).toBe('approved_once');
    expect(governor.resolveApproval(ids[2]!, 'continue').code).toBe('approved_once');
    expect(heldIds(governor)).toEqual([ids[0]]);
    expect(governor.resolveApproval(ids[0]!, 'continue').code).toBe('approved_once');
    expect(() => governor.resolveApproval(ids[0]!, 'continue')).toThrow(
      /nothing is waiting for approval 'approval-1'; none is waiting/,
    );
  });

  it('joins the hold of the same call asked again instead of queueing it twice', () => {
    const { governor } = inAction();
    const first = write(governor, 1);
    write(governor, 2);
    const again = write(governor, 1);
    expect(idOf(again)).toBe(idOf(first));
    expect(heldIds(governor)).toEqual(['approval-2', 'approval-1']);
  });

  it('names every waiting id when asked about one that does not wait', () => {
    const { governor } = inAction();
    write(governor, 1);
    write(governor, 2);
    expect(() => governor.resolveApproval('approval-9', 'continue')).toThrow("waiting: 'approval-1', 'approval-2'");
  });

  it('lets go of every held call whose categories the session approves, and keeps the others', () => {
    const { governor } = inAction();
    write(governor, 1);
    const secret = governor.handleToolCall('read_file', { path: 'private/key.pem' });
    write(governor, 2);
    governor.approveSession(['FS_DELETE_OVERWRITE']);
    expect(heldIds(governor)).toEqual([idOf(secret)]);
    expect(write(governor, 1).code).toBe('destructive_in_scope');
  });

  it('ends every held call on a new prompt and on a session change', () => {
    const { governor } = inAction();
    write(governor, 1);
    write(governor, 2);
    governor.userPrompt('something else');
    expect(heldIds(governor)).toEqual([]);
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
    write(governor, 3);
    governor.setSession('another');
    expect(heldIds(governor)).toEqual([]);
  });
});

describe('what a session may hold is bounded', () => {
  it(`refuses a call past ${MAX_HELD_CALLS} held ones, says why, and holds it once one is answered`, () => {
    const { governor } = inAction();
    const ids = Array.from({ length: MAX_HELD_CALLS }, (_, n) => idOf(write(governor, n)));
    const refused = write(governor, MAX_HELD_CALLS);
    expect(refused).toMatchObject({ verdict: 'deny', code: 'held_calls_full' });
    expect(refused.reason).toContain(`${MAX_HELD_CALLS} calls already wait for a human's answer`);
    expect(governor.isToolAllowed('write_to_file', { path: 'src/auth/x.ts', content: 'x' }).code).toBe(
      'held_calls_full',
    );
    expect(heldIds(governor)).toHaveLength(MAX_HELD_CALLS);
    governor.resolveApproval(ids[0]!, 'cancel');
    expect(write(governor, MAX_HELD_CALLS).code).toBe('needs_approval');
  });

  it('refuses to hold a call whose arguments are larger than a held call keeps, and names the way out', () => {
    const { governor } = inAction();
    const content = 'x'.repeat(MAX_HELD_ARGUMENTS_BYTES);
    const refused = governor.handleToolCall('write_to_file', { path: 'src/auth/big.ts', content });
    expect(refused).toMatchObject({ verdict: 'deny', code: 'held_call_too_large' });
    expect(refused.reason).toContain('approve FS_DELETE_OVERWRITE for the session');
    expect(governor.heldCalls).toEqual([]);
    governor.approveSession(['FS_DELETE_OVERWRITE']);
    expect(governor.handleToolCall('write_to_file', { path: 'src/auth/big.ts', content }).code).toBe(
      'destructive_in_scope',
    );
  });

  it('keeps a bounded record per held call: its decision stays small whatever the arguments', () => {
    const { governor } = inAction();
    const command = `echo ${'a'.repeat(60 * 1024)} > src/auth/out.txt`;
    const held = governor.handleToolCall('execute_command', { command });
    expect(held.code).toBe('needs_approval');
    const [kept] = governor.heldCalls;
    expect(JSON.stringify(kept?.args).length).toBeLessThanOrEqual(MAX_HELD_ARGUMENTS_BYTES);
    // the decision renders the command shortened: the arguments are kept once, not again in the decision
    expect(JSON.stringify(kept?.decision).length).toBeLessThan(16 * 1024);
  });

  it('lets a call held past its time leave the queue before the next call is decided, traced as expired', () => {
    const { governor, records, advance } = inAction({ heldCallTtlMs: 10 * MINUTE });
    const first = write(governor, 1);
    advance(10 * MINUTE + 1);
    const second = write(governor, 2);
    expect(heldIds(governor)).toEqual([idOf(second)]);
    expect(
      records.some((record) => record.reasons[0]?.code === 'approval_expired' && record.tool === 'write_to_file'),
    ).toBe(true);
    expect(() => governor.resolveApproval(idOf(first), 'continue')).toThrow(/nothing is waiting/);
  });
});

describe('a queue survives persist and restore', () => {
  it('restores every held call in order, each answerable by its id', () => {
    const { governor, base } = inAction();
    const ids = [1, 2, 3].map((n) => idOf(write(governor, n)));
    const snapshot = JSON.parse(JSON.stringify(governor.persist())) as unknown;
    const restored = createGovernor({ ...base, restore: snapshot });
    expect(heldIds(restored)).toEqual(ids);
    expect(restored.resolveApproval(ids[1]!, 'continue').code).toBe('approved_once');
    expect(heldIds(restored)).toEqual([ids[0], ids[2]]);
    expect(idOf(write(restored, 4))).toBe('approval-4');
  });

  it('reads a snapshot of the layout with one held call (version 1)', () => {
    const { governor, base } = inAction();
    const id = idOf(write(governor, 1));
    const current = JSON.parse(JSON.stringify(governor.persist())) as {
      version: number;
      lifecycle: Record<string, unknown>;
    };
    const { heldCalls, ...lifecycle } = current.lifecycle as { heldCalls: Record<string, unknown>[] };
    const versionOne = {
      ...current,
      version: 1,
      lifecycle: { ...lifecycle, pending: { kind: 'call', ...heldCalls[0] } },
    };
    const restored = createGovernor({ ...base, restore: versionOne });
    expect(heldIds(restored)).toEqual([id]);
    expect(restored.resolveApproval(id, 'continue').code).toBe('approved_once');
  });

  it('refuses a snapshot that holds two calls under one id', () => {
    const { governor, base } = inAction();
    write(governor, 1);
    write(governor, 2);
    const snapshot = JSON.parse(JSON.stringify(governor.persist())) as { lifecycle: { heldCalls: { id: string }[] } };
    snapshot.lifecycle.heldCalls[1]!.id = snapshot.lifecycle.heldCalls[0]!.id;
    expect(() => createGovernor({ ...base, restore: snapshot })).toThrow(/every hold has its own approval id/);
  });
});

/** One step a person or an agent takes on a session's held calls. */
type Step =
  | { readonly kind: 'hold'; readonly file: number }
  | { readonly kind: 'answer'; readonly pick: number; readonly answer: 'continue' | 'cancel' };

const steps = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('hold' as const), file: fc.integer({ min: 0, max: 5 }) }),
    fc.record({
      kind: fc.constant('answer' as const),
      pick: fc.nat(),
      answer: fc.constantFrom('continue' as const, 'cancel' as const),
    }),
  ),
  { maxLength: 30 },
);

describe('the queue, against a list kept by hand', () => {
  it('holds, joins and answers as a plain list of (id, file) would', () => {
    fc.assert(
      fc.property(steps, (sequence: readonly Step[]) => {
        const { governor } = inAction();
        let model: { id: string; file: number }[] = [];
        let taken = 0;
        for (const step of sequence) {
          if (step.kind === 'hold') {
            const decision = write(governor, step.file);
            const same = model.find((held) => held.file === step.file);
            const id = same?.id ?? `approval-${(taken += 1)}`;
            expect(decision.code).toBe('needs_approval');
            expect(idOf(decision)).toBe(id);
            model = [...model.filter((held) => held.id !== id), { id, file: step.file }];
          } else if (model.length > 0) {
            const answered = model[step.pick % model.length]!;
            const decision = governor.resolveApproval(answered.id, step.answer);
            expect(decision.code).toBe(step.answer === 'continue' ? 'approved_once' : 'approval_cancelled');
            model = model.filter((held) => held.id !== answered.id);
          }
          expect(heldIds(governor)).toEqual(model.map((held) => held.id));
          expect(substate(governor)).toBe(model.length > 0 ? 'awaitingApproval' : 'ready');
        }
        governor.stop();
      }),
      { numRuns: 60 },
    );
  });
});
