import { agentGovernorOptions, intentsServerToolNames, talks, type AgentTool } from './agentTools';

const reads = (...paths: string[]): AgentTool => ({ toolClass: 'SAFE', kind: { kind: 'read', path: paths }, paths });
const writes = (argument: string): AgentTool => ({
  toolClass: 'DESTRUCTIVE',
  kind: { kind: 'file_write', path: argument },
  paths: [argument],
});

/**
 * GitHub Copilot CLI 1.0.102's tools as its PreToolUse hook names them when the hook is
 * configured under the PascalCase event names (measured): the file and shell tools reach the
 * hook under Claude Code's names (view is `Read`, create is `Write`, task is `Agent`) with
 * Copilot's own argument names (`path`, `file_text`); the rest keep their own names. A tool
 * not listed here (write_bash, which types into a running shell, sql, skill, ...) and every MCP
 * tool but the intents server's own is unclassified: DESTRUCTIVE, and counted as running arbitrary code.
 */
export const COPILOT_TOOLS: Readonly<Record<string, AgentTool>> = Object.freeze({
  Read: reads('path'),
  Grep: reads('path'),
  // a glob's pattern may be absolute and reach outside the workspace, so it is read as a path too
  Glob: reads('path', 'pattern'),
  read_bash: talks('SAFE'),
  list_bash: talks('SAFE'),
  read_agent: talks('SAFE'),
  list_agents: talks('SAFE'),
  fetch_copilot_cli_documentation: talks('SAFE'),
  Write: writes('path'),
  Edit: writes('path'),
  // the shell runs in the session's folder, which the adapter hands over as `cwd`
  Bash: { toolClass: 'DESTRUCTIVE', kind: { kind: 'shell', command: 'command', cwd: 'cwd' } },
  stop_bash: talks('DESTRUCTIVE'),
  // a subagent's own calls pass through the same hooks; starting or steering one needs an intent, like seed 000's new_task
  Agent: talks('DESTRUCTIVE'),
  write_agent: talks('DESTRUCTIVE'),
});

/** Copilot's name of each handshake tool: MCP tools are named `<server>-<tool>`. */
export const COPILOT_HANDSHAKE_TOOLS = intentsServerToolNames((server, tool) => `${server}-${tool}`);

/** Copilot's tools for the governor: their classes and kinds. */
export const COPILOT_GOVERNOR_OPTIONS = agentGovernorOptions(COPILOT_TOOLS);
