import { describe, expect, it } from 'vitest';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { cli, memoryIo, tempFile } from './cliHarness';
import { listeningUrl } from './serveHarness';
import { runCli } from '../../src/cli/runCli';

async function post(url: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('intentgate serve', () => {
  it('starts on port 0, answers, and stops when asked', async () => {
    const stop = new AbortController();
    const io = memoryIo({ cwd: makeWorkspace({ intentsYaml: INTENTS_YAML }), stop: stop.signal });
    const exited = runCli(['serve', '--port', '0'], io);
    const url = await listeningUrl(io.stdout);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
    expect((await post(`${url}/sessions/s1/prompt`, { text: 'add login' })).status).toBe(201);
    const decision = await post(`${url}/sessions/s1/tool-calls`, {
      tool: 'write_to_file',
      args: { path: 'src/auth/a.ts' },
    });
    expect(decision).toMatchObject({ status: 200, json: { verdict: 'deny', code: 'state_violation' } });
    stop.abort('SIGTERM');
    expect(await exited).toBe(0);
    expect(io.stdout.text).toMatch(
      /approval token: [A-Za-z0-9_-]{43} {2}\(set INTENTGATE_APPROVAL_TOKEN to choose one\)\nSIGTERM: shutting down\nstopped\n$/,
    );
    // stderr holds the log: one JSON object per line
    const events = io.stderr.text
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { event: string }).event);
    expect(events).toEqual(['containment', 'listening', 'request', 'request', 'stopped']);
  });

  it("takes the prefix and the governor options from the policy, the port from the flag, the token from the run's environment", async () => {
    const workspace = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const policy = tempFile(
      'policy.yaml',
      `version: 1\nworkspaceRoot: ${JSON.stringify(workspace)}\nclassification: { deploy_app: SAFE }\nservice: { port: 1, prefix: /slavik }\n`,
    );
    const stop = new AbortController();
    const token = 'token-from-the-run-environment';
    const io = memoryIo({ cwd: '/', stop: stop.signal, env: { INTENTGATE_APPROVAL_TOKEN: token } });
    const exited = runCli(['serve', '--policy', policy, '--port', '0'], io);
    const url = await listeningUrl(io.stdout);
    try {
      expect(url).toMatch(/\/slavik$/);
      expect(io.stdout.text).toContain(`policy: ${policy}\nworkspace: ${workspace}\n`);
      expect(io.stdout.text).toContain('approval token: from INTENTGATE_APPROVAL_TOKEN (not printed)');
      expect(io.stdout.text).not.toContain(token);
      await post(`${url}/sessions/s1/prompt`, {});
      expect((await post(`${url}/sessions/s1/tool-calls`, { tool: 'deploy_app', args: {} })).json).toMatchObject({
        verdict: 'allow',
        code: 'safe_tool',
      });
      const approve = await fetch(`${url}/approve-session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ session_id: 's1', categories: ['EXEC_ARBITRARY'] }),
      });
      expect(approve.status).toBe(200);
    } finally {
      stop.abort();
      expect(await exited).toBe(0);
    }
    expect(io.stdout.text).toContain('stop: shutting down\n');
  });

  it('answers the host names --allowed-host adds, and refuses others with 421', async () => {
    const stop = new AbortController();
    const io = memoryIo({ cwd: makeWorkspace({ intentsYaml: INTENTS_YAML }), stop: stop.signal });
    const exited = runCli(['serve', '--port', '0', '--allowed-host', 'intentgate.internal'], io);
    const url = await listeningUrl(io.stdout);
    const { request } = await import('node:http');
    const statusFor = (host: string): Promise<number | undefined> =>
      new Promise((resolve, reject) => {
        const req = request(`${url}/sessions/none`, { headers: { host } }, (res) => {
          res.resume();
          resolve(res.statusCode);
        });
        req.on('error', reject);
        req.end();
      });
    try {
      const port = new URL(url).port;
      expect(await statusFor(`intentgate.internal:${port}`)).toBe(404);
      expect(await statusFor(`elsewhere.example:${port}`)).toBe(421);
    } finally {
      stop.abort();
      expect(await exited).toBe(0);
    }
  });

  it('warns about the fail-safe in a workspace without .orchestration/', async () => {
    const stop = new AbortController();
    stop.abort();
    const io = memoryIo({ cwd: makeWorkspace({ orchestration: false }), stop: stop.signal });
    expect(await runCli(['serve', '--port', '0'], io)).toBe(0);
    expect(io.stdout.text).toMatch(
      /warning: no \.orchestration\/ in .*: the fail-safe blocks every tool but select_active_intent until it exists/,
    );
  });

  it('exits 1 when the policy is invalid, before listening', async () => {
    const policy = tempFile('policy.yaml', 'version: 1\nservice: { port: 99999 }\n');
    const run = await cli(['serve', '--policy', policy]);
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: `error: Invalid policy ${policy}:\n- service.port: Too big: expected number to be <=65535\n`,
    });
  });

  it('exits 1 when the port is taken', async () => {
    const first = new AbortController();
    const io = memoryIo({ cwd: makeWorkspace(), stop: first.signal });
    const exited = runCli(['serve', '--port', '0'], io);
    const port = new URL(await listeningUrl(io.stdout)).port;
    try {
      const run = await cli(['serve', '--port', port], { cwd: makeWorkspace() });
      expect(run.code).toBe(1);
      // the containment record comes first: it is said at start, before listening
      expect(run.stderr).toMatch(
        new RegExp(
          `^\\{"time":[^\\n]*"event":"containment"[^\\n]*\\}\\nerror: cannot listen on ` +
            `127\\.0\\.0\\.1:${port}: listen EADDRINUSE.*; choose another --port or --host\\n$`,
        ),
      );
    } finally {
      first.abort();
      await exited;
    }
  });
});
