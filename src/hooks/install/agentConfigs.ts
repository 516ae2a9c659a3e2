import { quoteArgv } from '../../text/quoteArgv';
import { INTENTS_MCP_SERVER } from '../agents/agentTools';
import { opencodePluginSource } from '../agents/opencodePlugin';
import { appendElements, mergeMembers, wholeValue, type JsonAddition } from './jsonEdits';
import type { JsonDialect } from './jsonText';
import { codexSandboxBlock, containmentOffFor } from './codexSandboxSetting';
import { tomlBlock } from './tomlBlock';

/** The agents `hooks install` writes the configuration of. */
export const INSTALL_AGENTS = ['claude-code', 'codex', 'gemini', 'copilot', 'opencode'] as const;

export type InstallAgent = (typeof INSTALL_AGENTS)[number];

export const isInstallAgent = (name: string): name is InstallAgent =>
  (INSTALL_AGENTS as readonly string[]).includes(name);

/** How the agent runs intentgate: the program's words, the flags naming the workspace, and what ends a hook that fails. */
export interface HookInvocation {
  /** `['intentgate']` or `['node', '/abs/cli.cjs']` */
  readonly program: readonly string[];
  /** `--workspace DIR`, and `--policy FILE` when one is given */
  readonly flags: readonly string[];
  /** seconds after which the wrapper ends the hook and blocks; the agent's own timeout is 5 s more */
  readonly timeoutSec: number;
  /** `timeout`, or `gtimeout` where coreutils has that name */
  readonly timeoutProgram: string;
  /** Claude Code ≥ 2.1.295: `onFailure: "block"` instead of the wrapper */
  readonly onFailureBlock: boolean;
}

/** One file of an agent's configuration and what install adds to it (paths relative to the workspace). */
export type ConfigFile = (
  | {
      readonly kind: 'json';
      readonly file: string;
      readonly dialect: JsonDialect;
      readonly additions: Readonly<Record<string, JsonAddition>>;
    }
  | {
      readonly kind: 'toml';
      readonly file: string;
      readonly block: string;
      /** the table (or top-level key) the block sets, which must not be there yet */
      readonly table: readonly string[];
      /** 'start': the block holds top-level keys, so it goes before every table; else it is appended */
      readonly placement?: 'start';
    }
  /** a file install writes whole (OpenCode's plugin): created when missing, never merged into one already there */
  | { readonly kind: 'text'; readonly file: string; readonly text: string }
) & {
  /** the agent loads every file of this file's folder (Copilot's hook files, OpenCode's plugins): none of the others may run intentgate's hook */
  readonly siblingsLoaded?: boolean;
};

// Claude Code, Codex, Gemini CLI and Copilot CLI run the tool call when a hook fails in some ways;
// exit 2 (with a reason on stderr for Codex) is the failure each of them reads as a block, and
// intentgate's OpenCode plugin refuses the call with that reason (docs/hooks.md)
const CLAUDE_BLOCK = 'exit 2';
const STDERR_BLOCK = "{ echo 'intentgate: the hook failed' >&2; exit 2; }";

/** The hook's command line, wrapped so a crash, a hang or a missing program blocks, unless the agent blocks on failure itself. */
export function hookCommand(agent: InstallAgent, invocation: HookInvocation): string {
  const command = quoteArgv([...invocation.program, 'hook', agent, ...invocation.flags]);
  if (agent === 'claude-code' && invocation.onFailureBlock) return command;
  return `${invocation.timeoutProgram} ${invocation.timeoutSec} ${command} || ${agent === 'claude-code' ? CLAUDE_BLOCK : STDERR_BLOCK}`;
}

/** The intents MCP server as every agent registers it: a command and its arguments. */
const intentsServer = (invocation: HookInvocation): { readonly command: string; readonly args: readonly string[] } => ({
  command: invocation.program[0] ?? 'intentgate',
  args: [...invocation.program.slice(1), 'intents-mcp', ...invocation.flags],
});

/** Every event in `events`, each with one matcher group holding the handler; the tool events get `matcher` when one is given. */
function hookEvents(
  events: readonly string[],
  handler: Readonly<Record<string, unknown>>,
  toolMatcher: string | undefined,
): JsonAddition {
  return mergeMembers(
    Object.fromEntries(
      events.map((event) => [
        event,
        appendElements([
          { ...(toolMatcher !== undefined && event.includes('Tool') && { matcher: toolMatcher }), hooks: [handler] },
        ]),
      ]),
    ),
  );
}

