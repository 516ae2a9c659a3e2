import { z } from 'zod';
import { describeValue } from '../../text/describeValue';
import type { ReadHookEvent } from '../agentHookAdapter';
import { agentTool, governorToolName } from './agentTools';
import { COPILOT_HANDSHAKE_TOOLS, COPILOT_TOOLS } from './copilotTools';
import {
  hookSessionSchema,
  hookToolInputSchema,
  hookToolNameSchema,
  isPlainObject,
  parseHookInput,
  readHookSessionEvent,
  withRelativePaths,
} from './hookEventInput';

const AGENT = 'GitHub Copilot CLI';

const promptEvent = hookSessionSchema.extend({ prompt: z.string() });

const toolEvent = hookSessionSchema.extend({ tool_name: hookToolNameSchema, tool_input: hookToolInputSchema });

/** Copilot events intentgate has nothing to say about: answered with `pass`. */
const UNGOVERNED_EVENTS: ReadonlySet<string> = new Set([
  'Notification',
  'PreCompact',
  'SubagentStart',
  'SubagentStop',
  'ErrorOccurred',
  'PermissionRequest',
  'PostToolUseFailure',
]);

/**
 * A tool's arguments as the governor reads them: known path arguments made workspace-relative,
 * and a shell call given the session's folder as its `cwd` (Copilot's shell tool takes none).
 */
function governorArgs(
  copilotName: string,
  input: Readonly<Record<string, unknown>>,
  cwd: string,
): Record<string, unknown> {
  const args = withRelativePaths(input, agentTool(COPILOT_TOOLS, copilotName)?.paths ?? [], cwd);
  return copilotName === 'Bash' ? { ...args, cwd } : args;
}

function readToolEvent(raw: unknown, kind: 'pre_tool' | 'post_tool'): ReadHookEvent {
  const parsed = parseHookInput(toolEvent, raw, AGENT);
  if (!parsed.ok) return parsed;
  const call = parsed.data;
  const tool = governorToolName(call.tool_name, COPILOT_HANDSHAKE_TOOLS);
  if (tool === undefined)
    return {
      ok: false,
      problem: `'${describeValue(call.tool_name)}' is no GitHub Copilot CLI tool: the handshake tools come from the intents MCP server`,
    };
  const args = governorArgs(call.tool_name, call.tool_input, call.cwd);
  if (kind === 'pre_tool')
    return { ok: true, event: { kind, sessionId: call.session_id, cwd: call.cwd, tool, args, input: call.tool_input } };
  return { ok: true, event: { kind, sessionId: call.session_id, cwd: call.cwd, tool, args } };
}

/**
 * Reads one GitHub Copilot CLI hook event (already JSON-parsed) in the format Copilot sends to
 * hooks configured under PascalCase event names: snake_case fields, `hook_event_name`,
 * `session_id`, `tool_input` as an object. Events intentgate does not govern pass; an event it
 * does not know is a problem, so it blocks.
 */
export function readCopilotEvent(raw: unknown): ReadHookEvent {
  const eventName: unknown = isPlainObject(raw) ? raw.hook_event_name : undefined;
  if (typeof eventName !== 'string')
    return {
      ok: false,
      problem: 'the event has no hook_event_name string: not a GitHub Copilot CLI hook event in its PascalCase format',
    };
  if (UNGOVERNED_EVENTS.has(eventName)) return { ok: 'pass', eventName };
  switch (eventName) {
    case 'SessionStart':
      return readHookSessionEvent(raw, 'session_start', AGENT);
    // a stop refused once comes back marked (and Copilot keeps asking): refusing it again would send the agent back forever
    case 'Stop':
      return isPlainObject(raw) && raw.stop_hook_active === true
        ? { ok: 'pass', eventName }
        : readHookSessionEvent(raw, 'stop', AGENT);
    case 'SessionEnd':
      return readHookSessionEvent(raw, 'session_end', AGENT);
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
    default:
      return { ok: false, problem: `unknown GitHub Copilot CLI hook event '${describeValue(eventName)}'` };
  }
}
