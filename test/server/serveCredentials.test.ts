import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveCredentials } from '../../src/cli/serveCredentials';
import { UsageError } from '../../src/cli/usageError';
import { cli, memoryIo, REPO_ROOT } from '../cli/cliHarness';
import { REDIS_SKIP_REASON, startRedis, type RedisServer } from '../sessions/redisServer';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

// Issue 33, finding 4: `intentgate serve` takes the approval token and the Redis password from
// owner-only files, so neither is in its command line (ps -o args=) nor its environment (ps eww).

const TOKEN = 'file-token-0123456789abcdefghijklmnopqrstuvwxyz';
const PASSWORD = 'redis-password-from-a-file-5f3a9c';
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const MAIN = path.join(REPO_ROOT, 'src', 'cli', 'main.ts');
const onLinux = process.platform === 'linux';
// a workspace none of the secret files is in
const WORKSPACE = path.join(path.sep, 'srv', 'governed-workspace');

/** A file holding `text` in a fresh folder, with `mode`. */
function secretFile(name: string, text: string, mode = 0o600): string {
  const file = path.join(mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'secret-')), name);
  writeFileSync(file, `${text}\n`);
  chmodSync(file, mode);
  return file;
}

describe.skipIf(REDIS_SKIP_REASON !== undefined || !onLinux)('a service given its secrets in files', () => {
  let redis: RedisServer;
  let child: ChildProcess;
  let url = '';
  let stdout = '';
  let stderr = '';

  beforeAll(async () => {
    redis = await startRedis(undefined, PASSWORD);
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const {
      INTENTGATE_APPROVAL_TOKEN: _token,
      INTENTGATE_APPROVAL_TOKENS: _tokens,
      PORT: _port,
      ...inherited
    } = process.env;
    const args = [
      '--import',
      TSX_LOADER,
      MAIN,
      'serve',
      '--port',
      '0',
      '--quiet',
      '--store',
      redis.url,
      '--deployment',
      'files',
    ];
    const files = [
      '--approval-token-file',
      secretFile('token', TOKEN),
      '--store-password-file',
      secretFile('redis-password', PASSWORD),
    ];
    child = spawn(process.execPath, [...args, ...files], {
      cwd: root,
      env: inherited,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    // a bounded number of looks at the banner; the child's own failure ends the wait at once
    for (let look = 0; look < 2400 && url === ''; look += 1) {
      if (child.exitCode !== null) throw new Error(`serve exited: ${stderr}`);
      url = /listening on (http:\/\/\S+)/.exec(stdout)?.[1] ?? '';
      if (url === '' || !stdout.includes('approval token: ')) {
        url = '';
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }, 180_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await redis?.stop();
  });

  it('holds neither secret in its command line nor its environment', () => {
    const pid = String(child.pid);
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    const environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
    expect(cmdline).toContain('--approval-token-file');
    for (const secret of [TOKEN, PASSWORD]) {
      expect(cmdline).not.toContain(secret);
      expect(environ).not.toContain(secret);
      expect(execFileSync('ps', ['-o', 'args=', '-p', pid], { encoding: 'utf8' })).not.toContain(secret);
      expect(execFileSync('ps', ['eww', '-p', pid], { encoding: 'utf8' })).not.toContain(secret);
    }
    expect(stdout).not.toContain(TOKEN);
  });

  it('uses both: Redis answers with the password, and the token of the file approves', async () => {
    const health = (await (await fetch(`${url}/healthz`)).json()) as { ok: boolean; store: string };
    expect(health).toMatchObject({ ok: true, store: 'redis' });
    const approve = (authorization: string) =>
      fetch(`${url}/approve-session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify({ session_id: 'no-such-session', categories: ['SUDO'] }),
      });
    // past the credential check the session is looked up (404); a wrong token stops before it (401)
    expect((await approve(`Bearer ${TOKEN}`)).status).toBe(404);
    expect((await approve('Bearer wrong-token-0123456789abcdefghijkl')).status).toBe(401);
  });
});

describe('serveCredentials', () => {
  it('deletes the token variables from the environment once read, and hands them to the service alone', () => {
    const io = memoryIo({
      env: { INTENTGATE_APPROVAL_TOKEN: TOKEN, INTENTGATE_APPROVAL_TOKENS: `ops=${TOKEN}x`, HOME: '/home/dev' },
    });
    const credentials = serveCredentials({}, undefined, WORKSPACE, io);
    expect(io.env).toEqual({ HOME: '/home/dev' });
    expect(credentials.env).toEqual({
      HOME: '/home/dev',
      INTENTGATE_APPROVAL_TOKEN: TOKEN,
      INTENTGATE_APPROVAL_TOKENS: `ops=${TOKEN}x`,
    });
  });

  it('prefers the token file to the environment', () => {
    const io = memoryIo({ env: { INTENTGATE_APPROVAL_TOKEN: 'from-the-environment-0123456789abcdef' } });
    expect(
      serveCredentials({ approvalTokenFile: secretFile('token', TOKEN) }, undefined, WORKSPACE, io).env
        .INTENTGATE_APPROVAL_TOKEN,
    ).toBe(TOKEN);
  });

  it('puts the password of its file into the store URL, and reads a whole URL from its file', () => {
    const io = memoryIo();
    expect(
      serveCredentials({ storePasswordFile: secretFile('pw', 'p@ss:w/rd') }, 'redis://10.0.0.5:6379', WORKSPACE, io)
        .store,
    ).toBe('redis://:p%40ss%3Aw%2Frd@10.0.0.5:6379');
    expect(
      serveCredentials({ storeUrlFile: secretFile('url', 'redis://:pw@10.0.0.5:6379/2') }, undefined, WORKSPACE, io)
        .store,
    ).toBe('redis://:pw@10.0.0.5:6379/2');
  });

  it('warns of a password written in the store URL', () => {
    const { warnings } = serveCredentials({}, 'redis://:hunter2@127.0.0.1:6379', WORKSPACE, memoryIo());
    expect(warnings).toEqual([expect.stringContaining('give it with --store-password-file or --store-url-file')]);
    expect(serveCredentials({}, 'redis://127.0.0.1:6379', WORKSPACE, memoryIo()).warnings).toEqual([]);
  });

  it.each([
    {
      name: 'readable by its group',
      mode: 0o640,
      message: 'its permissions are 640, readable by others; make it owner-only with chmod 600',
    },
    {
      name: 'readable by anyone',
      mode: 0o644,
      message: 'its permissions are 644, readable by others; make it owner-only with chmod 600',
    },
  ])('refuses a token file $name', ({ mode, message }) => {
    const file = secretFile('token', TOKEN, mode);
    expect(() => serveCredentials({ approvalTokenFile: file }, undefined, WORKSPACE, memoryIo())).toThrow(
      new UsageError(`--approval-token-file ${file}: ${message}`),
    );
  });

  it("refuses a token file inside the workspace, where the agent's tools read", () => {
    const file = secretFile('token', TOKEN);
    expect(() => serveCredentials({ approvalTokenFile: file }, undefined, path.dirname(file), memoryIo())).toThrow(
      /inside the workspace/,
    );
  });

  it('exits 2 naming the flag when serve is given a token file others can read', async () => {
    const file = secretFile('token', TOKEN, 0o644);
    const run = await cli(['serve', '--port', '0', '--quiet', '--approval-token-file', file], { cwd: makeWorkspace() });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--approval-token-file ${file}: its permissions are 644`);
  });
});
