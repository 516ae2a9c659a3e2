import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionStoreError } from '../../src/errors/SessionStoreError';
import { RISK_CATEGORIES, type RiskCategory } from '../../src/categories/riskCategories';
import { redisGovernorSessions } from '../../src/sessions/redisGovernorSessions';
import {
  createRedisSessionStore,
  type RedisSessionStore,
  type RedisSessionStoreOptions,
} from '../../src/sessions/redisSessionStore';
import { redisSessionKeys } from '../../src/sessions/redisSessionKeys';
import { openRedisConnection } from '../../src/sessions/redisConnection';
import { recordMac } from '../../src/sessions/sessionKey';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { holdAndCancel } from './fixtures/holdAndCancel';
import { REDIS_SKIP_REASON, startRedis, type RedisServer } from './redisServer';

// every Redis store authenticates its records
const TEST_MAC_KEY = Buffer.alloc(32, 7);

let redis: RedisServer;
let workspace: string;
const stores: RedisSessionStore[] = [];
let deployments = 0;

/** A store of `deployment` (a fresh one by default) on the test's Redis. */
function store(options: Partial<RedisSessionStoreOptions> = {}): RedisSessionStore {
  const made = createRedisSessionStore({
    url: redis.url,
    macKey: TEST_MAC_KEY,
    deployment: `test-${process.pid}-${(deployments += 1)}`,
    governorOptions: () => ({ workspaceRoot: workspace, trace: () => undefined }),
    idleTtlMs: 60_000,
    // a deadline far above the default: these tests are about locks and versions, on a machine that may be busy
    commandTimeoutMs: 10_000,
    ...options,
  });
  stores.push(made);
  return made;
}

/** How many approval ids the kept state has taken, and what it approves. */
async function keptState(
  sessions: RedisSessionStore,
  id: string,
): Promise<{ taken: number; approved: readonly RiskCategory[] }> {
  const read = await sessions.read(id, (governor) => ({
    taken: governor.persist().approvalsTaken,
    approved: [...governor.approvedCategories].sort(),
  }));
  if (!read.found) throw new Error(`no session ${id}`);
  return read.value;
}

