import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Governor } from '../../src/governor/createGovernor';
import { answerHookEvent } from '../../src/hooks/answerHookEvent';
import { approveOutsideAgent, type OutsideApproval } from '../../src/hooks/approveOutsideAgent';
import type { HookEvent } from '../../src/hooks/hookEvent';
import { memoryServiceSessions } from '../../src/server/serviceSessions';
import { createSessionStore } from '../../src/server/sessionStore';
import { createFileSessions } from '../../src/sessions/fileSessions';
import type { GovernorSessions, SessionNotes } from '../../src/sessions/governorSessions';
import { memorySessions } from '../../src/sessions/memorySessions';
import { redisGovernorSessions } from '../../src/sessions/redisGovernorSessions';
import { createRedisSessionStore, type RedisSessionStore } from '../../src/sessions/redisSessionStore';
import { redisSessionKeys } from '../../src/sessions/redisSessionKeys';
import { openRedisConnection } from '../../src/sessions/redisConnection';
import { sessionPaths } from '../../src/sessions/sessionFiles';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { REDIS_SKIP_REASON, startRedis, type RedisServer } from './redisServer';

// every Redis store authenticates its records
const TEST_MAC_KEY = Buffer.alloc(32, 7);

const HOUR = 60 * 60 * 1000;
const IDLE_MS = HOUR;
const ENDED_MS = 24 * HOUR;
const SESSION = 'run-1';

/** A clock the test moves. */
function testClock(): { readonly now: () => number; advance(ms: number): void } {
  let at = Date.UTC(2026, 0, 1);
  return { now: () => at, advance: (ms) => void (at += ms) };
}

/** One store as the agent's hooks and a human use it, on a clock the test moves. */
interface StoreUnderTest {
  readonly agent: GovernorSessions;
  /** a human's answer: an existing session only, an ended one stays ended; undefined when none is kept */
  human<T>(work: (governor: Governor, notes: SessionNotes) => T): Promise<T | undefined>;
  advance(ms: number): void;
}

type StoreMaker = () => StoreUnderTest;

const quiet = { trace: () => undefined };

const fileStore: StoreMaker = () => {
  const clock = testClock();
  const sessions = createFileSessions({
    governor: { workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }), ...quiet },
    limits: { idleTtlMs: IDLE_MS, endedTtlMs: ENDED_MS },
    now: clock.now,
  });
  return {
    agent: sessions,
    human: async (work) => {
      const used = await sessions.withKept(SESSION, work);
      return used.found ? used.value : undefined;
    },
    advance: clock.advance,
  };
};

const memoryStore: StoreMaker = () => {
  const clock = testClock();
  const governor = { workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }), ...quiet };
  const store = createSessionStore(governor, {
    maxSessions: 10,
    idleTtlMs: IDLE_MS,
    endedTtlMs: ENDED_MS,
    now: clock.now,
  });
  const service = memoryServiceSessions(store, governor, '');
  return {
    agent: memorySessions(store, governor),
    human: (work) =>
      service
        .withExisting(SESSION, 'write', (found, notes) => work(found, notes ?? { passes: [], notices: [] }))
        .catch((error: unknown) => {
          if ((error as { code?: string }).code === 'unknown_session') return undefined;
          throw error;
        }),
    advance: clock.advance,
  };
};

let redis: RedisServer | undefined;
const redisStores: RedisSessionStore[] = [];
let deployments = 0;

const redisStore: StoreMaker = () => {
  const clock = testClock();
  const workspace = makeWorkspace({ intentsYaml: INTENTS_YAML });
  const store = createRedisSessionStore({
    url: redis?.url ?? '',
    macKey: TEST_MAC_KEY,
    deployment: `ended-${process.pid}-${(deployments += 1)}`,
    governorOptions: () => ({ workspaceRoot: workspace, ...quiet }),
    idleTtlMs: IDLE_MS,
    endedTtlMs: ENDED_MS,
    now: clock.now,
  });
  redisStores.push(store);
  return {
    agent: redisGovernorSessions(store, 'test-agent'),
    human: async (work) => {
      const used = await store.update(SESSION, { create: false }, (governor, notes) => work(governor, notes));
      return used.found ? used.value : undefined;
    },
    advance: clock.advance,
  };
};

