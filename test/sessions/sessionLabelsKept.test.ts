import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileSessions } from '../../src/sessions/fileSessions';
import type { GovernorSessions } from '../../src/sessions/governorSessions';
import { redisGovernorSessions } from '../../src/sessions/redisGovernorSessions';
import { createRedisSessionStore, type RedisSessionStore } from '../../src/sessions/redisSessionStore';
import { sessionPaths } from '../../src/sessions/sessionFiles';
import { MAX_LABEL_PROMPT, noteSessionPrompt, sessionLabelNotes } from '../../src/sessions/sessionLabels';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { REDIS_SKIP_REASON, startRedis, type RedisServer } from './redisServer';

// every Redis store authenticates its records
const TEST_MAC_KEY = Buffer.alloc(32, 7);

// A store that restores a governor per use (the files, Redis) keeps the session's label beside
// its snapshot: the console shows the first prompt of a session whatever store keeps it.

const AGENT = 'claude-code';
const LONG = `fix   the\nlogin ${'x'.repeat(300)}`;

interface LabelCase {
  readonly name: string;
  /** each prompt noted in a use of its own: the governor is restored between them */
  readonly prompts: readonly string[];
  readonly firstPrompt: string | null;
}

const CASES: readonly LabelCase[] = [
  {
    name: 'keeps the first prompt, not a later one',
    prompts: ['add login', 'now the tests'],
    firstPrompt: 'add login',
  },
  { name: 'passes over blank prompts', prompts: ['   ', '', 'fix the bug', 'later'], firstPrompt: 'fix the bug' },
  {
    name: 'keeps a long prompt clipped, whitespace runs made one space',
    prompts: [LONG, 'later'],
    firstPrompt: `fix the login ${'x'.repeat(MAX_LABEL_PROMPT - 'fix the login '.length - 1)}…`,
  },
  { name: 'keeps no prompt for a session that had none', prompts: [], firstPrompt: null },
];

/** Notes each prompt in a use of its own, then reads the label as a fresh use restores it. */
async function labelAfter(
  sessions: GovernorSessions,
  id: string,
  prompts: readonly string[],
): Promise<ReturnType<typeof sessionLabelNotes>> {
  await sessions.withSession(id, () => undefined);
  for (const prompt of prompts) await sessions.withSession(id, (governor) => noteSessionPrompt(governor, prompt));
  return sessions.withSession(id, (governor) => sessionLabelNotes(governor));
}

describe("the file store keeps a session's label", () => {
  const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
  const home = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'labels-home-'));
  const dir = path.join(home, 'sessions');
  const sessions = createFileSessions({
    governor: { workspaceRoot: root, trace: () => undefined },
    dir,
    keyFile: path.join(home, 'config', 'session-key'),
    profile: AGENT,
  });

  it.each(CASES)('$name', async ({ name, prompts, firstPrompt }) => {
    expect(await labelAfter(sessions, name, prompts)).toEqual({ firstPrompt, agent: AGENT });
  });

  it('writes the label inside the record its MAC covers', async () => {
    await labelAfter(sessions, 'mac', ['add login']);
    const record = JSON.parse(readFileSync(sessionPaths(dir, 'mac').file, 'utf8')) as Record<string, unknown>;
    expect(record).toMatchObject({ version: 2, label: { firstPrompt: 'add login' } });
    expect(Object.keys(record).at(-1)).toBe('mac');
  });
});

let redis: RedisServer;
const stores: RedisSessionStore[] = [];

describe.skipIf(REDIS_SKIP_REASON !== undefined)(
  `the Redis store keeps a session's label${REDIS_SKIP_REASON === undefined ? '' : ` (skipped: ${REDIS_SKIP_REASON})`}`,
  () => {
    let sessions: GovernorSessions;
    let store: RedisSessionStore;
    beforeAll(async () => {
      redis = await startRedis();
      const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
      store = createRedisSessionStore({
        url: redis.url,
        macKey: TEST_MAC_KEY,
        deployment: `labels-${process.pid}`,
        governorOptions: () => ({ workspaceRoot: root, trace: () => undefined }),
        idleTtlMs: 60_000,
        // far above the default: a busy machine must not fail a test about labels
        commandTimeoutMs: 10_000,
      });
      stores.push(store);
      sessions = redisGovernorSessions(store, AGENT);
    });
    afterAll(async () => {
      await Promise.all(stores.map((each) => each.close()));
      await redis?.stop();
    });

    it.each(CASES)('$name', async ({ name, prompts, firstPrompt }) => {
      expect(await labelAfter(sessions, name, prompts)).toEqual({ firstPrompt, agent: AGENT });
    });

    it('gives the label to a read without the lock, as the console lists sessions', async () => {
      await labelAfter(sessions, 'read', ['add login']);
      const read = await store.read('read', (governor) => sessionLabelNotes(governor));
      expect(read).toEqual({ found: true, value: { firstPrompt: 'add login', agent: AGENT } });
    });
  },
);