describe.skipIf(REDIS_SKIP_REASON !== undefined)(
  `Redis session store${REDIS_SKIP_REASON === undefined ? '' : ` (skipped: ${REDIS_SKIP_REASON})`}`,
  () => {
    beforeAll(async () => {
      redis = await startRedis();
      workspace = makeWorkspace({ intentsYaml: INTENTS_YAML });
    });
    afterAll(async () => {
      await Promise.all(stores.map((each) => each.close()));
      await redis?.stop();
    });

    it('shares a session between two stores of one deployment, and not with another deployment', async () => {
      const a = store({ deployment: 'shared-epoch' });
      const b = store({ deployment: 'shared-epoch' });
      const other = store({ deployment: 'other-epoch' });
      await redisGovernorSessions(a, '').withSession('s1', (governor) => governor.approveSession(['SUDO']));
      expect(await redisGovernorSessions(b, '').withSession('s1', (governor) => governor.approvedCategories)).toEqual([
        'SUDO',
      ]);
      expect(await other.read('s1', () => 'found')).toEqual({ found: false });
      expect(await b.ids()).toEqual(['s1']);
    });

    it('keeps approvals for a store restarted with the same deployment, and drops them under a new one', async () => {
      const first = store({ deployment: 'epoch-1' });
      await redisGovernorSessions(first, '').withSession('s1', (governor) => governor.approveSession(['NETWORK_RISK']));
      await first.close();
      expect(await keptState(store({ deployment: 'epoch-1' }), 's1')).toMatchObject({ approved: ['NETWORK_RISK'] });
      expect(await store({ deployment: 'epoch-2' }).read('s1', () => 'found')).toEqual({ found: false });
    });

    it('does not create a session on a use that may not, and keeps nothing of a work that throws', async () => {
      const sessions = store();
      let ran = false;
      expect(await sessions.update('s1', { create: false }, () => (ran = true))).toEqual({ found: false });
      expect(ran).toBe(false);
      await expect(
        sessions.update('s1', { create: true, profile: '' }, (governor) => {
          governor.approveSession(['SUDO']);
          throw new Error('work failed');
        }),
      ).rejects.toThrow('work failed');
      expect(await sessions.read('s1', () => 'found')).toEqual({ found: false });
    });

    it('refuses the write of a use whose lock expired while another use changed the session', async () => {
      // the slow use's lock lasts 100 ms; the other's lasts long enough for a busy machine
      const slow = store({ deployment: 'lock-epoch', lockTtlMs: 100 });
      const fast = store({ deployment: 'lock-epoch', lockTtlMs: 30_000 });
      await slow.update('s1', { create: true, profile: '' }, () => undefined);
      let slowHolds: () => void = () => undefined;
      const slowHeld = new Promise<void>((resolve) => (slowHolds = resolve));
      let releaseSlow: () => void = () => undefined;
      const slowReleased = new Promise<void>((resolve) => (releaseSlow = resolve));
      const slowUse = slow.update('s1', { create: false }, async (governor) => {
        governor.approveSession(['SUDO']);
        slowHolds();
        await slowReleased;
      });
      await slowHeld;
      // the other use gets the lock only once the slow one's has expired, and changes the session
      await fast.update('s1', { create: false }, (governor) => governor.approveSession(['NETWORK_RISK']));
      releaseSlow();
      await expect(slowUse).rejects.toThrow(SessionStoreError);
      expect((await keptState(fast, 's1')).approved).toEqual(['NETWORK_RISK']);
    });

    it('refuses a state it cannot read rather than start the session afresh', async () => {
      const sessions = store({ deployment: 'corrupt-epoch' });
      const connection = openRedisConnection({ url: redis.url, commandTimeoutMs: 2000 });
      try {
        await sleep(100);
        await connection.command([
          'HSET',
          redisSessionKeys('corrupt-epoch').session('s1'),
          'version',
          '3',
          'state',
          // a record with a valid MAC whose state is no snapshot: the MAC passes, the reading fails
          `{"format":"nope","mac":"${recordMac({ key: TEST_MAC_KEY, store: 'redis:corrupt-epoch' }, '{"format":"nope"}')}"}`,
        ]);
      } finally {
        await connection.close();
      }
      await expect(redisGovernorSessions(sessions, '').withSession('s1', () => 'ran')).rejects.toThrow(
        /does not hold a session this service can read/,
      );
    });

    it('refuses a new session past maxSessions, and runs no work for it', async () => {
      const sessions = store({ maxSessions: 2 });
      for (const id of ['a', 'b']) await sessions.update(id, { create: true, profile: '' }, () => undefined);
      let ran = false;
      await expect(sessions.update('c', { create: true, profile: '' }, () => (ran = true))).rejects.toThrow(
        /2 live sessions/,
      );
      expect(ran).toBe(false);
    });

    it('loses no update when workers of three stores use one session in any interleaving', async () => {
      const workerArb = fc.record({
        store: fc.integer({ min: 0, max: 2 }),
        // a hold takes one approval id; an approval adds a category (not the one the hold raises, which would let it run)
        action: fc.oneof(
          fc.constant<'hold'>('hold'),
          fc.constantFrom(...RISK_CATEGORIES.filter((category) => category !== 'FS_CONFIG_SECRETS')),
        ),
        delayMs: fc.integer({ min: 0, max: 6 }),
      });
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(workerArb, { minLength: 2, maxLength: 12 }), async (workers) => {
          run += 1;
          const deployment = `interleave-${run}`;
          const three = [store({ deployment }), store({ deployment }), store({ deployment })];
          await Promise.all(
            workers.map(async (worker) => {
              await sleep(worker.delayMs);
              const sessions = redisGovernorSessions(three[worker.store] as RedisSessionStore, '');
              await sessions.withSession('shared', async (governor) => {
                await sleep(worker.delayMs);
                if (worker.action === 'hold') holdAndCancel(governor);
                else governor.approveSession([worker.action]);
              });
            }),
          );
          const holds = workers.filter((worker) => worker.action === 'hold').length;
          const approved = [
            ...new Set(workers.flatMap((worker) => (worker.action === 'hold' ? [] : [worker.action]))),
          ].sort();
          expect(await keptState(three[0] as RedisSessionStore, 'shared')).toEqual({ taken: holds, approved });
          await Promise.all(three.map((each) => each.close()));
        }),
        { numRuns: 25 },
      );
    });

    it('fails closed at once while Redis is down, and serves again once it is back', async () => {
      const own = await startRedis();
      const sessions = createRedisSessionStore({
        url: own.url,
        macKey: TEST_MAC_KEY,
        deployment: 'down',
        governorOptions: () => ({ workspaceRoot: workspace, trace: () => undefined }),
        idleTtlMs: 60_000,
      });
      stores.push(sessions);
      try {
        await redisGovernorSessions(sessions, '').withSession('s1', (governor) => governor.approveSession(['SUDO']));
        await own.stop();
        const started = Date.now();
        await expect(sessions.update('s1', { create: false }, () => 'ran')).rejects.toThrow(SessionStoreError);
        expect(Date.now() - started).toBeLessThan(2500);
        expect(await sessions.healthy()).toBe(false);
        const again = await startRedis(own.port);
        try {
          let healthy = false;
          for (let i = 0; i < 100 && !healthy; i++) {
            healthy = await sessions.healthy();
            if (!healthy) await sleep(50);
          }
          expect(healthy).toBe(true);
          // a Redis with no persistence comes back empty: the session is gone, never an old one from memory
          expect(await sessions.read('s1', () => 'found')).toEqual({ found: false });
        } finally {
          await again.stop();
        }
      } finally {
        await own.stop();
      }
    });
  },
);
