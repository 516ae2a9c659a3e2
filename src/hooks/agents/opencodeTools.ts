import { agentGovernorOptions, intentsServerToolNames, talks, type AgentTool } from './agentTools';

const reads = (...paths: string[]): AgentTool => ({ toolClass: 'SAFE', kind: { kind: 'read', path: paths }, paths });
const writes = (argument: string): AgentTool => ({
  toolClass: 'DESTRUCTIVE',
  kind: { kind: 'file_write', path: argument },
  paths: [argument],
});

/**
 * OpenCode 1.18's built-in tools as its `tool.execute.before` plugin hook names them (the names
 * offered to the model, measured), with their argument names. A tool not listed here (skill,
 * a custom tool, ...) and every MCP tool but the intents server's own is unclassified:
 * DESTRUCTIVE, and counted as running arbitrary code.
 */
export const OPENCODE_TOOLS: Readonly<Record<string, AgentTool>> = Object.freeze({
  read: reads('filePath'),
  list: reads('path'),
  grep: reads('path'),
  // a glob's pattern may be absolute and reach outside the workspace, so it is read as a path too
  glob: reads('path', 'pattern'),
  // web reads leave the machine: SAFE for the lifecycle, NETWORK_RISK for safe mode
  webfetch: { toolClass: 'SAFE', kind: { kind: 'web', url: 'url' } },
  todowrite: talks('SAFE'),
  todoread: talks('SAFE'),
  write: writes('filePath'),
  edit: writes('filePath'),
  // the folder a command runs in is its `workdir` argument, the session's folder when absent
  bash: { toolClass: 'DESTRUCTIVE', kind: { kind: 'shell', command: 'command', cwd: 'workdir' }, paths: ['workdir'] },
  // a subagent's own calls pass through the same hooks; starting one needs an intent, like seed 000's new_task
  task: talks('DESTRUCTIVE'),
});

/** OpenCode's name of each handshake tool: MCP tools are named `<server>_<tool>`. */
export const OPENCODE_HANDSHAKE_TOOLS = intentsServerToolNames((server, tool) => `${server}_${tool}`);

/** OpenCode's tools for the governor: their classes and kinds. */
export const OPENCODE_GOVERNOR_OPTIONS = agentGovernorOptions(OPENCODE_TOOLS);
