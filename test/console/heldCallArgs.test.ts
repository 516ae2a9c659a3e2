import { describe, expect, it } from 'vitest';
import { createHeldCallArgs } from '../../src/console/heldCallArgs';

const held = (sessionId: string, approvalId: string, args: Record<string, unknown> = { command: approvalId }) =>
  ({ type: 'call.held', sessionId, approvalId, tool: 'execute_command', args }) as const;

describe("held calls' arguments", () => {
  it('keeps what a call was held with until it is answered', () => {
    const memory = createHeldCallArgs();
    memory.record(held('s1', 'approval-1'));
    expect(memory.argsOf('s1', 'approval-1')).toEqual({ command: 'approval-1' });
    expect(memory.argsOf('s2', 'approval-1')).toBeUndefined();
    memory.record({ type: 'call.answered', sessionId: 's1', approvalId: 'approval-1' });
    expect(memory.argsOf('s1', 'approval-1')).toBeUndefined();
  });

  it.each([
    { name: 'reset', event: { type: 'session.reset', sessionId: 's1' } as const },
    { name: 'started again', event: { type: 'session.started', sessionId: 's1' } as const },
  ])('forgets a session that is $name', ({ event }) => {
    const memory = createHeldCallArgs();
    memory.record(held('s1', 'approval-1'));
    memory.record(event);
    expect(memory.argsOf('s1', 'approval-1')).toBeUndefined();
  });

  it('is bounded per session, in sessions and in size', () => {
    const memory = createHeldCallArgs({ perSession: 2, sessions: 2, maxJsonLength: 40 });
    for (const id of ['a1', 'a2', 'a3']) memory.record(held('s1', id));
    expect(['a1', 'a2', 'a3'].map((id) => memory.argsOf('s1', id) !== undefined)).toEqual([false, true, true]);
    memory.record(held('s2', 'b1'));
    memory.record(held('s3', 'c1'));
    expect(memory.argsOf('s1', 'a3')).toBeUndefined();
    memory.record(held('s3', 'big', { command: 'x'.repeat(100) }));
    expect(memory.argsOf('s3', 'big')).toBeUndefined();
  });

  it('does not keep arguments JSON cannot write', () => {
    const memory = createHeldCallArgs();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    memory.record(held('s1', 'approval-1', cyclic));
    memory.record(held('s1', 'approval-2', { n: 10n }));
    expect([memory.argsOf('s1', 'approval-1'), memory.argsOf('s1', 'approval-2')]).toEqual([undefined, undefined]);
  });
});
