import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/runCli';
import { SERVE_REDIS_TOKEN_REQUIRED } from '../../src/cli/governanceService';
import { REDIS_SKIP_REASON, startRedis, type RedisServer } from '../sessions/redisServer';
import { writeTokenFile } from '../support/approvalCredential';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { cli, memoryIo, tempFile } from './cliHarness';
import { listeningUrl } from './serveHarness';

const TOKEN = 'serve-redis-token-0123456789abcdef';

/** A 0600 approval token file in an owner-only temp folder, outside every workspace. */
const tokenFile = (token = TOKEN): string =>
  writeTokenFile(
    path.join(mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'serve-redis-')), 'token'),
    token,
  );

const refusals = [
  {
    name: 'a Redis store with no deployment name',
    argv: () => ['--store', 'redis://127.0.0.1:1', '--approval-token-file', tokenFile()],
    message: /^- deployment: required with a Redis store/m,
  },
  {
    name: 'a bad deployment name',
    argv: () => ['--store', 'redis://127.0.0.1:1', '--deployment', 'a b', '--approval-token-file', tokenFile()],
    message: /^- deployment: a deployment name is/m,
  },
  {
    name: 'a store that is not a Redis URL',
    argv: () => ['--store', 'mysql://h/db', '--deployment', 'd', '--approval-token-file', tokenFile()],
    message: /^- store: a store is 'memory' or a Redis URL/m,
  },
];

describe('intentgate serve --store', () => {
  it.each(refusals)('refuses $name as a usage error, before listening', async ({ argv, message }) => {
    const run = await cli(['serve', '--port', '0', ...argv()], { cwd: makeWorkspace({ intentsYaml: INTENTS_YAML }) });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe('');
  });

  it('refuses a Redis store without a named approval token, saying why and what to give, before listening', async () => {
    const run = await cli(['serve', '--port', '0', '--store', 'redis://127.0.0.1:1', '--deployment', 'd'], {
      cwd: makeWorkspace({ intentsYaml: INTENTS_YAML }),
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`- ${SERVE_REDIS_TOKEN_REQUIRED}`);
    expect(SERVE_REDIS_TOKEN_REQUIRED).toMatch(/--approval-token-file FILE .*MAC keyed by it/);
    expect(run.stdout).toBe('');
  });

  it('says both what the token and the deployment lack at once', async () => {
    const run = await cli(['serve', '--port', '0', '--store', 'redis://127.0.0.1:1'], {
      cwd: makeWorkspace({ intentsYaml: INTENTS_YAML }),
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`- ${SERVE_REDIS_TOKEN_REQUIRED}`);
    expect(run.stderr).toMatch(/^- deployment: required with a Redis store/m);
  });
});

describe.skipIf(REDIS_SKIP_REASON !== undefined)(
  `intentgate serve on Redis${REDIS_SKIP_REASON === undefined ? '' : ` (skipped: ${REDIS_SKIP_REASON})`}`,
  () => {
    let redis: RedisServer;
    beforeAll(async () => {
      redis = await startRedis();
    });
    afterAll(async () => {
      await redis?.stop();
    });

    /** The JSON of the one session record a deployment holds in Redis, as `redis-cli HGET` reads it. */
    const onlyRecordOf = (deployment: string): { mac?: unknown } => {
      const redisCli = (...args: string[]): string =>
        execFileSync('redis-cli', ['-p', String(redis.port), ...args], { encoding: 'utf8' }).trim();
      const keys = redisCli('KEYS', `intentgate:${deployment}:session:*`).split('\n');
      expect(keys).toHaveLength(1);
      return JSON.parse(redisCli('HGET', keys[0] ?? '', 'state')) as { mac?: unknown };
    };

    const startSession = (url: string, session: string) =>
      fetch(`${url}/sessions/${session}/prompt`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"text":"go"}',
      });

    it("takes the store from the policy and the deployment from the run's environment, shared by two processes' services", async () => {
      const workspace = makeWorkspace({ intentsYaml: INTENTS_YAML });
      const policy = tempFile(
        'policy.yaml',
        `version: 1\nworkspaceRoot: ${JSON.stringify(workspace)}\nservice: { store: ${JSON.stringify(redis.url)}, deployment: from-policy }\n`,
      );
      // every instance of a deployment is given the same token: it keys the records' MACs
      const file = tokenFile();
      const stops = [new AbortController(), new AbortController()];
      const ios = stops.map((stop) =>
        memoryIo({ cwd: '/', stop: stop.signal, env: { INTENTGATE_DEPLOYMENT: 'from-env' } }),
      );
      const exits = ios.map((io) =>
        runCli(['serve', '--policy', policy, '--port', '0', '--quiet', '--approval-token-file', file], io),
      );
      try {
        const [a, b] = await Promise.all(ios.map((io) => listeningUrl(io.stdout)));
        expect((await startSession(a ?? '', 's1')).status).toBe(201);
        expect((await fetch(`${b}/sessions/s1`)).status).toBe(200);
        expect(await (await fetch(`${b}/healthz`)).json()).toMatchObject({ ok: true, store: 'redis', sessions: 1 });
        expect(onlyRecordOf('from-env').mac).toMatch(/^[0-9a-f]{64}$/);
      } finally {
        for (const stop of stops) stop.abort();
        expect(await Promise.all(exits)).toEqual([0, 0]);
      }
    });

    it('starts with only INTENTGATE_APPROVAL_TOKENS, whose first token keys the records', async () => {
      const stop = new AbortController();
      const io = memoryIo({
        cwd: makeWorkspace({ intentsYaml: INTENTS_YAML }),
        stop: stop.signal,
        env: { INTENTGATE_APPROVAL_TOKENS: `ops:${TOKEN}` },
      });
      const exited = runCli(['serve', '--port', '0', '--quiet', '--store', redis.url, '--deployment', 'named'], io);
      try {
        const url = await listeningUrl(io.stdout);
        expect((await startSession(url, 's2')).status).toBe(201);
        expect(onlyRecordOf('named').mac).toMatch(/^[0-9a-f]{64}$/);
      } finally {
        stop.abort();
        expect(await exited).toBe(0);
      }
    });
  },
);
