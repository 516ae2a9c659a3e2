import type { GovernorOptions } from '../../governor/governorOptions';
import type { ToolKindSpec } from '../../tools/toolKinds';
import { ATTEMPT_COMPLETION, HANDSHAKE_TOOLS, SELECT_ACTIVE_INTENT } from '../../tools/handshakeTools';
import type { ToolClass } from '../../tools/toolClass';

/** What intentgate knows about one tool as an agent CLI names it in its hook events. */
export interface AgentTool {
  readonly toolClass: ToolClass;
  /** how safe mode reads a call, with the argument names the adapter gives the governor */
  readonly kind: ToolKindSpec;
  /** arguments holding a file or folder path (or a list of them): made workspace-relative when under the workspace */
  readonly paths?: readonly string[];
}

/** A tool whose only effect is on the conversation. */
export const talks = (toolClass: ToolClass): AgentTool => ({ toolClass, kind: { kind: 'none' } });

/** The record of a tool in an agent's table; undefined for any other name, inherited keys included. */
export const agentTool = (tools: Readonly<Record<string, AgentTool>>, name: string): AgentTool | undefined =>
  Object.hasOwn(tools, name) ? tools[name] : undefined;

/** An agent's tool table as governor options: each tool's class and kind. */
export function agentGovernorOptions(
  tools: Readonly<Record<string, AgentTool>>,
): Pick<GovernorOptions, 'classification' | 'toolKinds'> {
  return Object.freeze({
    classification: Object.fromEntries(Object.entries(tools).map(([name, tool]) => [name, tool.toolClass])),
    toolKinds: Object.fromEntries(Object.entries(tools).map(([name, tool]) => [name, tool.kind])),
  });
}

/** The name the intents MCP server is registered under in each agent's MCP configuration. */
export const INTENTS_MCP_SERVER = 'intentgate';

/** The agent's name of each handshake tool, as the intents MCP server offers it, mapped to the governor's. */
export function intentsServerToolNames(
  agentName: (server: string, tool: string) => string,
): Readonly<Record<string, string>> {
  return Object.freeze({
    [agentName(INTENTS_MCP_SERVER, SELECT_ACTIVE_INTENT)]: SELECT_ACTIVE_INTENT,
    [agentName(INTENTS_MCP_SERVER, ATTEMPT_COMPLETION)]: ATTEMPT_COMPLETION,
  });
}

/**
 * The governor's name for a tool an agent names: a handshake tool offered by the intents MCP
 * server under the agent's name for it, any other tool as named. A bare handshake name is
 * refused (undefined): only the intents server may drive the lifecycle.
 */
export function governorToolName(
  agentName: string,
  handshakeNames: Readonly<Record<string, string>>,
): string | undefined {
  if (Object.hasOwn(handshakeNames, agentName)) return handshakeNames[agentName];
  return HANDSHAKE_TOOLS.includes(agentName) ? undefined : agentName;
}
