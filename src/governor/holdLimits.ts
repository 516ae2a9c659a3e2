import type { HeldCall } from '../../machines/lifecycle';

/** How many calls one session may hold for a human at once; one more is refused (`held_calls_full`). */
export const MAX_HELD_CALLS = 16;

/** The largest arguments (as JSON) a held call keeps to be decided again; a larger call is refused (`held_call_too_large`). */
export const MAX_HELD_ARGUMENTS_BYTES = 64 * 1024;

/** A held call's arguments as the JSON it keeps, or why they cannot be kept (not JSON, or too large). */
export function heldArgumentsJson(args: unknown): { readonly json: string } | { readonly problem: string } {
  let json: string | undefined;
  try {
    json = JSON.stringify(args);
  } catch (error) {
    return { problem: `not JSON data (${error instanceof Error ? error.message : String(error)})` };
  }
  if (json === undefined) return { problem: 'not JSON data' };
  // a UTF-16 code unit is at most three bytes of UTF-8: a short text needs no count
  const bytes = json.length * 3 <= MAX_HELD_ARGUMENTS_BYTES ? json.length : Buffer.byteLength(json);
  return bytes > MAX_HELD_ARGUMENTS_BYTES
    ? {
        problem: `${Math.ceil(bytes / 1024)} KiB as JSON, more than the ${MAX_HELD_ARGUMENTS_BYTES / 1024} KiB a held call keeps`,
      }
    : { json };
}

/**
 * The most bytes the JSON of flat arguments (strings, numbers, booleans, null) can take, or
 * undefined for anything else: a string's UTF-8 is at most three bytes per UTF-16 unit and its
 * escapes at most six characters per unit, and a number or a literal at most 24.
 */
function flatJsonBound(args: unknown): number | undefined {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return undefined;
  const prototype: unknown = Object.getPrototypeOf(args);
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  let bound = 2;
  for (const key in args) {
    if (!Object.hasOwn(args, key)) continue;
    const value: unknown = (args as Readonly<Record<string, unknown>>)[key];
    const size =
      typeof value === 'string'
        ? value.length
        : typeof value === 'number' || typeof value === 'boolean' || value === null
          ? 4
          : undefined;
    if (size === undefined) return undefined;
    bound += 6 * (key.length + size) + 24;
  }
  return bound;
}

/** Why a held call's arguments cannot be kept as JSON, if they cannot. */
export function heldArgumentsProblem(args: unknown): string | undefined {
  // flat arguments well inside the limit need no JSON built to say so
  let bound: number | undefined;
  try {
    bound = flatJsonBound(args);
  } catch {
    // a getter or proxy that throws: JSON.stringify below says what is wrong
    bound = undefined;
  }
  if (bound !== undefined && bound <= MAX_HELD_ARGUMENTS_BYTES) return undefined;
  const kept = heldArgumentsJson(args);
  return 'problem' in kept ? kept.problem : undefined;
}

/** Why a call the statechart would hold cannot be held, as a refusal's code and problem; undefined when it can. */
export function holdProblem(
  held: readonly HeldCall[],
  approvalId: string,
  args: unknown,
): { readonly code: 'held_calls_full' | 'held_call_too_large'; readonly problem: string } | undefined {
  // a call decided again under its own id takes its own place in the queue
  let others = 0;
  for (const call of held) if (call.id !== approvalId) others += 1;
  if (others >= MAX_HELD_CALLS)
    return { code: 'held_calls_full', problem: `${others} calls already wait for a human's answer` };
  const problem = heldArgumentsProblem(args);
  return problem === undefined ? undefined : { code: 'held_call_too_large', problem: `its arguments are ${problem}` };
}
