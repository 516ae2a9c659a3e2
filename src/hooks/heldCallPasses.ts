import type { Governor } from '../governor/governorApi';
import { MAX_HELD_CALL_PASSES, type HeldCallPass, type SessionNotes } from '../sessions/governorSessions';
import { callDigest } from './callDigest';

/** The call a governor holds for a human, as its snapshot keeps it. */
export interface HeldCall {
  readonly approvalId: string;
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
}

/** The held call of a governor, with its arguments; undefined when none is held (or a control-file change is). */
export function heldCallOf(governor: Governor): HeldCall | undefined {
  const pending = governor.persist().lifecycle.pending;
  if (pending?.kind !== 'call' || pending.details === undefined) return undefined;
  return { approvalId: pending.id, tool: pending.tool, args: pending.details.args };
}

/** True when `tool` and `args` are the very call that is held. */
export function isHeldCall(held: HeldCall, tool: string, args: unknown): boolean {
  return held.tool === tool && callDigest(held.tool, held.args) === callDigest(tool, args);
}

/** Records that a human continued the held call outside the agent: its next identical call runs once. */
export function addPass(notes: SessionNotes, held: HeldCall): HeldCallPass {
  const pass: HeldCallPass = { approvalId: held.approvalId, tool: held.tool, argsDigest: callDigest(held.tool, held.args) };
  notes.passes = [...notes.passes.filter((kept) => kept.argsDigest !== pass.argsDigest), pass].slice(-MAX_HELD_CALL_PASSES);
  return pass;
}

/** Takes the pass of this very call, if a human gave one: it is used up. */
export function takePass(notes: SessionNotes, tool: string, args: unknown): HeldCallPass | undefined {
  const digest = callDigest(tool, args);
  const pass = notes.passes.find((kept) => kept.tool === tool && kept.argsDigest === digest);
  if (pass) notes.passes = notes.passes.filter((kept) => kept !== pass);
  return pass;
}
