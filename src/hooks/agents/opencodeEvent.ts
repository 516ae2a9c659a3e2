import { describeValue } from '../../text/describeValue';
import type { ReadHookEvent } from '../agentHookAdapter';
import { agentTool, governorToolName } from './agentTools';
import {
  hookSessionSchema,
  hookToolInputSchema,
  hookToolNameSchema,
  isPlainObject,
  parseHookInput,
  withRelativePaths,
} from './hookEventInput';
import { OPENCODE_HANDSHAKE_TOOLS, OPENCODE_TOOLS } from './opencodeTools';

const AGENT = 'OpenCode';

/** The event intentgate's OpenCode plugin sends for each plugin hook it forwards (opencodePlugin.ts). */
const toolEvent = hookSessionSchema.extend({ tool_name: hookToolNameSchema, tool_input: hookToolInputSchema });

/**
 * Reads one event from intentgate's OpenCode plugin (already JSON-parsed): the plugin hooks
 * `tool.execute.before` and `tool.execute.after`, with OpenCode's session id, the session's
 * folder, the tool's name and its arguments. Anything else is a problem, so it blocks.
 */
export function readOpencodeEvent(raw: unknown): ReadHookEvent {
  const eventName: unknown = isPlainObject(raw) ? raw.hook_event_name : undefined;
  if (eventName !== 'tool.execute.before' && eventName !== 'tool.execute.after') {
    return {
      ok: false,
      problem: `unknown OpenCode plugin hook '${describeValue(eventName)}': intentgate's plugin forwards tool.execute.before and tool.execute.after`,
    };
  }
  const parsed = parseHookInput(toolEvent, raw, AGENT);
  if (!parsed.ok) return parsed;
  const call = parsed.data;
  const tool = governorToolName(call.tool_name, OPENCODE_HANDSHAKE_TOOLS);
  if (tool === undefined)
    return {
      ok: false,
      problem: `'${describeValue(call.tool_name)}' is no OpenCode tool: the handshake tools come from the intents MCP server`,
    };
  const args = withRelativePaths(call.tool_input, agentTool(OPENCODE_TOOLS, call.tool_name)?.paths ?? [], call.cwd);
  if (eventName === 'tool.execute.before')
    return {
      ok: true,
      event: { kind: 'pre_tool', sessionId: call.session_id, cwd: call.cwd, tool, args, input: call.tool_input },
    };
  return { ok: true, event: { kind: 'post_tool', sessionId: call.session_id, cwd: call.cwd, tool, args } };
}
