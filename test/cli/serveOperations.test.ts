import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/runCli';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { cli, memoryIo, tempFile } from './cliHarness';
import { listeningUrl } from './serveHarness';

const OWN_INTENTS = `active_intents:
  - id: INT-WS-7
    name: The workspace's own intent
    owned_scope: ['lib/**']
`;

async function send(
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(token !== undefined && { authorization: `Bearer ${token}` }),
  };
  const response =
    body === undefined
      ? await fetch(url, token === undefined ? {} : { headers })
      : await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await response.text();
  return {
    status: response.status,
    json: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : { text },
  };
}

/** Runs `serve` with `args` in `cwd` until `work` is done, then stops it; the run's io and exit code. */
async function serving(
  args: readonly string[],
  cwd: string,
  work: (url: string, io: ReturnType<typeof memoryIo>) => Promise<void>,
): Promise<ReturnType<typeof memoryIo>> {
  const stop = new AbortController();
  const io = memoryIo({ cwd, stop: stop.signal });
  const exited = runCli(['serve', '--port', '0', ...args], io);
  try {
    await work(await listeningUrl(io.stdout), io);
  } finally {
    stop.abort();
    expect(await exited).toBe(0);
  }
  return io;
}

const emptyFolder = (): string => mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'serve-cwd-'));

describe('intentgate serve --workspace', () => {
  const cases = [
    { name: 'an absolute path', flag: (workspace: string) => workspace, cwd: emptyFolder },
    {
      name: 'a path relative to the current directory',
      flag: (workspace: string) => path.relative(path.dirname(workspace), workspace),
      cwd: (workspace: string) => path.dirname(workspace),
    },
  ];

  it.each(cases)('governs the folder named by $name, with its own intents', async ({ flag, cwd }) => {
    const workspace = makeWorkspace({ intentsYaml: OWN_INTENTS });
    const io = await serving(['--workspace', flag(workspace)], cwd(workspace), async (url) => {
      await send(`${url}/sessions/w1/prompt`, { text: 'work on lib' });
      const selected = await send(`${url}/sessions/w1/tool-calls`, {
        tool: 'select_active_intent',
        args: { intent_id: 'INT-WS-7' },
      });
      expect(selected.json).toMatchObject({ verdict: 'allow', code: 'intent_selected' });
      expect((await send(`${url}/sessions/w1`)).json).toMatchObject({
        state: 'ACTION',
        active_intent: { id: 'INT-WS-7', owned_scope: ['lib/**'] },
      });
    });
    expect(io.stdout.text).toContain(`workspace: ${workspace}\n`);
    expect(io.stdout.text).not.toContain('warning:');
  });

  const refusals = [
    {
      name: 'a folder that does not exist',
      flag: () => path.join(emptyFolder(), 'missing'),
      message: /^error: --workspace .*missing: .* does not exist$/m,
    },
    {
      name: 'a file',
      flag: () => tempFile('not-a-folder.txt', 'x'),
      message: /^error: --workspace .*not-a-folder\.txt: .* is not a folder$/m,
    },
    { name: 'an empty value', flag: () => '', message: /^error: --workspace must not be empty/m },
  ];

  it.each(refusals)('refuses $name as a usage error, before listening', async ({ flag, message }) => {
    const run = await cli(['serve', '--port', '0', '--workspace', flag()], { cwd: emptyFolder() });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe('');
  });
});

describe('intentgate serve logs', () => {
  it('keeps the token and the sign-in code out of the log across a run that signs in and approves', async () => {
    const workspace = makeWorkspace({ intentsYaml: OWN_INTENTS });
    let token = '';
    let code = '';
    const io = await serving([], workspace, async (url, { stdout }) => {
      token = /approval token: (\S+)/.exec(stdout.text)?.[1] ?? '';
      code = /#sign-in=(\S+)/.exec(stdout.text)?.[1] ?? '';
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await send(`${url}/console/sign-in`, { code })).status).toBe(200);
      await send(`${url}/sessions/s1/prompt`, { text: 'x' });
      await send(`${url}/sessions/s1/tool-calls`, { tool: 'select_active_intent', args: { intent_id: 'INT-WS-7' } });
      const held = await send(`${url}/sessions/s1/tool-calls`, {
        tool: 'write_to_file',
        args: { path: 'lib/a.ts', content: 'x' },
      });
      const approvalId = (held.json.approval as { id?: string } | undefined)?.id ?? '';
      expect((await send(`${url}/sessions/s1/approvals/${approvalId}`, { answer: 'continue' }, token)).status).toBe(
        200,
      );
      expect((await send(`${url}/approve-session`, { session_id: 's1', categories: ['SUDO'] }, token)).status).toBe(
        200,
      );
      expect((await send(`${url}/metrics`)).status).toBe(200);
    });
    const records = io.stderr.text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { event: string; route?: string });
    expect(records.filter((record) => record.event === 'request').map((record) => record.route)).toEqual([
      '/console/sign-in',
      '/sessions/:id/prompt',
      '/sessions/:id/tool-calls',
      '/sessions/:id/tool-calls',
      '/sessions/:id/approvals/:approvalId',
      '/approve-session',
      '/metrics',
    ]);
    expect(io.stderr.text).not.toContain(token);
    expect(io.stderr.text).not.toContain(code);
  });

  it('writes nothing to stderr with --quiet', async () => {
    const io = await serving(['--quiet'], makeWorkspace(), async (url) => {
      expect((await send(`${url}/healthz`)).json).toMatchObject({ ok: true });
    });
    expect(io.stderr.text).toBe('');
  });
});

