import { agentGovernorOptions, intentsServerToolNames, talks, type AgentTool } from './agentTools';

const reads = (...paths: string[]): AgentTool => ({ toolClass: 'SAFE', kind: { kind: 'read', path: paths }, paths });
const writes = (argument: string): AgentTool => ({
  toolClass: 'DESTRUCTIVE',
  kind: { kind: 'file_write', path: argument },
  paths: [argument],
});

/**
 * Gemini CLI 0.61's tools as its BeforeTool hook names them (the registry's names, measured),
 * and `search_file_content`, the alias it still accepts for grep_search. A tool not listed here
 * (the tracker tools, complete_task, take_snapshot, ...) and every MCP tool but the intents
 * server's own is unclassified: DESTRUCTIVE, and counted as running arbitrary code.
 */
export const GEMINI_TOOLS: Readonly<Record<string, AgentTool>> = Object.freeze({
  read_file: reads('file_path'),
  read_many_files: reads('include'),
  list_directory: reads('dir_path'),
  // a glob's pattern may be absolute and reach outside the workspace, so it is read as a path too
  glob: reads('dir_path', 'pattern'),
  grep_search: reads('dir_path'),
  search_file_content: reads('dir_path'),
  read_mcp_resource: { toolClass: 'SAFE', kind: { kind: 'read', path: 'path', uri: 'uri' } },
  list_mcp_resources: talks('SAFE'),
  // web reads leave the machine: SAFE for the lifecycle, NETWORK_RISK for safe mode; web_fetch's URLs are in its prompt
  web_fetch: { toolClass: 'SAFE', kind: { kind: 'web', url: 'prompt' } },
  google_web_search: { toolClass: 'SAFE', kind: { kind: 'web', url: 'query' } },
  update_topic: talks('SAFE'),
  write_todos: talks('SAFE'),
  ask_user: talks('SAFE'),
  enter_plan_mode: talks('SAFE'),
  exit_plan_mode: talks('SAFE'),
  get_internal_docs: talks('SAFE'),
  activate_skill: talks('SAFE'),
  list_background_processes: talks('SAFE'),
  read_background_output: talks('SAFE'),
  write_file: writes('file_path'),
  replace: writes('file_path'),
  run_shell_command: {
    toolClass: 'DESTRUCTIVE',
    kind: { kind: 'shell', command: 'command', cwd: 'dir_path' },
    paths: ['dir_path'],
  },
  // a subagent's own calls pass through the same hooks; starting one needs an intent, like seed 000's new_task
  invoke_agent: talks('DESTRUCTIVE'),
});

/** Gemini's name of each handshake tool: MCP tools are named `mcp_<server>_<tool>`. */
export const GEMINI_HANDSHAKE_TOOLS = intentsServerToolNames((server, tool) => `mcp_${server}_${tool}`);

/** Gemini's tools for the governor: their classes and kinds. */
export const GEMINI_GOVERNOR_OPTIONS = agentGovernorOptions(GEMINI_TOOLS);
