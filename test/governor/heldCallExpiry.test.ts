import { describe, expect, it } from 'vitest';
import { createGovernor } from '../../src/governor/createGovernor';
import { makeWorkspace } from '../support/workspace';
import { clockedGovernor } from './clockedGovernor';

const MINUTE = 60_000;

/** A governor in ACTION under INT-001 whose clock the test moves, with a held write. */
function heldWrite(options: { readonly heldCallTtlMs?: number } = {}) {
  const clocked = clockedGovernor(options);
  const held = clocked.governor.handleToolCall('write_to_file', { path: 'src/auth/a.ts', content: 'x' });
  return { ...clocked, held };
}

describe('held calls expire', () => {
  it('refuses an answer to a call held longer than heldCallTtlMs, says so, and ends the hold', () => {
    const { governor, held, records, advance } = heldWrite({ heldCallTtlMs: 10 * MINUTE });
    expect(held.code).toBe('needs_approval');
    advance(10 * MINUTE + 1);
    const answer = governor.resolveApproval(held.approval?.id ?? '', 'continue');
    expect(answer).toMatchObject({ verdict: 'deny', code: 'approval_expired', tool: 'write_to_file' });
    expect(answer.reason).toContain('waited longer than a held call is kept');
    expect(governor.pendingApproval).toBeUndefined();
    expect(records.at(-1)).toMatchObject({
      verdict: 'deny',
      reasons: [expect.objectContaining({ code: 'approval_expired' }), expect.anything()],
    });
  });

  it('runs a call continued within its time', () => {
    const { governor, held, advance } = heldWrite({ heldCallTtlMs: 10 * MINUTE });
    advance(10 * MINUTE);
    expect(governor.resolveApproval(held.approval?.id ?? '', 'continue')).toMatchObject({
      verdict: 'allow',
      code: 'approved_once',
    });
  });

  it('waits 15 minutes by default', () => {
    const early = heldWrite();
    early.advance(15 * MINUTE);
    expect(early.governor.resolveApproval(early.held.approval?.id ?? '', 'continue').code).toBe('approved_once');
    const late = heldWrite();
    late.advance(15 * MINUTE + 1);
    expect(late.governor.resolveApproval(late.held.approval?.id ?? '', 'continue').code).toBe('approval_expired');
  });

  it('keeps the time a call was held across a persisted and restored governor', () => {
    const { governor, held, base, advance } = heldWrite({ heldCallTtlMs: 10 * MINUTE });
    advance(6 * MINUTE);
    const restored = createGovernor({ ...base, restore: JSON.parse(JSON.stringify(governor.persist())) });
    advance(6 * MINUTE);
    expect(restored.resolveApproval(held.approval?.id ?? '', 'continue').code).toBe('approval_expired');
  });

  it.each([0, -1, 1.5, 8 * 24 * 60 * MINUTE])('refuses heldCallTtlMs %s', (heldCallTtlMs) => {
    expect(() => createGovernor({ workspaceRoot: makeWorkspace(), heldCallTtlMs })).toThrow(/heldCallTtlMs/);
  });
});
