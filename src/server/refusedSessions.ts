import type { Governor } from '../governor/governorApi';

// a session whose kept record cannot be trusted has no governor to show: a listing shows a fresh
// stand-in for it, marked here with why, so the console marks the session instead of hiding it
const refused = new WeakMap<Governor, string>();

/** Marks `standIn` as the place of a session the store refuses, saying why. */
export function markRefused(standIn: Governor, why: string): Governor {
  refused.set(standIn, why);
  return standIn;
}

/** Why the session this governor stands in for is refused; undefined for a session's own governor. */
export const refusedWhy = (governor: Governor): string | undefined => refused.get(governor);
