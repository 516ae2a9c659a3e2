import type { GovernorOptions } from '../../governor/governorOptions';
import type { ToolKindSpec } from '../../tools/toolKinds';
import { ATTEMPT_COMPLETION, HANDSHAKE_TOOLS, SELECT_ACTIVE_INTENT } from '../../tools/handshakeTools';
import type { ToolClass } from '../../tools/toolClass';

/** What intentgate knows about one of Claude Code's built-in tools. */
export interface ClaudeCodeTool {
  readonly toolClass: ToolClass;
  /** how safe mode reads a call, with the argument names Claude Code uses */
  readonly kind: ToolKindSpec;
  /** arguments holding a file or folder path: made workspace-relative when under the workspace */
  readonly paths?: readonly string[];
}

const reads = (...paths: string[]): ClaudeCodeTool => ({
  toolClass: 'SAFE',
  kind: { kind: 'read', path: paths },
  paths,
});
const writes = (argument: string): ClaudeCodeTool => ({
  toolClass: 'DESTRUCTIVE',
  kind: { kind: 'file_write', path: argument },
  paths: [argument],
});
const talks = (toolClass: ToolClass): ClaudeCodeTool => ({ toolClass, kind: { kind: 'none' } });

/**
 * Claude Code's tools (2.1.x, and the names earlier releases used), one record each. A tool
 * not listed here (Skill, Workflow, Cron*, EnterWorktree, SendMessage, ...) and every MCP tool
 * but intentgate's own is unclassified: DESTRUCTIVE, and counted as running arbitrary code.
 */
export const CLAUDE_CODE_TOOLS: Readonly<Record<string, ClaudeCodeTool>> = Object.freeze({
  Read: reads('file_path'),
  // Glob's pattern may be an absolute glob reaching outside the workspace, so it is read as a path too
  Glob: reads('path', 'pattern'),
  Grep: reads('path'),
  LS: reads('path'),
  NotebookRead: reads('notebook_path'),
  // web reads leave the machine: SAFE for the lifecycle, NETWORK_RISK for safe mode; a search sends its query out
  WebFetch: { toolClass: 'SAFE', kind: { kind: 'web', url: 'url' } },
  WebSearch: { toolClass: 'SAFE', kind: { kind: 'web', url: 'query' } },
  TodoWrite: talks('SAFE'),
  TaskCreate: talks('SAFE'),
  TaskGet: talks('SAFE'),
  TaskList: talks('SAFE'),
  TaskUpdate: talks('SAFE'),
  TaskOutput: talks('SAFE'),
  BashOutput: talks('SAFE'),
  CronList: talks('SAFE'),
  ReportFindings: talks('SAFE'),
  AskUserQuestion: talks('SAFE'),
  ExitPlanMode: talks('SAFE'),
  ListMcpResourcesTool: talks('SAFE'),
  ReadMcpResourceTool: { toolClass: 'SAFE', kind: { kind: 'read', path: 'path', uri: 'uri' } },
  Write: writes('file_path'),
  Edit: writes('file_path'),
  MultiEdit: writes('file_path'),
  NotebookEdit: writes('notebook_path'),
  // run where Claude Code's shell is: the adapter sets cwd from the event, whatever the model sent
  Bash: { toolClass: 'DESTRUCTIVE', kind: { kind: 'shell', command: 'command', cwd: 'cwd' } },
  TaskStop: talks('DESTRUCTIVE'),
  KillShell: talks('DESTRUCTIVE'),
  // a subagent's own tool calls pass through the same hooks; starting one needs an intent, like seed 000's new_task
  Agent: talks('DESTRUCTIVE'),
  Task: talks('DESTRUCTIVE'),
});

/** The MCP server name intentgate's intents server must be registered under in .mcp.json. */
export const INTENTS_MCP_SERVER = 'intentgate';

/** Claude Code's name of each handshake tool, as the intents MCP server offers it. */
export const CLAUDE_CODE_HANDSHAKE_TOOLS: Readonly<Record<string, string>> = Object.freeze({
  [`mcp__${INTENTS_MCP_SERVER}__${SELECT_ACTIVE_INTENT}`]: SELECT_ACTIVE_INTENT,
  [`mcp__${INTENTS_MCP_SERVER}__${ATTEMPT_COMPLETION}`]: ATTEMPT_COMPLETION,
});

/**
 * The governor's name for a tool Claude Code names, or undefined when the name may not be
 * used: a bare handshake name is no Claude Code tool, and only the intents server may drive the lifecycle.
 */
export function governorToolName(claudeName: string): string | undefined {
  if (Object.hasOwn(CLAUDE_CODE_HANDSHAKE_TOOLS, claudeName)) return CLAUDE_CODE_HANDSHAKE_TOOLS[claudeName];
  return HANDSHAKE_TOOLS.includes(claudeName) ? undefined : claudeName;
}

/** The record of a Claude Code tool; undefined for any other name, inherited keys included. */
export function claudeCodeTool(name: string): ClaudeCodeTool | undefined {
  return Object.hasOwn(CLAUDE_CODE_TOOLS, name) ? CLAUDE_CODE_TOOLS[name] : undefined;
}

/** The governor options that teach it Claude Code's tools: their classes and risk kinds. */
export const CLAUDE_CODE_GOVERNOR_OPTIONS: Pick<GovernorOptions, 'classification' | 'toolKinds'> = Object.freeze({
  classification: Object.fromEntries(Object.entries(CLAUDE_CODE_TOOLS).map(([name, tool]) => [name, tool.toolClass])),
  toolKinds: Object.fromEntries(Object.entries(CLAUDE_CODE_TOOLS).map(([name, tool]) => [name, tool.kind])),
});
