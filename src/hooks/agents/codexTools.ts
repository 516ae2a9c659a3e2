import { agentGovernorOptions, intentsServerToolNames, talks, type AgentTool } from './agentTools';

/**
 * Codex CLI 0.169's tools as its PreToolUse hook names them (measured). Every shell-like tool
 * (exec_command, shell, local_shell) reaches hooks as `Bash` with the command line as one
 * string, and apply_patch with its patch body in `command`; the adapter hands the governor
 * that body as `patch` and the command's folder as `cwd`. write_stdin and the hosted
 * web_search never reach a hook. A tool not listed here, and every MCP tool but the intents
 * server's own, is unclassified: DESTRUCTIVE, and counted as running arbitrary code.
 */
export const CODEX_TOOLS: Readonly<Record<string, AgentTool>> = Object.freeze({
  Bash: { toolClass: 'DESTRUCTIVE', kind: { kind: 'shell', command: 'command', cwd: 'cwd' } },
  apply_patch: { toolClass: 'DESTRUCTIVE', kind: { kind: 'file_write', patch: 'patch' } },
  view_image: { toolClass: 'SAFE', kind: { kind: 'read', path: 'path' }, paths: ['path'] },
  request_user_input: talks('SAFE'),
  // goals are the conversation's own bookkeeping, like update_todo_list
  get_goal: talks('SAFE'),
  create_goal: talks('SAFE'),
  update_goal: talks('SAFE'),
  list_mcp_resources: talks('SAFE'),
  list_mcp_resource_templates: talks('SAFE'),
  read_mcp_resource: { toolClass: 'SAFE', kind: { kind: 'read', path: 'path', uri: 'uri' } },
  // a sub-agent's own calls pass through the same hooks; starting one needs an intent, like seed 000's new_task
  spawn_agent: talks('DESTRUCTIVE'),
});

/** Codex's name of each handshake tool: MCP tools reach hooks as `mcp__<server>__<tool>`. */
export const CODEX_HANDSHAKE_TOOLS = intentsServerToolNames((server, tool) => `mcp__${server}__${tool}`);

/** Codex's tools for the governor: their classes and kinds. */
export const CODEX_GOVERNOR_OPTIONS = agentGovernorOptions(CODEX_TOOLS);
