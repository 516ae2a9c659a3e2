// Decisions per second and p99 latency of the governance service under an open-loop load of
// 1,000 tool calls per second: sessions in memory, then on one Redis with one and two
// instances, in the same run. Each instance is a process of its own (scripts/benchServiceInstance.ts),
// so the load generator does not share its event loop. Used by scripts/bench.ts;
// `npx tsx scripts/benchRedis.ts` runs it alone.
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { GovernanceServerOptions, Intent } from '../src/index';
import { percentile } from './benchHarness';
import { REDIS_SERVER, startRedis } from '../test/sessions/redisServer';

const RATE_PER_S = 1000;
const DURATION_MS = 3000;
// a run at a tenth of the rate first, so every instance has compiled its hot paths
const WARM_UP_MS = 1500;
const START_TIMEOUT_MS = 30_000;
const INSTANCE = fileURLToPath(new URL('./benchServiceInstance.ts', import.meta.url));
const SESSIONS = 50;
const TOKEN = 'bench-approval-token-0123456789';

/** One configuration's figures. */
export interface LoadFigures {
  readonly name: string;
  /** decisions answered per second over the run */
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** answers that were not a 200 allow */
  readonly failures: number;
}

function post(agent: Agent, url: string, body: unknown, token?: string): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token && { authorization: `Bearer ${token}` }),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Runs the open-loop load against `urls` (round robin) and measures from each call's scheduled time, so a stall is not hidden. */
async function openLoop(
  name: string,
  urls: readonly string[],
  agent: Agent,
  rate: number,
  durationMs = DURATION_MS,
): Promise<LoadFigures> {
  const latencies: number[] = [];
  let failures = 0;
  const pending: Promise<void>[] = [];
  const start = performance.now();
  let sent = 0;
  while (performance.now() - start < durationMs) {
    const due = Math.floor(((performance.now() - start) * rate) / 1000);
    for (; sent < due; sent += 1) {
      const scheduled = start + (sent * 1000) / rate;
      const url = `${urls[sent % urls.length]}/sessions/b${sent % SESSIONS}/tool-calls`;
      pending.push(
        post(agent, url, { tool: 'write_to_file', args: { path: `src/auth/f${sent % 7}.ts`, content: 'x' } }).then(
          (reply) => {
            latencies.push(performance.now() - scheduled);
            if (reply.status !== 200 || !reply.text.includes('"verdict":"allow"')) failures += 1;
          },
          () => {
            failures += 1;
          },
        ),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all(pending);
  const elapsedS = (performance.now() - start) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    name,
    perSecond: latencies.length / elapsedS,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    failures,
  };
}

/** An instance in its own process, and its URL once it listens. */
interface Instance {
  readonly url: string;
  readonly process: ChildProcess;
}

function startInstance(options: GovernanceServerOptions): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', INSTANCE, JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`a service instance did not listen within ${START_TIMEOUT_MS} ms`));
    }, START_TIMEOUT_MS);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`a service instance exited ${code} before it listened`)));
    createInterface({ input: child.stdout! }).once('line', (url) => {
      clearTimeout(timer);
      resolve({ url: url.trim(), process: child });
    });
  });
}

function stopInstance(instance: Instance): Promise<void> {
  return new Promise((resolve) => {
    if (instance.process.exitCode !== null) return resolve();
    instance.process.once('exit', () => resolve());
    instance.process.kill('SIGTERM');
  });
}

/** Starts `count` instances with `options`, prepares the sessions (intent selected, writes approved), warms them and runs the load. */
async function measure(
  name: string,
  count: number,
  options: GovernanceServerOptions,
  rate: number,
): Promise<LoadFigures> {
  const instances: Instance[] = [];
  const agent = new Agent({ keepAlive: true, maxSockets: 128 });
  try {
    for (let i = 0; i < count; i += 1) instances.push(await startInstance({ approvalToken: TOKEN, ...options }));
    const urls = instances.map((instance) => instance.url);
    const first = urls[0] ?? '';
    for (let session = 0; session < SESSIONS; session += 1) {
      await post(agent, `${first}/sessions/b${session}/prompt`, { text: 'bench' });
      await post(agent, `${first}/sessions/b${session}/tool-calls`, {
        tool: 'select_active_intent',
        args: { intent_id: 'INT-001' },
      });
      await post(
        agent,
        `${first}/approve-session`,
        { session_id: `b${session}`, categories: ['FS_DELETE_OVERWRITE'] },
        TOKEN,
      );
    }
    await openLoop(`${name} (warm-up)`, urls, agent, rate / 10, WARM_UP_MS);
    return await openLoop(name, urls, agent, rate);
  } finally {
    agent.destroy();
    await Promise.all(instances.map(stopInstance));
  }
}

/** The figures of the in-memory store and of one and two instances on one Redis, or why the Redis ones were skipped. */
export async function measureRedisStore(
  root: string,
  intents: readonly Intent[],
  rate = RATE_PER_S,
): Promise<{ readonly figures: LoadFigures[]; readonly note?: string }> {
  const governor = { workspaceRoot: root, intents: [...intents] };
  const memory = await measure('memory store, 1 instance', 1, { governor }, rate);
  if (REDIS_SERVER === undefined)
    return { figures: [memory], note: 'Redis rows skipped: no redis-server on this machine' };
  const redis = await startRedis();
  try {
    const store = { governor, store: redis.url, deployment: `bench-${process.pid}` };
    const one = await measure('Redis store, 1 instance', 1, store, rate);
    const two = await measure('Redis store, 2 instances', 2, { ...store, deployment: `bench-${process.pid}-2` }, rate);
    return { figures: [memory, one, two] };
  } finally {
    await redis.stop();
  }
}

/** The figures as rows of the bench table: value = decisions/s and p99, baseline = the in-memory store's. */
export function redisRows(
  figures: readonly LoadFigures[],
  rate = RATE_PER_S,
): { name: string; value: string; baseline: string; ratio: string; target: string }[] {
  const memory = figures[0];
  const shown = (each: LoadFigures): string =>
    `${each.perSecond.toFixed(0)}/s p99 ${each.p99Ms.toFixed(1)} ms${each.failures > 0 ? ` (${each.failures} failed)` : ''}`;
  return figures.map((each) => ({
    name: `service at ${rate}/s open loop, ${DURATION_MS / 1000} s: ${each.name}`,
    value: shown(each),
    baseline: memory ? shown(memory) : '-',
    ratio: memory ? `p99 ${(each.p99Ms / memory.p99Ms).toFixed(2)}x` : '-',
    target: 'info',
  }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { mkdtempSync, mkdirSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const root = mkdtempSync(path.join(tmpdir(), 'bench-redis-'));
  mkdirSync(path.join(root, '.orchestration'));
  // `--rate N` for a load this machine can carry; the table's rows use 1,000/s
  const rateAt = process.argv.indexOf('--rate');
  const rate = rateAt > 0 ? Number(process.argv[rateAt + 1]) : RATE_PER_S;
  const { figures, note } = await measureRedisStore(
    root,
    [{ id: 'INT-001', name: 'bench', owned_scope: ['src/auth/**'] }],
    rate,
  );
  for (const row of redisRows(figures, rate))
    console.log(`${row.name}: ${row.value} (baseline ${row.baseline}, ${row.ratio})`);
  if (note) console.log(note);
}