const event = {
  prompt: (): HookEvent => ({ kind: 'user_prompt', sessionId: SESSION, cwd: '/project', prompt: 'add login' }),
  select: (): HookEvent => ({
    kind: 'pre_tool',
    sessionId: SESSION,
    cwd: '/project',
    tool: 'select_active_intent',
    args: { intent_id: 'INT-001' },
  }),
  write: (): HookEvent => ({
    kind: 'pre_tool',
    sessionId: SESSION,
    cwd: '/project',
    tool: 'write_to_file',
    args: { path: 'src/auth/login.ts', content: 'x' },
  }),
  end: (): HookEvent => ({ kind: 'session_end', sessionId: SESSION, cwd: '/project' }),
};

/** The agent's run: a prompt, the intent selected, a write held; then the run ends. */
async function runThatEndsHeld(store: StoreUnderTest): Promise<void> {
  for (const each of [event.prompt(), event.select()]) await answerHookEvent(each, store.agent);
  expect((await answerHookEvent(event.write(), store.agent)).kind).toBe('ask');
  await answerHookEvent(event.end(), store.agent);
}

const approve = (store: StoreUnderTest, approval: OutsideApproval) =>
  store.human((governor, notes) => approveOutsideAgent(governor, notes, approval).message);
const codeOf = async (store: StoreUnderTest, each: HookEvent): Promise<string> => {
  const answer = await answerHookEvent(each, store.agent);
  return answer.kind === 'allow' || answer.kind === 'ask' || answer.kind === 'deny'
    ? (answer.decision?.code ?? answer.kind)
    : answer.kind;
};
const state = (store: StoreUnderTest) =>
  store.human((governor, notes) => ({
    state: governor.state,
    intent: governor.activeIntent?.id,
    approved: governor.approvedCategories,
    ended: notes.endedAt !== undefined,
  }));

interface RetentionCase {
  readonly name: string;
  readonly check: (store: StoreUnderTest) => Promise<void>;
}

const cases: readonly RetentionCase[] = [
  {
    name: 'marks a session ended and keeps its intent, approvals and held call',
    check: async (store) => {
      await runThatEndsHeld(store);
      expect(await state(store)).toEqual({ state: 'ACTION', intent: 'INT-001', approved: [], ended: true });
      expect(await store.human((governor) => governor.waitingApprovalIds)).toEqual(['approval-1']);
    },
  },
  {
    name: 'keeps an approval a human gives after the end for the resumed run',
    check: async (store) => {
      await runThatEndsHeld(store);
      store.advance(2 * IDLE_MS);
      expect(await approve(store, { kind: 'categories', categories: ['FS_DELETE_OVERWRITE'] })).toMatch(
        /^Approved FS_DELETE_OVERWRITE/,
      );
      expect(await state(store)).toMatchObject({ ended: true, approved: ['FS_DELETE_OVERWRITE'] });
      store.advance(2 * IDLE_MS);
      expect(await codeOf(store, event.write())).toBe('destructive_in_scope');
    },
  },
  {
    name: 'lets the held call a human continued after the end run once in the resumed run',
    check: async (store) => {
      await runThatEndsHeld(store);
      await approve(store, { kind: 'held', approvalId: 'approval-1', cancel: false });
      expect([await codeOf(store, event.write()), await codeOf(store, event.write())]).toEqual([
        'approved_once',
        'needs_approval',
      ]);
    },
  },
  {
    name: 'keeps an ended session past the idle time, within the retention time',
    check: async (store) => {
      await runThatEndsHeld(store);
      store.advance(ENDED_MS - 1000);
      expect(await state(store)).toMatchObject({ intent: 'INT-001', ended: true });
    },
  },
  {
    name: 'forgets an ended session past the retention time: the next run of the id starts afresh',
    check: async (store) => {
      await runThatEndsHeld(store);
      store.advance(ENDED_MS + 1000);
      expect(await state(store)).toBeUndefined();
      expect(await codeOf(store, event.write())).toBe('state_violation');
    },
  },
  {
    name: 'resumes the session at the next event of its agent: it is idle-bound again',
    check: async (store) => {
      await runThatEndsHeld(store);
      await answerHookEvent(event.prompt(), store.agent);
      expect(await state(store)).toMatchObject({ intent: 'INT-001', ended: false });
      store.advance(IDLE_MS + 1000);
      expect(await state(store)).toBeUndefined();
    },
  },
  {
    name: 'ends an unknown session without making one',
    check: async (store) => {
      await answerHookEvent(event.end(), store.agent);
      expect(await state(store)).toBeUndefined();
    },
  },
];

