import path from 'node:path';
import { z } from 'zod';
import { formatIssues } from '../../intents/intent';
import { MAX_SESSION_ID_LENGTH } from '../../governor/governorOptions';
import { pathBelow } from '../../paths/pathBelow';
import { MAX_TOOL_NAME_LENGTH } from '../../tools/toolRequest';
import type { ReadHookEvent } from '../agentHookAdapter';
import { claudeCodeProjectRoot } from './claudeCodeProjectRoot';
import { describeValue } from '../../text/describeValue';
import { claudeCodeTool, governorToolName, INTENTS_MCP_SERVER } from './claudeCodeTools';

/** The longest folder path an event may name; longer ones are refused, not cut. */
const MAX_DIR_LENGTH = 4096;

const absoluteDir = z
  .string()
  .min(1)
  .max(MAX_DIR_LENGTH)
  .refine((dir) => !dir.includes('\0'), 'must not contain a NUL character')
  .refine(
    (dir) => path.posix.isAbsolute(dir) && path.posix.normalize(dir) === dir && (dir === '/' || !dir.endsWith('/')),
    'must be an absolute, normalised path',
  );

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype;

// Claude Code adds fields release by release: unknown ones are ignored, not refused
const sessionEvent = z.looseObject({
  session_id: z.string().min(1).max(MAX_SESSION_ID_LENGTH),
  cwd: absoluteDir,
  transcript_path: z.string().max(MAX_DIR_LENGTH).optional(),
});

const promptEvent = sessionEvent.extend({ prompt: z.string() });

const toolEvent = sessionEvent.extend({
  tool_name: z.string().min(1).max(MAX_TOOL_NAME_LENGTH),
  // checked, not copied: the governor reads the object Claude Code sent, and a '__proto__' key is refused
  tool_input: z.custom<Record<string, unknown>>(
    (value) => isPlainObject(value) && !Object.hasOwn(value, '__proto__'),
    'must be a plain object',
  ),
  tool_use_id: z.string().max(MAX_TOOL_NAME_LENGTH).optional(),
});

/** Events intentgate has nothing to say about: answered with `pass`. */
const UNGOVERNED_EVENTS: ReadonlySet<string> = new Set([
  'Notification',
  'PreCompact',
  'PostCompact',
  'SubagentStart',
  'SubagentStop',
  'PostToolUseFailure',
  'PostToolBatch',
  'PermissionRequest',
  'PermissionDenied',
  'StopFailure',
  'TaskCreated',
  'TaskCompleted',
  'TeammateIdle',
  'UserPromptExpansion',
  'InstructionsLoaded',
  'ConfigChange',
  'CwdChanged',
  'FileChanged',
]);

type Parsed<T> = { readonly ok: true; readonly data: T } | { readonly ok: false; readonly problem: string };

function parse<T>(schema: z.ZodType<T>, raw: unknown, eventName: string): Parsed<T> {
  const parsed = schema.safeParse(raw);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, problem: `malformed ${eventName} event: ${formatIssues(parsed.error).join('; ')}` };
}

interface SessionFacts {
  readonly sessionId: string;
  /** the project root, else the shell's folder */
  readonly cwd: string;
  /** the project root when the transcript confirms it: paths are made relative to it only then */
  readonly root: string | undefined;
  readonly shellDir: string;
}

/** The session facts every event carries: the workspace is the project root, the shell's folder may be below it. */
function sessionOf(data: z.infer<typeof sessionEvent>): SessionFacts {
  const root = claudeCodeProjectRoot(data.cwd, data.transcript_path);
  return { sessionId: data.session_id, cwd: root ?? data.cwd, root, shellDir: data.cwd };
}

/**
 * An absolute, normalised path under the root as the workspace-relative path; anything else
 * as given. With no confirmed root every path stays absolute, for the governor to place.
 */
