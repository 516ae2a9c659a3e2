import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, makeServiceWorkspace, request } from './serviceHarness';

const SERVE_SCRIPT = fileURLToPath(new URL('../../scripts/serve.ts', import.meta.url));
// --import resolves from the child's cwd, which is a temp workspace: pass tsx's loader by URL
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const STARTUP_TIMEOUT_MS = 120_000;

interface Run {
  readonly child: ChildProcess;
  readonly stdout: () => string;
  readonly stderr: () => string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function serve(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): Run {
  const { INTENTGATE_APPROVAL_TOKEN: _ignored, PORT: _port, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', TSX_LOADER, SERVE_SCRIPT, ...args], {
    cwd,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, stdout: () => out, stderr: () => err, exited };
}

async function listeningUrl(run: Run): Promise<string> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const match = /listening on (http:\/\/\S+)/.exec(run.stdout());
    // the banner ends with the token line; wait for it so the whole banner can be checked
    if (match?.[1] && /approval token: /.test(run.stdout())) return match[1];
    if (run.child.exitCode !== null) throw new Error(`serve exited early: ${run.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`serve did not start: ${run.stdout()} ${run.stderr()}`);
}

describe('scripts/serve.ts', () => {
  let run: Run;
  let url: string;
  beforeAll(async () => {
    run = serve(['--port', '0', '--prefix', '/slavik'], makeServiceWorkspace());
    url = await listeningUrl(run);
  }, STARTUP_TIMEOUT_MS + 5_000);
  afterAll(() => {
    if (run.child.exitCode === null) run.child.kill('SIGKILL');
  });

  it('prints the actual port, the routes and the generated token', () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*\/slavik$/);
    expect(run.stdout()).toContain('POST /slavik/approve-session');
    expect(run.stdout()).toMatch(/approval token: [A-Za-z0-9_-]{43}/);
    expect(run.stdout()).not.toContain('warning:');
  });

  it('answers GET on an unknown session with 404', async () => {
    const reply = await request(`${url}/sessions/nobody`);
    expect(reply.status).toBe(404);
    expect(errorOf(reply).code).toBe('unknown_session');
  });

  it('exits cleanly on SIGTERM', async () => {
    run.child.kill('SIGTERM');
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(run.stdout()).toContain('SIGTERM: shutting down');
  });
});

describe('scripts/serve.ts startup', () => {
  it(
    'exits 2 with the usage on a bad flag',
    async () => {
      const bad = serve(['--port', 'eighty'], makeServiceWorkspace());
      expect(await bad.exited).toEqual({ code: 2, signal: null });
      expect(bad.stderr()).toMatch(/--port must be an integer[\s\S]*usage: npm start/);
    },
    STARTUP_TIMEOUT_MS,
  );

  it(
    'governs the --workspace folder from another directory, quietly',
    async () => {
      const elsewhere = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'server-elsewhere-'));
      const workspace = makeServiceWorkspace();
      const started = serve(['--port', '0', '--workspace', workspace, '--quiet'], elsewhere);
      try {
        const url = await listeningUrl(started);
        expect(started.stdout()).toContain(`workspace: ${workspace}\n`);
        expect(started.stdout()).not.toContain('warning:');
        await request(`${url}/sessions/w/prompt`, { body: { text: 'x' } });
        const selected = await request(`${url}/sessions/w/tool-calls`, {
          body: { tool: 'select_active_intent', args: { intent_id: 'INT-001' } },
        });
        expect(selected.json).toMatchObject({ verdict: 'allow', code: 'intent_selected' });
      } finally {
        started.child.kill('SIGTERM');
        expect(await started.exited).toEqual({ code: 0, signal: null });
      }
      expect(started.stderr()).toBe('');
    },
    STARTUP_TIMEOUT_MS + 5_000,
  );

  it(
    'exits 2 with the usage when --workspace is not a folder',
    async () => {
      const bad = serve(['--port', '0', '--workspace', 'no-such-folder'], makeServiceWorkspace());
      expect(await bad.exited).toEqual({ code: 2, signal: null });
      expect(bad.stderr()).toMatch(
        /--workspace no-such-folder: .*no-such-folder does not exist[\s\S]*usage: npm start/,
      );
    },
    STARTUP_TIMEOUT_MS,
  );

  it(
    'warns about the fail-safe and keeps an environment token secret',
    async () => {
      const bare = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'server-bare-'));
      const token = 'token-from-the-environment-0123';
      const started = serve(['--port', '0'], bare, { INTENTGATE_APPROVAL_TOKEN: token });
      try {
        await listeningUrl(started);
        expect(started.stdout()).toMatch(
          /warning: no \.orchestration\/ in .*fail-safe blocks every tool but select_active_intent/,
        );
        expect(started.stdout()).toContain('approval token: from INTENTGATE_APPROVAL_TOKEN (not printed)');
        expect(started.stdout()).not.toContain(token);
      } finally {
        started.child.kill('SIGINT');
        expect(await started.exited).toEqual({ code: 0, signal: null });
      }
    },
    STARTUP_TIMEOUT_MS + 5_000,
  );
});
