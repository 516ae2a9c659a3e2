import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/runCli';
import { REDIS_SKIP_REASON, startRedis, type RedisServer } from '../sessions/redisServer';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { cli, memoryIo, tempFile } from './cliHarness';
import { listeningUrl } from './serveHarness';

const refusals = [
  {
    name: 'a Redis store with no deployment name',
    argv: ['--store', 'redis://127.0.0.1:1'],
    message: /^- deployment: required with a Redis store/m,
  },
  {
    name: 'a bad deployment name',
    argv: ['--store', 'redis://127.0.0.1:1', '--deployment', 'a b'],
    message: /^- deployment: a deployment name is/m,
  },
  {
    name: 'a store that is not a Redis URL',
    argv: ['--store', 'mysql://h/db', '--deployment', 'd'],
    message: /^- store: a store is 'memory' or a Redis URL/m,
  },
];

describe('intentgate serve --store', () => {
  it.each(refusals)('refuses $name as a usage error, before listening', async ({ argv, message }) => {
    const run = await cli(['serve', '--port', '0', ...argv], { cwd: makeWorkspace({ intentsYaml: INTENTS_YAML }) });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe('');
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

    it("takes the store from the policy and the deployment from the run's environment, shared by two processes' services", async () => {
      const workspace = makeWorkspace({ intentsYaml: INTENTS_YAML });
      const policy = tempFile(
        'policy.yaml',
        `version: 1\nworkspaceRoot: ${JSON.stringify(workspace)}\nservice: { store: ${JSON.stringify(redis.url)}, deployment: from-policy }\n`,
      );
      const stops = [new AbortController(), new AbortController()];
      const ios = stops.map((stop) =>
        memoryIo({ cwd: '/', stop: stop.signal, env: { INTENTGATE_DEPLOYMENT: 'from-env' } }),
      );
      const exits = ios.map((io) => runCli(['serve', '--policy', policy, '--port', '0', '--quiet'], io));
      try {
        const [a, b] = await Promise.all(ios.map((io) => listeningUrl(io.stdout)));
        const started = await fetch(`${a}/sessions/s1/prompt`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"text":"go"}',
        });
        expect(started.status).toBe(201);
        expect((await fetch(`${b}/sessions/s1`)).status).toBe(200);
        expect(await (await fetch(`${b}/healthz`)).json()).toMatchObject({ ok: true, store: 'redis', sessions: 1 });
      } finally {
        for (const stop of stops) stop.abort();
        expect(await Promise.all(exits)).toEqual([0, 0]);
      }
    });
  },
);