function relativePath(value: unknown, root: string | undefined): unknown {
  if (
    root === undefined ||
    typeof value !== 'string' ||
    !path.posix.isAbsolute(value) ||
    path.posix.normalize(value) !== value
  )
    return value;
  const below = pathBelow(root, value);
  return below === undefined ? value : below === '' ? '.' : below;
}

/** A tool's arguments as the governor reads them: paths made relative, and the shell's folder. */
function governorArgs(
  claudeName: string,
  input: Readonly<Record<string, unknown>>,
  root: string | undefined,
  shellDir: string,
): Record<string, unknown> {
  const tool = claudeCodeTool(claudeName);
  const args: Record<string, unknown> = { ...input };
  for (const name of tool?.paths ?? []) {
    if (Object.hasOwn(args, name)) args[name] = relativePath(args[name], root);
  }
  if (tool?.kind.kind === 'shell' && tool.kind.cwd !== undefined) args[tool.kind.cwd] = relativePath(shellDir, root);
  return args;
}

function readToolEvent(raw: unknown, eventName: 'PreToolUse' | 'PostToolUse'): ReadHookEvent {
  const parsed = parse(toolEvent, raw, eventName);
  if (!parsed.ok) return parsed;
  const call = parsed.data;
  const tool = governorToolName(call.tool_name);
  if (tool === undefined) {
    return {
      ok: false,
      problem: `'${describeValue(call.tool_name)}' is no Claude Code tool: the handshake tools come from the '${INTENTS_MCP_SERVER}' MCP server`,
    };
  }
  const { sessionId, cwd, root, shellDir } = sessionOf(call);
  const args = governorArgs(call.tool_name, call.tool_input, root, shellDir);
  const callId = call.tool_use_id === undefined ? {} : { callId: call.tool_use_id };
  // a call about to run keeps its input as sent, for an answer that hands it back with a contained command
  if (eventName === 'PreToolUse')
    return { ok: true, event: { kind: 'pre_tool', sessionId, cwd, tool, args, ...callId, input: call.tool_input } };
  return { ok: true, event: { kind: 'post_tool', sessionId, cwd, tool, args, ...callId } };
}

function readSessionEvent(
  raw: unknown,
  eventName: string,
  kind: 'session_start' | 'stop' | 'session_end',
): ReadHookEvent {
  const parsed = parse(sessionEvent, raw, eventName);
  if (!parsed.ok) return parsed;
  const { sessionId, cwd } = sessionOf(parsed.data);
  return { ok: true, event: { kind, sessionId, cwd } };
}

/**
 * Reads one Claude Code hook event (already JSON-parsed) into the neutral event. The
 * workspace is the session's project root, even after the shell's `cd` moved `cwd` below it;
 * a Bash call carries the shell's folder as its `cwd` argument.
 */
export function readClaudeCodeEvent(raw: unknown): ReadHookEvent {
  const eventName: unknown = isPlainObject(raw) ? raw.hook_event_name : undefined;
  if (typeof eventName !== 'string')
    return { ok: false, problem: 'the event has no hook_event_name string: not a Claude Code hook event' };
  if (UNGOVERNED_EVENTS.has(eventName)) return { ok: 'pass', eventName };
  switch (eventName) {
    case 'SessionStart':
      return readSessionEvent(raw, eventName, 'session_start');
    case 'Stop':
      return readSessionEvent(raw, eventName, 'stop');
    case 'SessionEnd':
      return readSessionEvent(raw, eventName, 'session_end');
    case 'UserPromptSubmit': {
      const parsed = parse(promptEvent, raw, eventName);
      if (!parsed.ok) return parsed;
      const { sessionId, cwd } = sessionOf(parsed.data);
      return { ok: true, event: { kind: 'user_prompt', sessionId, cwd, prompt: parsed.data.prompt } };
    }
    case 'PreToolUse':
    case 'PostToolUse':
      return readToolEvent(raw, eventName);
    default:
      return { ok: false, problem: `unknown Claude Code hook event '${describeValue(eventName)}'` };
  }
}
