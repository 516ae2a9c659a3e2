import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/runCli';
import { handshakeWarning } from '../../src/hooks/handshakeCheck';
import { memoryIo, REPO_ROOT } from '../cli/cliHarness';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

// A real `intentgate serve --workspace` (its own HOME, so the user's files say nothing): Claude
// Code's hook event posted to `POST /hooks/claude-code` for a write made before any intent is
// refused with the same warning `intentgate hook claude-code` adds, while the workspace does not
// register the intents MCP server, and without it once `.mcp.json` does.

const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const MAIN = path.join(REPO_ROOT, 'src', 'cli', 'main.ts');
const TOKEN = 'hook-route-handshake-token-0123456789';
// a backstop for a start on a machine busy with other suites, not a measure of it
const STARTUP_BACKSTOP_MS = 120_000;

const SERVER = JSON.stringify({ mcpServers: { intentgate: { command: 'intentgate', args: ['intents-mcp'] } } });
const WRITE = { tool_name: 'Write', tool_input: { file_path: 'src/auth/login.ts', content: 'x' }, tool_use_id: 't1' };

const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
const home = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'handshake-home-'));
let serve: ChildProcess | undefined;
let url = '';

const claudeEvent = (session: string, fields: Record<string, unknown>) =>
  JSON.stringify({
    session_id: session,
    transcript_path: `/home/dev/.claude/projects/x/${session}.jsonl`,
    cwd: root,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    ...fields,
  });

/** The reason Claude Code shows for a refused call, from the hook's JSON. */
const reasonOf = (body: unknown): string =>
  (body as { hookSpecificOutput: { permissionDecisionReason: string } }).hookSpecificOutput.permissionDecisionReason;

/** The reason the service's hook route answers for one PreToolUse event. */
async function routeReason(session: string): Promise<string> {
  const response = await fetch(`${url}/hooks/claude-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: claudeEvent(session, WRITE),
  });
  expect(response.status).toBe(200);
  return reasonOf(await response.json());
}

/** The reason `intentgate hook claude-code --workspace` (the command hook, its file store) gives for the same event. */
async function commandHookReason(session: string): Promise<string> {
  const io = memoryIo({
    cwd: root,
    env: { HOME: home, PATH: process.env.PATH ?? '/usr/bin:/bin' },
    stdin: claudeEvent(session, WRITE),
  });
  await runCli(['hook', 'claude-code', '--workspace', root], io);
  return reasonOf(JSON.parse(io.stdout.text));
}

beforeAll(async () => {
  const child = spawn(
    process.execPath,
    ['--import', TSX_LOADER, MAIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--quiet', '--workspace', root],
    {
      cwd: root,
      env: { HOME: home, PATH: process.env.PATH ?? '/usr/bin:/bin', INTENTGATE_APPROVAL_TOKEN: TOKEN },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  serve = child;
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  url = await new Promise<string>((resolve, reject) => {
    const backstop = setTimeout(
      () => reject(new Error(`serve did not start: ${stdout} ${stderr}`)),
      STARTUP_BACKSTOP_MS,
    );
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
    child.stdout.on('data', () => {
      const found = /listening on (http:\/\/\S+)/.exec(stdout)?.[1];
      if (found !== undefined && stdout.includes('approval token: ')) {
        clearTimeout(backstop);
        resolve(found);
      }
    });
  });
}, STARTUP_BACKSTOP_MS + 10_000);

afterAll(async () => {
  const child = serve;
  if (child === undefined || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
});

describe('POST /hooks/<agent> when the agent does not register the intents server', () => {
  it('refuses a write made before an intent with the warning the command hook adds, and without it once registered', async () => {
    const warning = handshakeWarning('claude-code', { workspace: root, env: { HOME: home } });
    expect(warning).toContain('`intentgate hooks install claude-code`');
    const unregistered = await routeReason('route-1');
    expect(unregistered).toBe(await commandHookReason('hook-1'));
    expect(unregistered).toMatch(/^State Violation: Intent Handshake required for DESTRUCTIVE actions/);
    expect(unregistered.endsWith(`\n\n${warning}`)).toBe(true);

    writeFileSync(path.join(root, '.mcp.json'), SERVER);
    const registered = await routeReason('route-2');
    expect(registered).toBe(await commandHookReason('hook-2'));
    expect(registered).not.toContain('hooks install');
    expect(unregistered).toBe(`${registered}\n\n${warning}`);
  });
});
