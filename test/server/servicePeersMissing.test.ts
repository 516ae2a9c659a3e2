import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runGovernanceService } from '../../src/cli/governanceService';
import { METRICS_OFF_MESSAGE } from '../../src/server/serviceMetrics';
import { REDIS_MISSING_MESSAGE } from '../../src/sessions/redisConnection';
import { makeServiceWorkspace, post, startService, type RunningService } from './serviceHarness';

// the service as a host that installed neither optional peer runs it: prom-client and redis are not found
vi.mock('../../src/server/promClient', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/server/promClient')>()),
  loadPromClient: () => undefined,
}));
vi.mock('../../src/sessions/redisConnection', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/sessions/redisConnection')>()),
  redisInstalled: () => false,
}));

describe('the service without prom-client', () => {
  let running: RunningService;
  beforeAll(async () => {
    running = await startService({ governor: { trace: () => undefined } });
  });
  afterAll(() => running.service.close());

  it('answers /healthz', async () => {
    const response = await fetch(`${running.url}/healthz`);
    expect({ status: response.status, ok: ((await response.json()) as { ok?: unknown }).ok }).toEqual({
      status: 200,
      ok: true,
    });
  });

  it('answers /metrics 503 with what to install', async () => {
    const response = await fetch(`${running.url}/metrics`);
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 503,
      body: {
        error: {
          code: 'metrics_unavailable',
          message:
            'GET /metrics needs the optional package prom-client, which is not installed: install it ' +
            'with `npm install prom-client@^15` and restart the service',
        },
      },
    });
  });

  it('decides calls as with metrics', async () => {
    await post(`${running.url}/sessions/P1/prompt`, { text: 'look around' });
    const reply = await post(`${running.url}/sessions/P1/tool-calls`, {
      tool: 'write_to_file',
      args: { path: 'src/a.ts', content: '' },
    });
    expect({ status: reply.status, code: reply.json.code }).toEqual({ status: 200, code: 'state_violation' });
  });

  it('has no metrics registry', () => {
    expect(running.service.metricsRegistry).toBeUndefined();
  });
});

/** An in-process `intentgate serve` whose output is kept, stopped by `stop`. */
function serveIo(stop: AbortSignal) {
  let stdout = '';
  const io = {
    stdin: Readable.from([]),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: () => true },
    env: {},
    cwd: makeServiceWorkspace(),
    stop,
  };
  return { io, stdout: () => stdout };
}

describe('intentgate serve without the optional peers', () => {
  it('starts with metrics off and says so at start', async () => {
    const stop = new AbortController();
    const { io, stdout } = serveIo(stop.signal);
    const run = runGovernanceService({ port: 0, host: '127.0.0.1', prefix: '', quiet: true }, io);
    // the banner is written once the service listens; its last line is the approval token's
    await vi.waitFor(() => expect(stdout()).toContain('approval token:'), { timeout: 60_000 });
    stop.abort();
    expect(await run).toBe(0);
    expect(stdout()).toContain(`metrics: off (${METRICS_OFF_MESSAGE})\n`);
  });

  it('refuses a Redis store with what to install, before it listens', async () => {
    const { io, stdout } = serveIo(new AbortController().signal);
    const run = runGovernanceService(
      {
        port: 0,
        host: '127.0.0.1',
        prefix: '',
        quiet: true,
        store: 'redis://127.0.0.1:1',
        deployment: 'peers-missing',
      },
      // a Redis store needs a given approval token: its records' MACs are keyed by it
      { ...io, env: { INTENTGATE_APPROVAL_TOKEN: 'peers-missing-token-0123456789' } },
    );
    await expect(run).rejects.toThrow(`serve: ${REDIS_MISSING_MESSAGE}`);
    expect(stdout()).not.toContain('listening');
    expect(REDIS_MISSING_MESSAGE).toBe(
      'a Redis session store needs the optional package redis, which is not installed: install it with `npm install redis@^5`',
    );
  });
});
