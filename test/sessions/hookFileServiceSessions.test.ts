import { copyFileSync, existsSync, mkdtempSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withAgentPreset } from '../../src/hooks/agentGovernorOptions';
import { findHookAdapter } from '../../src/hooks/hookAdapters';
import type { SessionEvent } from '../../src/server/sessionEvents';
import { createSessionStore } from '../../src/server/sessionStore';
import { memoryServiceSessions, type ServiceSessions } from '../../src/server/serviceSessions';
import { createFileSessions, DEFAULT_SESSION_LIMITS } from '../../src/sessions/fileSessions';
import { withHookFileSessions } from '../../src/sessions/hookFileServiceSessions';
import { sessionPaths } from '../../src/sessions/sessionFiles';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

// The service's sessions with a workspace's command-hook file store beside them: which store an
// id is found in, what is listed, and what a reader leaves as it was.

const opened: ServiceSessions[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((each) => each.close()));
});

/** A hook store with sessions made by Claude Code's hook, and the service's sessions with it beside them. */
async function setUp(hookSessions: readonly string[]) {
  const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
  const home = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'hook-files-'));
  const dir = path.join(home, 'sessions');
  const keyFile = path.join(home, 'config', 'session-key');
  const governor = { workspaceRoot: root, trace: () => undefined };
  const adapter = findHookAdapter('claude-code');
  if (!adapter) throw new Error('no claude-code adapter');
  const hooks = createFileSessions({
    governor: withAgentPreset(governor, adapter),
    dir,
    keyFile,
    profile: adapter.name,
  });
  for (const id of hookSessions) await hooks.withSession(id, (each) => each.userPrompt('add login'));
  const events: SessionEvent[] = [];
  const inner = memoryServiceSessions(
    createSessionStore(governor, { maxSessions: 8, idleTtlMs: 60_000 }),
    governor,
    '',
  );
  await inner.withCreated('own-1', (each) => each.userPrompt('mine'));
  // a poll that never comes in a test: looks happen when the store is made and when it lists
  const sessions = withHookFileSessions(inner, {
    dir,
    keyFile,
    governor,
    prefix: '',
    onChange: (event) => events.push(event),
    pollMs: 3_600_000,
  });
  opened.push(sessions);
  return { sessions, dir, events };
}

const listed = (sessions: ServiceSessions): Promise<string[]> => sessions.list((governor) => governor.sessionId);

describe("the service's sessions with the command hooks' file store beside them", () => {
  it("lists the service's own sessions, then the hooks', and tells of each hook session found", async () => {
    const { sessions, events } = await setUp(['hook-1', 'hook-2']);
    expect((await listed(sessions)).sort()).toEqual(['hook-1', 'hook-2', 'own-1']);
    expect(events.map((event) => [event.type, event.sessionId]).sort()).toEqual([
      ['session.started', 'hook-1'],
      ['session.started', 'hook-2'],
    ]);
    expect(await sessions.count()).toBe(3);
  });

  interface FoundCase {
    readonly name: string;
    readonly id: string;
    readonly expected: 'hook' | 'own' | 'unknown';
  }
  const FOUND: readonly FoundCase[] = [
    { name: "finds a hook session in the hooks' store, with its notes", id: 'hook-1', expected: 'hook' },
    { name: "finds the service's own session in its own store", id: 'own-1', expected: 'own' },
    { name: 'answers an id neither store keeps with unknown_session', id: 'nobody', expected: 'unknown' },
    { name: 'answers an id no agent session can have with unknown_session', id: '', expected: 'unknown' },
  ];
  it.each(FOUND)('$name', async ({ id, expected }) => {
    const { sessions } = await setUp(['hook-1']);
    const found = await sessions
      .withExisting(id, 'read', (_governor, notes) => (notes === undefined ? 'own' : 'hook'))
      .catch((error: unknown) => (error as { code?: string }).code);
    expect(found).toBe(expected === 'unknown' ? 'unknown_session' : expected);
  });

  it("refuses the service's own routes on a hook session", async () => {
    const { sessions } = await setUp(['hook-1']);
    await expect(sessions.withCreated('hook-1', () => undefined)).rejects.toThrow(/started by an agent's hooks/);
    await expect(sessions.withOwn('hook-1', () => undefined)).rejects.toThrow(/started by an agent's hooks/);
  });

  it('keeps what a write changes, and nothing a read changes', async () => {
    const { sessions } = await setUp(['hook-1']);
    await sessions.withExisting('hook-1', 'read', (governor) => governor.approveSession(['SUDO']));
    expect(await sessions.withExisting('hook-1', 'read', (governor) => governor.approvedCategories)).toEqual([]);
    await sessions.withExisting('hook-1', 'write', (governor) => governor.approveSession(['SUDO']));
    expect(await sessions.withExisting('hook-1', 'read', (governor) => governor.approvedCategories)).toEqual(['SUDO']);
  });

  it('lists no session whose file lies under another id, and never one past its time, which a reader leaves', async () => {
    const { sessions, dir } = await setUp(['hook-1', 'hook-2', 'old-1']);
    // hook-1's genuine file under hook-2's name: it names hook-1, so it is no session of hook-2
    copyFileSync(sessionPaths(dir, 'hook-1').file, sessionPaths(dir, 'hook-2').file);
    const old = sessionPaths(dir, 'old-1').file;
    const then = new Date(Date.now() - DEFAULT_SESSION_LIMITS.idleTtlMs - 60_000);
    utimesSync(old, then, then);
    expect((await listed(sessions)).sort()).toEqual(['hook-1', 'own-1']);
    await expect(sessions.withExisting('old-1', 'read', () => undefined)).rejects.toMatchObject({
      code: 'unknown_session',
    });
    expect(existsSync(old)).toBe(true);
  });
});