describe('intentgate serve operations settings', () => {
  it('requires the token for /metrics with --metrics-access token, and says so in the routes', async () => {
    const envToken = 'token-for-the-metrics-0123';
    const stop = new AbortController();
    const io = memoryIo({ cwd: makeWorkspace(), stop: stop.signal, env: { INTENTGATE_APPROVAL_TOKEN: envToken } });
    const exited = runCli(['serve', '--port', '0', '--quiet', '--metrics-access', 'token'], io);
    try {
      const url = await listeningUrl(io.stdout);
      expect(io.stdout.text).toMatch(/GET {2}\/metrics {2}\(Authorization: Bearer <approval token>\)/);
      expect(io.stdout.text).toMatch(/GET {2}\/healthz\n/);
      expect((await send(`${url}/metrics`)).status).toBe(401);
      expect((await send(`${url}/metrics`, undefined, envToken)).status).toBe(200);
    } finally {
      stop.abort();
      expect(await exited).toBe(0);
    }
  });

  it('refuses a --metrics-access that is neither open nor token', async () => {
    const run = await cli(['serve', '--metrics-access', 'public'], { cwd: makeWorkspace() });
    expect(run).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--metrics-access must be open or token, got 'public'"),
    });
  });

  it("answers a short body within the policy's request timeout", async () => {
    const workspace = makeWorkspace();
    const policy = tempFile(
      'policy.yaml',
      `version: 1\nworkspaceRoot: ${JSON.stringify(workspace)}\nservice: { headersTimeoutMs: 500, requestTimeoutMs: 1000 }\n`,
    );
    await serving(['--policy', policy, '--quiet'], emptyFolder(), async (url) => {
      const { hostname, port } = new URL(url);
      const started = Date.now();
      const received = await new Promise<string>((resolve) => {
        let text = '';
        const socket = connect(Number(port), hostname, () =>
          socket.write(
            'POST /sessions/s/prompt HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"text":"x',
          ),
        );
        socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        socket.on('error', () => undefined);
        socket.on('close', () => resolve(text));
      });
      expect(received).toMatch(/^HTTP\/1\.1 408 [\s\S]*"code":"request_timeout"/);
      // the policy's 1 s, not Node's default 300 s: the bound tells them apart on a busy machine
      expect(Date.now() - started).toBeLessThan(60_000);
    });
  });

  it("refuses a shell command whose analysis takes longer than the policy's analysis budget", async () => {
    const workspace = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const policy = tempFile(
      'policy.yaml',
      `version: 1\nworkspaceRoot: ${JSON.stringify(workspace)}\nservice: { analysisBudgetMs: 1, analysisWorkers: 1 }\n`,
    );
    await serving(['--policy', policy, '--quiet'], emptyFolder(), async (url) => {
      const send = (route: string, body: unknown) =>
        fetch(`${url}${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((reply) => reply.json() as Promise<Record<string, unknown>>);
      await send('/sessions/s/prompt', { text: 'x' });
      await send('/sessions/s/tool-calls', { tool: 'select_active_intent', args: { intent_id: 'INT-001' } });
      // a pipeline of 20,000 commands takes far longer than 1 ms to analyse
      const decision = await send('/sessions/s/tool-calls', {
        tool: 'execute_command',
        args: { command: Array.from({ length: 20_000 }, () => 'x').join('|') },
      });
      expect(decision).toMatchObject({ verdict: 'deny', code: 'analysis_over_budget' });
    });
  });

  it('reports a header timeout longer than the request timeout in the policy', async () => {
    const policy = tempFile('policy.yaml', 'version: 1\nservice: { headersTimeoutMs: 5000, requestTimeoutMs: 1000 }\n');
    const run = await cli(['serve', '--policy', policy]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('service.headersTimeoutMs: 5000 is longer than requestTimeoutMs (1000)');
  });
});