describe.each([
  { store: 'file', make: fileStore },
  { store: 'memory', make: memoryStore },
])('an ended session in the $store store', ({ make }) => {
  it.each(cases)('$name', async ({ check }) => {
    await check(make());
  });
});

describe('an ended session in the file store, swept', () => {
  it('keeps its file, dated forward by the retention time, through the sweep a new session runs, and removes it once past', async () => {
    const clock = testClock();
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const sessions = createFileSessions({
      governor: { workspaceRoot: root, ...quiet },
      limits: { idleTtlMs: IDLE_MS, endedTtlMs: ENDED_MS },
      now: clock.now,
    });
    const dir = path.join(root, '.orchestration', 'sessions');
    await sessions.withSession(SESSION, (governor) => governor.userPrompt('x'));
    await sessions.end(SESSION);
    clock.advance(2 * IDLE_MS);
    await sessions.withSession('new-1', (governor) => governor.userPrompt('x'));
    expect(existsSync(sessionPaths(dir, SESSION).file)).toBe(true);
    clock.advance(ENDED_MS);
    await sessions.withSession('new-2', (governor) => governor.userPrompt('x'));
    expect(readdirSync(dir).sort()).toEqual([sessionPaths(dir, 'new-2').file].map((file) => path.basename(file)));
  });
});

describe.skipIf(REDIS_SKIP_REASON !== undefined)(
  `an ended session in the Redis store${REDIS_SKIP_REASON === undefined ? '' : ` (skipped: ${REDIS_SKIP_REASON})`}`,
  () => {
    beforeAll(async () => {
      redis = await startRedis();
    });
    afterAll(async () => {
      await Promise.all(redisStores.map((each) => each.close()));
      await redis?.stop();
    });

    it.each(cases)('$name', async ({ check }) => {
      await check(redisStore());
    });

    it("sets the key's expiry to the retention time at the end, and back to the idle time when the agent resumes", async () => {
      const deployment = `ended-ttl-${process.pid}`;
      const clock = testClock();
      const store = createRedisSessionStore({
        url: redis?.url ?? '',
        macKey: TEST_MAC_KEY,
        deployment,
        governorOptions: () => ({ workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }), ...quiet }),
        idleTtlMs: IDLE_MS,
        endedTtlMs: ENDED_MS,
        now: clock.now,
      });
      redisStores.push(store);
      const agent = redisGovernorSessions(store, 'test-agent');
      const connection = openRedisConnection({ url: redis?.url ?? '', commandTimeoutMs: 5000 });
      const ttl = async (): Promise<number> =>
        Number(await connection.command(['PTTL', redisSessionKeys(deployment).session(SESSION)]));
      try {
        await agent.withSession(SESSION, (governor) => governor.userPrompt('x'));
        expect(await ttl()).toBeGreaterThan(IDLE_MS - 60_000);
        expect(await ttl()).toBeLessThanOrEqual(IDLE_MS);
        await agent.end(SESSION);
        expect(await ttl()).toBeGreaterThan(ENDED_MS - 60_000);
        expect(await ttl()).toBeLessThanOrEqual(ENDED_MS);
        expect(await store.ids()).toEqual([SESSION]);
        await agent.withSession(SESSION, (governor) => governor.userPrompt('y'));
        expect(await ttl()).toBeLessThanOrEqual(IDLE_MS);
      } finally {
        await connection.close();
      }
    });
  },
);
