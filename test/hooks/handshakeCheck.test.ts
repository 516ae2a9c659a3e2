import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/runCli';
import { handshakeRegistration, handshakeWarning } from '../../src/hooks/handshakeCheck';
import { INSTALL_AGENTS } from '../../src/hooks/install/agentConfigs';
import { MemoryOutput, memoryIo, REPO_ROOT } from '../cli/cliHarness';
import { install, INVOCATION } from './install/installFixture';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

// A hook event of a session in REQUEST whose agent does not register the intents MCP server
// (so the model has no select_active_intent) warns: in the refusal of a call made without an
// intent, and on stderr when it is a terminal; the agent's protocol output stays as it is.

const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const MAIN = path.join(REPO_ROOT, 'src', 'cli', 'main.ts');

const tempDir = (prefix: string): string => mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), prefix));

/** Writes each file (relative path → text) under `root`. */
function put(root: string, files: Readonly<Record<string, string>>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
}

const SERVER = JSON.stringify({ mcpServers: { intentgate: { command: 'intentgate', args: ['intents-mcp'] } } });
const OTHER = JSON.stringify({ mcpServers: { github: { command: 'gh-mcp' } } });

interface RegistrationCase {
  readonly name: string;
  readonly agent: string;
  readonly workspace?: Readonly<Record<string, string>>;
  /** files of the user's home; `<workspace>` in a text is the workspace's path */
  readonly home?: Readonly<Record<string, string>>;
  readonly env?: (home: string) => NodeJS.ProcessEnv;
  readonly expected: 'registered' | 'missing' | 'unchecked';
}

const CASES: readonly RegistrationCase[] = [
  {
    name: "finds Claude Code's server in .mcp.json",
    agent: 'claude-code',
    workspace: { '.mcp.json': SERVER },
    expected: 'registered',
  },
  {
    name: "finds Claude Code's server in .claude/settings.json",
    agent: 'claude-code',
    workspace: { '.claude/settings.json': SERVER },
    expected: 'registered',
  },
  {
    name: 'finds a server the user added for every project',
    agent: 'claude-code',
    home: { '.claude.json': SERVER },
    expected: 'registered',
  },
  {
    name: 'finds a server the user added for this project only',
    agent: 'claude-code',
    home: { '.claude.json': JSON.stringify({ projects: { '<workspace>': JSON.parse(SERVER) as unknown } }) },
    expected: 'registered',
  },
  {
    name: 'misses a server the user added for another project',
    agent: 'claude-code',
    home: { '.claude.json': JSON.stringify({ projects: { '/elsewhere': JSON.parse(SERVER) as unknown } }) },
    expected: 'missing',
  },
  {
    name: 'misses it when only other servers are registered',
    agent: 'claude-code',
    workspace: { '.mcp.json': OTHER },
    expected: 'missing',
  },
  { name: 'misses it when no file is there', agent: 'claude-code', expected: 'missing' },
  {
    name: 'misses it in a file that is not JSON',
    agent: 'claude-code',
    workspace: { '.mcp.json': '{ "mcpServers": ' },
    expected: 'missing',
  },
  {
    name: "finds Codex's server table in .codex/config.toml",
    agent: 'codex',
    workspace: { '.codex/config.toml': 'model = "o4"\n\n[mcp_servers.intentgate]\ncommand = "intentgate"\n' },
    expected: 'registered',
  },
  {
    name: "finds Codex's server as dotted keys",
    agent: 'codex',
    workspace: { '.codex/config.toml': 'mcp_servers.intentgate.command = "intentgate"\n' },
    expected: 'registered',
  },
  {
    name: "misses Codex's server table commented out",
    agent: 'codex',
    workspace: { '.codex/config.toml': '# [mcp_servers.intentgate]\n[mcp_servers.intentgate_old]\n' },
    expected: 'missing',
  },
  {
    name: "finds Codex's server in $CODEX_HOME",
    agent: 'codex',
    home: { 'codex-home/config.toml': '[mcp_servers."intentgate"]\ncommand = "intentgate"\n' },
    env: (home) => ({ HOME: home, CODEX_HOME: path.join(home, 'codex-home') }),
    expected: 'registered',
  },
  {
    name: "finds Gemini CLI's server in settings with comments",
    agent: 'gemini',
    workspace: {
      '.gemini/settings.json': `{\n  // the handshake\n  "mcpServers": { "intentgate": { "command": "intentgate" } }\n}`,
    },
    expected: 'registered',
  },
  {
    name: "misses Gemini CLI's server in settings Gemini cannot read either (a trailing comma)",
    agent: 'gemini',
    workspace: { '.gemini/settings.json': `{\n  "mcpServers": { "intentgate": { "command": "intentgate" } },\n}` },
    expected: 'missing',
  },
  {
    name: "finds Gemini CLI's server in the user's settings",
    agent: 'gemini',
    home: {
      '.gemini/settings.json': `{\n  /* mine */\n  "mcpServers": { "intentgate": { "command": "intentgate" } }\n}`,
    },
    expected: 'registered',
  },
  { name: 'checks nothing for an agent whose configuration it does not know', agent: 'cursor', expected: 'unchecked' },
];

