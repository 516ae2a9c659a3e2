import { describe, expect, it } from 'vitest';
import { createConsoleSessions } from '../../src/console/consoleSessions';

function clock(start = 1_000_000): { now: () => number; advance: (ms: number) => void } {
  let time = start;
  return { now: () => time, advance: (ms) => void (time += ms) };
}

describe('console sessions', () => {
  it('finds a session by the id it gave out, and by nothing else', () => {
    const sessions = createConsoleSessions({ idleTtlMs: 1000, maxSessions: 4 });
    const { id, session } = sessions.create();
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sessions.find(id)).toEqual(session);
    // the key is the id's hash, never the id itself
    expect(session.key).not.toBe(id);
    expect(sessions.find(session.key)).toBeUndefined();
    expect(sessions.find(undefined)).toBeUndefined();
    expect(sessions.find(`${id}x`)).toBeUndefined();
  });

  it('ends a session unused for the idle time, and keeps one that is used', () => {
    const time = clock();
    const sessions = createConsoleSessions({ idleTtlMs: 1000, maxSessions: 4, now: time.now });
    const used = sessions.create();
    const idle = sessions.create();
    time.advance(600);
    expect(sessions.find(used.id)).toBeDefined();
    time.advance(600);
    expect(sessions.find(used.id)).toBeDefined();
    expect(sessions.find(idle.id)).toBeUndefined();
    expect(sessions.isLive(idle.session.key)).toBe(false);
  });

  it('makes room by ending the longest idle session, and ends one on sign-out', () => {
    const sessions = createConsoleSessions({ idleTtlMs: 60_000, maxSessions: 2 });
    const first = sessions.create();
    const second = sessions.create();
    sessions.find(first.id);
    const third = sessions.create();
    expect([first, second, third].map(({ id }) => sessions.find(id) !== undefined)).toEqual([true, false, true]);
    expect(sessions.end(third.session.key)).toBe(true);
    expect(sessions.find(third.id)).toBeUndefined();
    expect(sessions.size).toBe(1);
  });

  it('gives every session its own id and CSRF token', () => {
    const sessions = createConsoleSessions({ idleTtlMs: 60_000, maxSessions: 64 });
    const made = Array.from({ length: 50 }, () => sessions.create());
    expect(new Set(made.flatMap(({ id, session }) => [id, session.csrf])).size).toBe(100);
  });
});
