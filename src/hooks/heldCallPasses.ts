import type { Governor } from '../governor/governorApi';
import { MAX_HELD_CALL_PASSES, type HeldCallPass, type SessionNotes } from '../sessions/governorSessions';
import { callDigest } from './callDigest';

/** A call a governor holds for a human: its approval id, tool and arguments. */
export interface HeldCall {
  readonly approvalId: string;
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
}

/** The calls a governor holds, oldest first. */
export function heldCallsOf(governor: Governor): HeldCall[] {
  return governor.heldCalls.map((held) => ({ approvalId: held.id, tool: held.decision.tool, args: held.args }));
}

/** The held call answered by `approvalId`, if one is. */
export function heldCallById(governor: Governor, approvalId: string): HeldCall | undefined {
  return heldCallsOf(governor).find((held) => held.approvalId === approvalId);
}

/** The oldest held call that is this very call (`tool` with these `args`), if one is. */
export function heldCallMatching(governor: Governor, tool: string, args: unknown): HeldCall | undefined {
  const digest = callDigest(tool, args);
  return heldCallsOf(governor).find((held) => held.tool === tool && callDigest(held.tool, held.args) === digest);
}

/** Records that a human continued the held call outside the agent: its next identical call runs once. */
export function addPass(notes: SessionNotes, held: HeldCall, approver?: string): HeldCallPass {
  const pass: HeldCallPass = {
    approvalId: held.approvalId,
    tool: held.tool,
    argsDigest: callDigest(held.tool, held.args),
    ...(approver !== undefined && { approver }),
  };
  notes.passes = [...notes.passes.filter((kept) => kept.argsDigest !== pass.argsDigest), pass].slice(
    -MAX_HELD_CALL_PASSES,
  );
  return pass;
}

/** Records that a human cancelled the held call outside the agent: its identical retry is refused for `heldCallTtlMs`. */
export function addCancel(notes: SessionNotes, held: HeldCall, at: number): HeldCallPass {
  const cancel: HeldCallPass = {
    approvalId: held.approvalId,
    tool: held.tool,
    argsDigest: callDigest(held.tool, held.args),
    cancelledAt: at,
  };
  notes.passes = [...notes.passes.filter((kept) => kept.argsDigest !== cancel.argsDigest), cancel].slice(
    -MAX_HELD_CALL_PASSES,
  );
  return cancel;
}

/**
 * The human's Cancel of this very call, if one was given less than `ttlMs` ago: the retry is
 * refused. One older than that is forgotten, so the call can be asked about again.
 */
export function cancelOf(
  notes: SessionNotes,
  call: { readonly tool: string; readonly args: unknown },
  clock: { readonly now: number; readonly ttlMs: number },
): HeldCallPass | undefined {
  notes.passes = notes.passes.filter(
    (kept) => kept.cancelledAt === undefined || clock.now - kept.cancelledAt < clock.ttlMs,
  );
  const digest = callDigest(call.tool, call.args);
  return notes.passes.find(
    (kept) => kept.cancelledAt !== undefined && kept.tool === call.tool && kept.argsDigest === digest,
  );
}

/** Takes the pass of this very call, if a human gave one: it is used up. A Cancel is no pass. */
export function takePass(notes: SessionNotes, tool: string, args: unknown): HeldCallPass | undefined {
  const digest = callDigest(tool, args);
  const pass = notes.passes.find(
    (kept) => kept.cancelledAt === undefined && kept.tool === tool && kept.argsDigest === digest,
  );
  if (pass) notes.passes = notes.passes.filter((kept) => kept !== pass);
  return pass;
}