describe('whether the agent registers the intents MCP server', () => {
  it.each(CASES)('$name', ({ agent, workspace, home, env, expected }) => {
    const root = tempDir('handshake-ws-');
    const user = tempDir('handshake-home-');
    put(root, workspace ?? {});
    put(
      user,
      Object.fromEntries(
        Object.entries(home ?? {}).map(([file, text]) => [file, text.replaceAll('<workspace>', root)]),
      ),
    );
    expect(handshakeRegistration(agent, { workspace: root, env: env?.(user) ?? { HOME: user } }).kind).toBe(expected);
  });

  it.each(INSTALL_AGENTS)('finds the server `intentgate hooks install %s` registers', (agent) => {
    const target = { workspace: tempDir('handshake-install-'), orchestrationDir: '' };
    install({ ...target, orchestrationDir: path.join(target.workspace, '.orchestration') }, agent, INVOCATION);
    const where = { workspace: target.workspace, env: { HOME: tempDir('handshake-home-') } };
    expect([handshakeRegistration(agent, where).kind, handshakeWarning(agent, where)]).toEqual([
      'registered',
      undefined,
    ]);
  });

  it('names the files it looked in and the command that fixes it', () => {
    const root = tempDir('handshake-ws-');
    const user = tempDir('handshake-home-');
    const warning = handshakeWarning('claude-code', { workspace: root, env: { HOME: user } });
    expect(warning).toContain(path.join(root, '.mcp.json'));
    expect(warning).toContain(path.join(user, '.claude.json'));
    expect(warning).toContain('`intentgate hooks install claude-code`');
  });
});

/** A terminal's stderr: what a person running the hook by hand sees. */
class TerminalOutput extends MemoryOutput {
  readonly isTTY = true;
}

const claudeEvent = (root: string, session: string, name: string, fields: Record<string, unknown> = {}) =>
  JSON.stringify({
    session_id: session,
    transcript_path: `/home/dev/.claude/projects/x/${session}.jsonl`,
    cwd: root,
    permission_mode: 'default',
    hook_event_name: name,
    ...fields,
  });

const WRITE = { tool_name: 'Write', tool_input: { file_path: 'src/auth/login.ts', content: 'x' }, tool_use_id: 't1' };

/** One event through `intentgate hook claude-code` in this process, stderr a terminal or not; what it printed. */
async function hookHere(
  root: string,
  home: string,
  event: string,
  terminal: boolean,
): Promise<{ readonly stdout: string; readonly stderr: string }> {
  const io = memoryIo({ cwd: root, env: { HOME: home, PATH: process.env.PATH ?? '/usr/bin:/bin' }, stdin: event });
  const stderr = terminal ? new TerminalOutput() : io.stderr;
  await runCli(['hook', 'claude-code', '--workspace', root], { ...io, stderr });
  return { stdout: io.stdout.text, stderr: stderr.text };
}

/** The reason Claude Code shows for a refused call. */
const reasonOf = (stdout: string): string =>
  (JSON.parse(stdout) as { hookSpecificOutput: { permissionDecisionReason: string } }).hookSpecificOutput
    .permissionDecisionReason;

describe('intentgate hook when the agent does not register the intents server', () => {
  it('adds the warning to the refusal of a call made without an intent, and to nothing else', async () => {
    const bare = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const registered = makeWorkspace({ intentsYaml: INTENTS_YAML });
    put(registered, { '.mcp.json': SERVER });
    const home = tempDir('handshake-home-');
    const refusal = reasonOf((await hookHere(bare, home, claudeEvent(bare, 's1', 'PreToolUse', WRITE), false)).stdout);
    const plain = reasonOf(
      (await hookHere(registered, home, claudeEvent(registered, 's1', 'PreToolUse', WRITE), false)).stdout,
    );
    expect(refusal).toBe(`${plain}\n\n${handshakeWarning('claude-code', { workspace: bare, env: { HOME: home } })}`);
    expect(plain).toContain('State Violation');
    expect(plain).not.toContain('hooks install');
  });

  it('warns on stderr at a terminal only, and answers the prompt byte for byte as when it is registered', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const prompt = claudeEvent(root, 's2', 'UserPromptSubmit', { prompt: 'add login' });
    const atTerminal = await hookHere(root, tempDir('handshake-home-'), prompt, true);
    const piped = await hookHere(root, tempDir('handshake-home-'), prompt, false);
    put(root, { '.mcp.json': SERVER });
    const registered = await hookHere(root, tempDir('handshake-home-'), prompt, true);
    expect(atTerminal.stderr).toContain('`intentgate hooks install claude-code`');
    expect(piped.stderr).not.toContain('hooks install');
    expect(registered.stderr).not.toContain('hooks install');
    expect([atTerminal.stdout, piped.stdout]).toEqual([registered.stdout, registered.stdout]);
  });

  it('says nothing once an intent is selected', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const home = tempDir('handshake-home-');
    const select = {
      tool_name: 'mcp__intentgate__select_active_intent',
      tool_input: { intent_id: 'INT-001' },
      tool_use_id: 't0',
    };
    await hookHere(root, home, claudeEvent(root, 's3', 'PreToolUse', select), true);
    const outside = { ...WRITE, tool_input: { file_path: 'docs/x.md', content: 'x' } };
    const run = await hookHere(root, home, claudeEvent(root, 's3', 'PreToolUse', outside), true);
    expect(reasonOf(run.stdout)).not.toContain('hooks install');
    expect(run.stderr).not.toContain('hooks install');
  });

  it('tells the model in a real hook process, whose stderr is no terminal, and leaves stderr alone', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const child = spawn(process.execPath, ['--import', TSX_LOADER, MAIN, 'hook', 'claude-code', '--workspace', root], {
      cwd: root,
      env: { HOME: tempDir('handshake-home-'), PATH: process.env.PATH ?? '/usr/bin:/bin' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.stdin.end(claudeEvent(root, 's4', 'PreToolUse', WRITE));
    // a backstop: a hook that hangs is killed
    const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearTimeout(killer);
    expect([code, reasonOf(stdout)]).toEqual([0, expect.stringContaining('`intentgate hooks install claude-code`')]);
    expect(stderr).toBe('');
  });
});
