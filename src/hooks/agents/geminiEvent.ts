import { z } from 'zod';
import { describeValue } from '../../text/describeValue';
import type { ReadHookEvent } from '../agentHookAdapter';
import { agentTool, governorToolName, INTENTS_MCP_SERVER } from './agentTools';
import { GEMINI_HANDSHAKE_TOOLS, GEMINI_TOOLS } from './geminiTools';
import {
  hookSessionSchema,
  hookToolInputSchema,
  hookToolNameSchema,
  isPlainObject,
  parseHookInput,
  withRelativePaths,
} from './hookEventInput';

const AGENT = 'Gemini CLI';

const promptEvent = hookSessionSchema.extend({ prompt: z.string() });

const toolEvent = hookSessionSchema.extend({
  tool_name: hookToolNameSchema,
  tool_input: hookToolInputSchema,
  // where an MCP tool comes from: the server and the tool's own name
  mcp_context: z.looseObject({ server_name: z.string(), tool_name: z.string() }).optional(),
});

/** Gemini events intentgate has nothing to say about: answered with `pass`. */
const UNGOVERNED_EVENTS: ReadonlySet<string> = new Set(['BeforeModel', 'AfterModel', 'Notification', 'PreCompress']);

/** The handshake tools under the names the governor knows them by. */
const HANDSHAKE_GOVERNOR_NAMES: readonly string[] = Object.values(GEMINI_HANDSHAKE_TOOLS);

/**
 * The tools a BeforeToolSelection event offers the model, as the governor names them. Gemini
 * sends no tool list with the event, so it is the tools this adapter knows; any other tool is
 * left out of the allowed list whenever the governor narrows it.
 */
export const GEMINI_SELECTABLE_TOOLS: readonly string[] = Object.freeze([
  ...Object.keys(GEMINI_TOOLS).filter((name) => name !== 'search_file_content'),
  ...HANDSHAKE_GOVERNOR_NAMES,
]);

/**
 * The governor's name of a tool Gemini names. `mcp_<server>_<tool>` is ambiguous when names
 * hold underscores, so a handshake name counts only when Gemini's MCP context names the
 * intents server and the tool too; otherwise it stays an unclassified MCP tool.
 */
function geminiGovernorName(call: z.infer<typeof toolEvent>): string | undefined {
  const tool = governorToolName(call.tool_name, GEMINI_HANDSHAKE_TOOLS);
  if (tool === undefined || !HANDSHAKE_GOVERNOR_NAMES.includes(tool)) return tool;
  const fromIntentsServer = call.mcp_context?.server_name === INTENTS_MCP_SERVER && call.mcp_context.tool_name === tool;
  return fromIntentsServer ? tool : call.tool_name;
}

function readToolEvent(raw: unknown, kind: 'pre_tool' | 'post_tool'): ReadHookEvent {
  const parsed = parseHookInput(toolEvent, raw, AGENT);
  if (!parsed.ok) return parsed;
  const call = parsed.data;
  const tool = geminiGovernorName(call);
  if (tool === undefined)
    return {
      ok: false,
      problem: `'${describeValue(call.tool_name)}' is no Gemini CLI tool: the handshake tools come from the intents MCP server`,
    };
  const args = withRelativePaths(call.tool_input, agentTool(GEMINI_TOOLS, call.tool_name)?.paths ?? [], call.cwd);
  // the input as sent, for an answer that hands the call back rewritten (a contained command)
  if (kind === 'pre_tool')
    return { ok: true, event: { kind, sessionId: call.session_id, cwd: call.cwd, tool, args, input: call.tool_input } };
  return { ok: true, event: { kind, sessionId: call.session_id, cwd: call.cwd, tool, args } };
}

function readSessionEvent(
  raw: unknown,
  kind: 'session_start' | 'stop' | 'session_end' | 'tool_selection',
): ReadHookEvent {
  const parsed = parseHookInput(hookSessionSchema, raw, AGENT);
  if (!parsed.ok) return parsed;
  const session = { sessionId: parsed.data.session_id, cwd: parsed.data.cwd };
  return {
    ok: true,
    event: kind === 'tool_selection' ? { kind, ...session, tools: GEMINI_SELECTABLE_TOOLS } : { kind, ...session },
  };
}

/**
 * Reads one Gemini CLI hook event (already JSON-parsed) into the neutral event: BeforeAgent is
 * the user's prompt, AfterAgent the stop, BeforeToolSelection the choice of tools to offer.
 * Events intentgate does not govern pass; an event it does not know is a problem, so it blocks.
 */
export function readGeminiEvent(raw: unknown): ReadHookEvent {
  const eventName: unknown = isPlainObject(raw) ? raw.hook_event_name : undefined;
  if (typeof eventName !== 'string')
    return { ok: false, problem: 'the event has no hook_event_name string: not a Gemini CLI hook event' };
  if (UNGOVERNED_EVENTS.has(eventName)) return { ok: 'pass', eventName };
  switch (eventName) {
    case 'SessionStart':
      return readSessionEvent(raw, 'session_start');
    // a stop refused once comes back marked: refusing it again would send the agent back forever
    case 'AfterAgent':
      return isPlainObject(raw) && raw.stop_hook_active === true
        ? { ok: 'pass', eventName }
        : readSessionEvent(raw, 'stop');
    case 'SessionEnd':
      return readSessionEvent(raw, 'session_end');
    case 'BeforeToolSelection':
      return readSessionEvent(raw, 'tool_selection');
    case 'BeforeAgent': {
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
    case 'BeforeTool':
      return readToolEvent(raw, 'pre_tool');
    case 'AfterTool':
      return readToolEvent(raw, 'post_tool');
    default:
      return { ok: false, problem: `unknown Gemini CLI hook event '${describeValue(eventName)}'` };
  }
}