export const CLAUDE_CODE_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'Stop',
  'SessionEnd',
] as const;
// PermissionRequest is Codex's own approval prompt, which intentgate answers from its decision
export const CODEX_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'Stop',
] as const;
export const GEMINI_EVENTS = [
  'SessionStart',
  'BeforeAgent',
  'BeforeToolSelection',
  'BeforeTool',
  'AfterTool',
  'AfterAgent',
  'SessionEnd',
] as const;

const STRICT: JsonDialect = { comments: false };
// Gemini CLI strips comments from its settings, and OpenCode reads its config as JSON with comments
const WITH_COMMENTS: JsonDialect = { comments: true };

/** The settings files read as JSON with comments; every other JSON file install edits is plain JSON. */
export const JSON_WITH_COMMENTS_FILES: readonly string[] = ['.gemini/settings.json', 'opencode.json'];

/** How install reads a settings file, by its path in the workspace. */
export const jsonDialectOf = (file: string): JsonDialect =>
  JSON_WITH_COMMENTS_FILES.includes(file) ? WITH_COMMENTS : STRICT;

/**
 * The intents server in .mcp.json, which Claude Code and Copilot CLI both read: one entry for
 * both (Copilot 1.0.102 runs one without `type` or `tools`, offers all its tools, and ignores
 * `alwaysLoad`), so .mcp.json holds the same intents server whichever of the two is installed.
 */
const mcpJsonServer = (invocation: HookInvocation): JsonAddition =>
  mergeMembers({ [INTENTS_MCP_SERVER]: wholeValue({ ...intentsServer(invocation), alwaysLoad: true }) });

function claudeCodeFiles(invocation: HookInvocation): ConfigFile[] {
  const timeout = invocation.timeoutSec + 5;
  const handler = {
    type: 'command',
    command: hookCommand('claude-code', invocation),
    timeout,
    ...(invocation.onFailureBlock && { onFailure: 'block' }),
  };
  return [
    {
      kind: 'json',
      file: '.claude/settings.json',
      dialect: STRICT,
      additions: {
        hooks: hookEvents(CLAUDE_CODE_EVENTS, handler, '*'),
        // no permissions.allow for the handshake tools: `claude -p` 2.1.197 refused them with one in
        // the project's settings.json or settings.local.json; the hook answers them allow itself
        enabledMcpjsonServers: appendElements([INTENTS_MCP_SERVER]),
      },
    },
    // alwaysLoad: connected before the first request to the model, so its first turn has the handshake tools
    { kind: 'json', file: '.mcp.json', dialect: STRICT, additions: { mcpServers: mcpJsonServer(invocation) } },
  ];
}

// TOML basic strings read JSON's escapes
const tomlString = (value: string): string => JSON.stringify(value);

function codexFiles(invocation: HookInvocation): ConfigFile[] {
  const handler = { type: 'command', command: hookCommand('codex', invocation), timeout: invocation.timeoutSec + 5 };
  const server = intentsServer(invocation);
  // with containment off Codex's own sandbox is the one that holds, and its setting stays the person's
  const sandbox: ConfigFile[] = containmentOffFor(invocation.flags)
    ? []
    : [
        {
          kind: 'toml',
          file: '.codex/config.toml',
          table: ['sandbox_mode'],
          block: codexSandboxBlock(),
          placement: 'start',
        },
      ];
  return [
    ...sandbox,
    {
      kind: 'json',
      file: '.codex/hooks.json',
      dialect: STRICT,
      additions: { hooks: hookEvents(CODEX_EVENTS, handler, undefined) },
    },
    {
      kind: 'toml',
      file: '.codex/config.toml',
      table: ['mcp_servers', INTENTS_MCP_SERVER],
      block: tomlBlock([
        `[mcp_servers.${INTENTS_MCP_SERVER}]`,
        `command = ${tomlString(server.command)}`,
        `args = [${server.args.map(tomlString).join(', ')}]`,
        // codex exec refuses an MCP call that needs approval; the handshake changes only the lifecycle
        'default_tools_approval_mode = "approve"',
        // Codex waits for the server before asking the model, and stops when it cannot start
        'required = true',
        'startup_timeout_sec = 60',
      ]),
    },
  ];
}

