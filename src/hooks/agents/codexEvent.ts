import { z } from 'zod';
import { describeValue } from '../../text/describeValue';
import { quoteArgv } from '../../text/quoteArgv';
import { MAX_TOOL_NAME_LENGTH } from '../../tools/toolRequest';
import type { ReadHookEvent } from '../agentHookAdapter';
import { agentTool, governorToolName } from './agentTools';
import { CODEX_HANDSHAKE_TOOLS, CODEX_TOOLS } from './codexTools';
import {
  hookSessionSchema,
  hookToolInputSchema,
  hookToolNameSchema,
  isPlainObject,
  parseHookInput,
  readHookSessionEvent,
  withRelativePaths,
} from './hookEventInput';

const AGENT = 'Codex';

const promptEvent = hookSessionSchema.extend({ prompt: z.string() });

const toolEvent = hookSessionSchema.extend({
  tool_name: hookToolNameSchema,
  tool_input: hookToolInputSchema,
  tool_use_id: z.string().max(MAX_TOOL_NAME_LENGTH).optional(),
});

/** Codex events intentgate has nothing to say about: answered with `pass`. */
const UNGOVERNED_EVENTS: ReadonlySet<string> = new Set([
  'PreCompact',
  'PostCompact',
  'SubagentStart',
  'SubagentStop',
  'StopFailure',
]);

// Codex's own approval prompt carries the call as it will run, with no call id (measured, 0.169)
const permissionEvent = hookSessionSchema.extend({ tool_name: hookToolNameSchema, tool_input: hookToolInputSchema });

/** The command line of a shell call: Codex sends one string; an argv (older releases' `shell`) is quoted into one. */
function commandLine(command: unknown): string | undefined {
  if (typeof command === 'string') return command;
  const isArgv =
    Array.isArray(command) && command.length > 0 && command.every((word): word is string => typeof word === 'string');
  return isArgv ? quoteArgv(command) : undefined;
}

/**
 * A tool's arguments as the governor reads them. A shell call runs in the event's `cwd`
 * (Codex reports the command's own folder there), so it is the call's `cwd` argument; the
 * patch body of apply_patch becomes `patch`; known path arguments are made workspace-relative.
 */
function governorArgs(
  codexName: string,
  input: Readonly<Record<string, unknown>>,
  cwd: string,
): Record<string, unknown> | string {
  if (codexName === 'Bash') {
    const command = commandLine(input.command);
    return command === undefined
      ? `Bash's 'command' must be a string or a list of strings, got ${describeValue(input.command)}`
      : { command, cwd };
  }
  if (codexName === 'apply_patch') {
    return typeof input.command === 'string'
      ? { patch: input.command }
      : `apply_patch's 'command' must be the patch text, got ${describeValue(input.command)}`;
  }
  return withRelativePaths(input, agentTool(CODEX_TOOLS, codexName)?.paths ?? [], cwd);
}

function readToolEvent(raw: unknown, kind: 'pre_tool' | 'post_tool'): ReadHookEvent {
  const parsed = parseHookInput(toolEvent, raw, AGENT);
  if (!parsed.ok) return parsed;
  const call = parsed.data;
  const tool = governorToolName(call.tool_name, CODEX_HANDSHAKE_TOOLS);
  if (tool === undefined)
    return {
      ok: false,
      problem: `'${describeValue(call.tool_name)}' is no Codex tool: the handshake tools come from the intents MCP server`,
    };
  const args = governorArgs(call.tool_name, call.tool_input, call.cwd);
  if (typeof args === 'string') return { ok: false, problem: `malformed Codex tool call: ${args}` };
  const callId = call.tool_use_id === undefined ? {} : { callId: call.tool_use_id };
  // the input as sent, for an answer that hands the call back rewritten (a contained command)
  if (kind === 'pre_tool')
    return {
      ok: true,
      event: { kind, sessionId: call.session_id, cwd: call.cwd, tool, args, input: call.tool_input, ...callId },
    };
  return { ok: true, event: { kind, sessionId: call.session_id, cwd: call.cwd, tool, args, ...callId } };
}

/** Codex's own approval prompt (PermissionRequest): the call it asks about, read as a tool call is. */
function readPermissionEvent(raw: unknown): ReadHookEvent {
  const parsed = parseHookInput(permissionEvent, raw, AGENT);
  if (!parsed.ok) return parsed;
  const call = parsed.data;
  const tool = governorToolName(call.tool_name, CODEX_HANDSHAKE_TOOLS);
  if (tool === undefined)
    return {
      ok: false,
      problem: `'${describeValue(call.tool_name)}' is no Codex tool: the handshake tools come from the intents MCP server`,
    };
  const args = governorArgs(call.tool_name, call.tool_input, call.cwd);
  if (typeof args === 'string') return { ok: false, problem: `malformed Codex permission request: ${args}` };
  return { ok: true, event: { kind: 'permission_request', sessionId: call.session_id, cwd: call.cwd, tool, args } };
}

/**
 * Reads one Codex CLI hook event (already JSON-parsed) into the neutral event. Events
 * intentgate does not govern pass; an event it does not know is a problem, so it blocks.
 */
export function readCodexEvent(raw: unknown): ReadHookEvent {
  const eventName: unknown = isPlainObject(raw) ? raw.hook_event_name : undefined;
  if (typeof eventName !== 'string')
    return { ok: false, problem: 'the event has no hook_event_name string: not a Codex hook event' };
  if (UNGOVERNED_EVENTS.has(eventName)) return { ok: 'pass', eventName };
  switch (eventName) {
    case 'SessionStart':
      return readHookSessionEvent(raw, 'session_start', AGENT);
    // a stop refused once comes back marked: refusing it again would keep the turn going forever
    case 'Stop':
      return isPlainObject(raw) && raw.stop_hook_active === true
        ? { ok: 'pass', eventName }
        : readHookSessionEvent(raw, 'stop', AGENT);
    case 'UserPromptSubmit': {
      const parsed = parseHookInput(promptEvent, raw, AGENT);
      return parsed.ok
        ? {
            ok: true,
            event: {
              kind: 'user_prompt',
              sessionId: parsed.data.session_id,
              cwd: parsed.data.cwd,
              prompt: parsed.data.prompt,
            },
          }
        : parsed;
    }
    case 'PreToolUse':
      return readToolEvent(raw, 'pre_tool');
    case 'PostToolUse':
      return readToolEvent(raw, 'post_tool');
    case 'PermissionRequest':
      return readPermissionEvent(raw);
    default:
      return { ok: false, problem: `unknown Codex hook event '${describeValue(eventName)}'` };
  }
}
