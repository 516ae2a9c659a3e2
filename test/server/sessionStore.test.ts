import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/server/httpError';
import { createSessionStore } from '../../src/server/sessionStore';
import { makeServiceWorkspace } from './serviceHarness';

const MINUTE = 60_000;

/** A store over a fresh workspace with a clock the test moves. */
function storeWithClock(maxSessions: number) {
  let time = 0;
  const store = createSessionStore(
    { workspaceRoot: makeServiceWorkspace(), trace: () => undefined },
    { maxSessions, idleTtlMs: 10 * MINUTE, now: () => time },
  );
  return { store, advance: (ms: number) => (time += ms) };
}

describe('the service session store', () => {
  it('expires a session unused for the idle TTL, and only that one', () => {
    const { store, advance } = storeWithClock(10);
    store.getOrCreate('idle');
    advance(5 * MINUTE);
    store.getOrCreate('busy');
    advance(6 * MINUTE);
    expect(store.use('busy')).toBeDefined();
    expect(store.use('idle')).toBeUndefined();
    expect(store.ids()).toEqual(['busy']);
  });

  it('keeps a session that is used within its TTL however long it lives', () => {
    const { store, advance } = storeWithClock(10);
    store.getOrCreate('kept');
    for (let step = 0; step < 6; step++) {
      advance(9 * MINUTE);
      expect(store.use('kept')).toBeDefined();
    }
  });

  it('refuses a new session at capacity with the time until the longest idle one expires', () => {
    const { store, advance } = storeWithClock(2);
    store.getOrCreate('a');
    advance(4 * MINUTE);
    store.getOrCreate('b');
    let refusal: unknown;
    try {
      store.getOrCreate('c');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({
      status: 429,
      code: 'too_many_sessions',
      headers: { 'Retry-After': String(6 * 60) },
    });
    expect(store.ids()).toEqual(['a', 'b']);
  });

  it('makes room at capacity once a session has expired', () => {
    const { store, advance } = storeWithClock(2);
    store.getOrCreate('a');
    store.getOrCreate('b');
    advance(11 * MINUTE);
    expect(store.getOrCreate('c').created).toBe(true);
    expect(store.ids()).toEqual(['c']);
  });
});
