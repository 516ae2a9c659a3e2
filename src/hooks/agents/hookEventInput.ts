import path from 'node:path';
import { z } from 'zod';
import { MAX_SESSION_ID_LENGTH } from '../../governor/governorOptions';
import { formatIssues } from '../../intents/intent';
import { pathBelow } from '../../paths/pathBelow';
import { describeValue } from '../../text/describeValue';
import { MAX_TOOL_NAME_LENGTH } from '../../tools/toolRequest';
import type { ReadHookEvent } from '../agentHookAdapter';

/** The longest folder path an event may name; longer ones are refused, not cut. */
const MAX_DIR_LENGTH = 4096;

/** An absolute, normalised POSIX folder, as agent CLIs report their working folder. */
export const absoluteDirSchema = z
  .string()
  .min(1)
  .max(MAX_DIR_LENGTH)
  .refine((dir) => !dir.includes('\0'), 'must not contain a NUL character')
  .refine(
    (dir) => path.posix.isAbsolute(dir) && path.posix.normalize(dir) === dir && (dir === '/' || !dir.endsWith('/')),
    'must be an absolute, normalised path',
  );

/** A JSON object as JSON.parse builds it: no array, no class instance. */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype;

/** The fields every agent's hook event carries; agents add fields release by release, so others are ignored. */
export const hookSessionSchema = z.looseObject({
  hook_event_name: z.string(),
  session_id: z.string().min(1).max(MAX_SESSION_ID_LENGTH),
  cwd: absoluteDirSchema,
});

/** A tool's name as an agent sends it. */
export const hookToolNameSchema = z.string().min(1).max(MAX_TOOL_NAME_LENGTH);

/** A tool's arguments: checked, not copied, and a `__proto__` key (JSON.parse makes one) is refused. */
export const hookToolInputSchema = z.custom<Record<string, unknown>>(
  (value) => isPlainObject(value) && !Object.hasOwn(value, '__proto__'),
  'must be a plain object without a __proto__ key',
);

/** One event's fields parsed with `schema`, or the problem that makes the event unreadable. */
export type ParsedHookInput<T> =
  { readonly ok: true; readonly data: T } | { readonly ok: false; readonly problem: string };

/** Parses one event with its schema; every issue is named in the problem. */
export function parseHookInput<T>(schema: z.ZodType<T>, raw: unknown, agent: string): ParsedHookInput<T> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, data: parsed.data };
  const eventName: unknown = isPlainObject(raw) ? raw.hook_event_name : undefined;
  const named = typeof eventName === 'string' ? `${agent} ${describeValue(eventName)}` : agent;
  return { ok: false, problem: `malformed ${named} event: ${formatIssues(parsed.error).join('; ')}` };
}

/** An event that carries only the session and its folder (a start, a stop, an end), read as `kind`. */
export function readHookSessionEvent(
  raw: unknown,
  kind: 'session_start' | 'stop' | 'session_end',
  agent: string,
): ReadHookEvent {
  const parsed = parseHookInput(hookSessionSchema, raw, agent);
  return parsed.ok ? { ok: true, event: { kind, sessionId: parsed.data.session_id, cwd: parsed.data.cwd } } : parsed;
}

/** An absolute, normalised path under `root` as a workspace-relative path ('.' for the root); anything else as given. */
export function workspaceRelative(value: unknown, root: string): unknown {
  if (typeof value !== 'string' || !path.posix.isAbsolute(value) || path.posix.normalize(value) !== value) return value;
  const below = pathBelow(root, value);
  return below === undefined ? value : below === '' ? '.' : below;
}

/** The arguments with each named path argument (text, or a list of text) made workspace-relative. */
export function withRelativePaths(
  input: Readonly<Record<string, unknown>>,
  names: readonly string[],
  root: string,
): Record<string, unknown> {
  const args: Record<string, unknown> = { ...input };
  for (const name of names) {
    const value = args[name];
    if (Object.hasOwn(args, name))
      args[name] = Array.isArray(value)
        ? value.map((item) => workspaceRelative(item, root))
        : workspaceRelative(value, root);
  }
  return args;
}
