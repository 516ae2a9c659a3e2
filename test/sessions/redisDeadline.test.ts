import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionStoreError } from '../../src/errors/SessionStoreError';
import type { RiskCategory } from '../../src/categories/riskCategories';
import {
  createRedisSessionStore,
  REDIS_SESSION_DEFAULTS,
  type RedisSessionStore,
} from '../../src/sessions/redisSessionStore';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { REDIS_SKIP_REASON, startRedis, type RedisServer } from './redisServer';

// every Redis store authenticates its records
const TEST_MAC_KEY = Buffer.alloc(32, 7);

// Issue 33, finding 5: a Redis that stops answering (SIGSTOP) costs each store operation its
// deadline, never more, and a write it runs once resumed (SIGCONT) after its sender gave up changes nothing.

const DEADLINE_MS = 1000;
// a backstop, not a measure: the store's deadlines here are 1 s and 5 s, and nothing waits on Redis twice
const BACKSTOP_MS = 20_000;

let redis: RedisServer;
let workspace: string;
let sessions: RedisSessionStore;
// the same deployment with a generous deadline, for the steps before the pause and after the resume
let patient: RedisSessionStore;
let paused = false;

const pause = (): void => {
  process.kill(redis.pid, 'SIGSTOP');
  paused = true;
};
const resume = (): void => {
  if (paused) process.kill(redis.pid, 'SIGCONT');
  paused = false;
};

/** Polls until the store answers again, a bounded number of times; PING runs after every command queued before it. */
async function untilHealthy(): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await patient.healthy()) return;
    await sleep(50);
  }
  throw new Error('the store did not answer again');
}

async function approved(id: string): Promise<readonly RiskCategory[]> {
  const read = await patient.read(id, (governor) => [...governor.approvedCategories].sort());
  if (!read.found) throw new Error(`no session ${id}`);
  return read.value;
}

/** Runs `use` and says how long it took to settle and how. */
async function timed(use: () => Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const started = Date.now();
  try {
    await use();
    return { ms: Date.now() - started, error: undefined };
  } catch (error) {
    return { ms: Date.now() - started, error };
  }
}

describe.skipIf(REDIS_SKIP_REASON !== undefined)('a Redis store with a deadline', () => {
  beforeAll(async () => {
    redis = await startRedis();
    workspace = makeWorkspace({ intentsYaml: INTENTS_YAML });
    sessions = createRedisSessionStore({
      url: redis.url,
      macKey: TEST_MAC_KEY,
      deployment: 'deadline',
      governorOptions: () => ({ workspaceRoot: workspace, trace: () => undefined }),
      idleTtlMs: 60_000,
      commandTimeoutMs: DEADLINE_MS,
    });
    patient = createRedisSessionStore({
      url: redis.url,
      macKey: TEST_MAC_KEY,
      deployment: 'deadline',
      governorOptions: () => ({ workspaceRoot: workspace, trace: () => undefined }),
      idleTtlMs: 60_000,
      commandTimeoutMs: 30_000,
    });
  });
  afterAll(async () => {
    resume();
    await sessions?.close();
    await patient?.close();
    await redis?.stop();
  });

  it('has a deadline of one second by default', () => {
    expect(REDIS_SESSION_DEFAULTS.commandTimeoutMs).toBe(1000);
  });

  it('refuses every operation within the deadline while Redis is stopped, and applies none of them once it resumes', async () => {
    await patient.update('s1', { create: true, profile: '' }, (governor) => governor.approveSession(['SUDO']));
    pause();
    try {
      const uses = await Promise.all([
        timed(() => sessions.update('s1', { create: false }, (governor) => governor.approveSession(['NETWORK_RISK']))),
        timed(() =>
          sessions.update('s2', { create: true, profile: '' }, (governor) => governor.approveSession(['NETWORK_RISK'])),
        ),
        timed(() => sessions.read('s1', () => 'read')),
        timed(() => sessions.remove('s1')),
        timed(() => sessions.count()),
        timed(() => sessions.ids()),
      ]);
      for (const use of uses) {
        expect(use.error).toBeInstanceOf(SessionStoreError);
        expect(use.ms).toBeLessThan(BACKSTOP_MS);
      }
      expect(await sessions.healthy()).toBe(false);
    } finally {
      resume();
    }
    await untilHealthy();
    expect(await approved('s1')).toEqual(['SUDO']);
    expect(await patient.read('s2', () => 'found')).toEqual({ found: false });
  });

  it('drops a write Redis runs after its sender gave up on it', async () => {
    await patient.update('s3', { create: true, profile: '' }, (governor) => governor.approveSession(['SUDO']));
    // stopped while the use works: the lock is taken and the state read, the write is sent to a Redis that reads nothing
    // a deadline long enough that the lock and the read come back before the pause on a busy machine
    const willPause = createRedisSessionStore({
      url: redis.url,
      macKey: TEST_MAC_KEY,
      deployment: 'deadline',
      governorOptions: () => ({ workspaceRoot: workspace, trace: () => undefined }),
      idleTtlMs: 60_000,
      commandTimeoutMs: 5000,
    });
    let worked = false;
    const use = timed(() =>
      willPause.update('s3', { create: false }, (governor) => {
        pause();
        worked = true;
        governor.approveSession(['NETWORK_RISK']);
      }),
    );
    try {
      const settled = await use;
      // the work ran: the lock and the read came back before the pause, only the write met it
      expect(worked).toBe(true);
      expect(settled.error).toBeInstanceOf(SessionStoreError);
      expect(settled.ms).toBeLessThan(BACKSTOP_MS);
    } finally {
      resume();
    }
    await willPause.close();
    await untilHealthy();
    expect(await approved('s3')).toEqual(['SUDO']);
    // the lock of the use that gave up is let go: the session is usable at once
    await patient.update('s3', { create: false }, (governor) => governor.approveSession(['NETWORK_RISK']));
    expect(await approved('s3')).toEqual(['NETWORK_RISK', 'SUDO']);
  });
});