function geminiFiles(invocation: HookInvocation): ConfigFile[] {
  // Gemini CLI's hook timeout is in milliseconds
  const handler = {
    type: 'command',
    command: hookCommand('gemini', invocation),
    timeout: (invocation.timeoutSec + 5) * 1000,
  };
  return [
    {
      kind: 'json',
      file: '.gemini/settings.json',
      dialect: jsonDialectOf('.gemini/settings.json'),
      additions: {
        mcpServers: mergeMembers({ [INTENTS_MCP_SERVER]: wholeValue({ ...intentsServer(invocation), trust: true }) }),
        hooks: hookEvents(GEMINI_EVENTS, handler, '.*'),
      },
    },
  ];
}

// the PascalCase names: under them Copilot sends the snake_case payload the adapter reads
export const COPILOT_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'Stop',
  'SessionEnd',
] as const;

/** Where Copilot CLI finds intentgate's hooks: it loads every `.github/hooks/*.json` of a trusted project. */
export const COPILOT_HOOKS_FILE = '.github/hooks/intentgate.json';

function copilotFiles(invocation: HookInvocation): ConfigFile[] {
  // a hook Copilot times out lets the call run: its timeoutSec outlasts the wrapper's own timeout
  const handler = { type: 'command', bash: hookCommand('copilot', invocation), timeoutSec: invocation.timeoutSec + 5 };
  return [
    {
      kind: 'json',
      file: COPILOT_HOOKS_FILE,
      dialect: STRICT,
      siblingsLoaded: true,
      // Copilot's hook files list the handlers under each event, with no matcher groups
      additions: {
        version: wholeValue(1),
        hooks: mergeMembers(Object.fromEntries(COPILOT_EVENTS.map((event) => [event, appendElements([handler])]))),
      },
    },
    { kind: 'json', file: '.mcp.json', dialect: STRICT, additions: { mcpServers: mcpJsonServer(invocation) } },
  ];
}

/** Where OpenCode loads intentgate's plugin from: a project's `.opencode/plugin/`. */
export const OPENCODE_PLUGIN_FILE = '.opencode/plugin/intentgate.js';

function opencodeFiles(invocation: HookInvocation): ConfigFile[] {
  const server = intentsServer(invocation);
  return [
    // OpenCode has no command hooks: the plugin runs the hook command for each tool call
    {
      kind: 'text',
      file: OPENCODE_PLUGIN_FILE,
      text: opencodePluginSource(hookCommand('opencode', invocation)),
      siblingsLoaded: true,
    },
    {
      kind: 'json',
      file: 'opencode.json',
      dialect: jsonDialectOf('opencode.json'),
      additions: {
        mcp: mergeMembers({
          [INTENTS_MCP_SERVER]: wholeValue({ type: 'local', command: [server.command, ...server.args], enabled: true }),
        }),
      },
    },
  ];
}

/**
 * Agents whose hooks one workspace cannot hold together, with the files where the other's hooks
 * are found. GitHub Copilot CLI 1.0.102 also runs the hooks of `.claude/settings.json`
 * (measured): every Copilot event would run intentgate's hook for claude-code too, which
 * refuses every call of a session Copilot's own hook started.
 */
export const RIVAL_AGENTS: Partial<
  Readonly<Record<InstallAgent, { readonly agent: InstallAgent; readonly hookFiles: string; readonly why: string }>>
> = {
  copilot: {
    agent: 'claude-code',
    hookFiles: '.claude/settings.json',
    why: 'GitHub Copilot CLI also runs the hooks of .claude/settings.json',
  },
  'claude-code': {
    agent: 'copilot',
    hookFiles: '.github/hooks/',
    why: 'GitHub Copilot CLI also runs the hooks of .claude/settings.json',
  },
};

/** The files install writes for the agent, and what it adds to each. */
export function agentConfigFiles(agent: InstallAgent, invocation: HookInvocation): readonly ConfigFile[] {
  switch (agent) {
    case 'claude-code':
      return claudeCodeFiles(invocation);
    case 'codex':
      return codexFiles(invocation);
    case 'gemini':
      return geminiFiles(invocation);
    case 'copilot':
      return copilotFiles(invocation);
    case 'opencode':
      return opencodeFiles(invocation);
  }
}
