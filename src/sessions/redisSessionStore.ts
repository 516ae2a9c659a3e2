import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { createGovernor, type Governor } from '../governor/createGovernor';
import type { GovernorOptions } from '../governor/governorOptions';
import { SessionStoreError } from '../errors/SessionStoreError';
import { SessionTamperedError } from '../errors/SessionTamperedError';
import { freshNotes, type SessionNotes } from './governorSessions';
import { createKeyedQueue } from './keyedQueue';
import { persistedSnapshot, restoredGovernor } from './persistedSnapshot';
import { openRedisConnection, type RedisConnection } from './redisConnection';
import {
  ACQUIRE_LOCK_SCRIPT,
  FENCED_REMOVE_SCRIPT,
  FENCED_WRITE_SCRIPT,
  RELEASE_LOCK_SCRIPT,
  redisSessionKeys,
} from './redisSessionKeys';
import { sessionLabelSchema, sessionNotesSchema } from './sessionFiles';
import { hasValidMac, recordMac, type SessionAuthenticity } from './sessionKey';
import { keptLabel, restoreLabel, type KeptLabel } from './sessionLabels';
import { DEFAULT_ENDED_SESSION_TTL_MS, keptUntil, type SessionRetention } from './sessionRetention';

/** What a Redis session's `state` field says it is. */
export const REDIS_SESSION_FORMAT = 'intentgate.redis-session';

const envelopeSchema = z.strictObject({
  format: z.literal(REDIS_SESSION_FORMAT),
  sessionId: z.string(),
  /** which options the governor was created with: '' the service's, else an agent's preset */
  profile: z.string().max(64),
  /** the governor's snapshot, validated when it is restored */
  governor: z.unknown(),
  notes: sessionNotesSchema,
  /** what the console labels the session with: a governor restored per use has no notes of its own */
  label: sessionLabelSchema.optional(),
});

/** How long locks live and waits last, and how large a state may grow. */
export interface RedisSessionTimings {
  /** a lock not released within this is gone (its holder died); its holder's write is then refused */
  readonly lockTtlMs: number;
  /** how long a use waits for another instance's use of the same session */
  readonly lockWaitMs: number;
  /** a Redis command unanswered this long fails, and a write Redis runs later changes nothing */
  readonly commandTimeoutMs: number;
  /** the largest state kept */
  readonly maxStateBytes: number;
}

/** The defaults: docs/operations.md states them. */
export const REDIS_SESSION_DEFAULTS: RedisSessionTimings = Object.freeze({
  lockTtlMs: 15_000,
  lockWaitMs: 10_000,
  commandTimeoutMs: 1_000,
  maxStateBytes: 4 * 1024 * 1024,
});

export interface RedisSessionStoreOptions extends Partial<RedisSessionTimings> {
  /** `redis://HOST:PORT` */
  readonly url: string;
  /** the deployment's name: every key starts with it, so a new name starts with no sessions */
  readonly deployment: string;
  /** the options a governor of `profile` is created and restored with; throws for a profile it does not know */
  readonly governorOptions: (profile: string) => GovernorOptions;
  /** a session unused this long expires in Redis */
  readonly idleTtlMs: number;
  /** a session its agent ended is kept this long after the end (default a day) */
  readonly endedTtlMs?: number;
  /** at most this many live sessions: a new one past it is refused with `full()` */
  readonly maxSessions?: number;
  readonly full?: (maxSessions: number) => Error;
  /** wraps each governor made or restored (the service's decision metrics) */
  readonly wrap?: (governor: Governor) => Governor;
  readonly now?: () => number;
  /**
   * the key every record's MAC is made with (derived from the approval token the service is
   * given); a record that fails it, or has none, refuses every use of its session
   * (SessionTamperedError). Required: a record Redis restores unchecked could be rewritten by
   * anyone with the Redis password.
   */
  readonly macKey: Buffer;
}

/** Whether a use may start the session: an existing one only, or created with the options of `profile`. */
export type SessionOpening = { readonly create: false } | { readonly create: true; readonly profile: string };

/** What a use's work is told of the session: whether it was just created, and the options' profile it was created with. */
export interface SessionFacts {
  readonly created: boolean;
  /** '' for the service's options, else an agent's name */
  readonly profile: string;
}

/** A use's work: the governor, the session's notes, and what it is told of the session. */
export type SessionWork<T> = (governor: Governor, notes: SessionNotes, facts: SessionFacts) => T | Promise<T>;

/** The work's value, or that the session does not exist. */
export type Found<T> = { readonly found: true; readonly value: T } | { readonly found: false };

/** Governor sessions in Redis, shared by every instance of one deployment. */
export interface RedisSessionStore {
  /** Runs `work` under the session's lock and keeps what it changed; a work that throws keeps nothing. */
  update<T>(sessionId: string, opening: SessionOpening, work: SessionWork<T>): Promise<Found<T>>;
  /** Runs `work` on the kept state without the lock; nothing it changes is kept. */
  read<T>(sessionId: string, work: SessionWork<T>): Promise<Found<T>>;
  remove(sessionId: string): Promise<void>;
  /**
   * Marks the session ended by its agent, now: it is kept `endedTtlMs` after; nothing for an
   * unknown one. With `profile`, a session kept with other options is refused (SessionStoreError).
   */
  end(sessionId: string, profile?: string): Promise<void>;
  /** the live session ids, longest idle first */
  ids(): Promise<string[]>;
  /** how many sessions are live, counted in Redis without reading their ids */
  count(): Promise<number>;
  /** true when Redis answers */
  healthy(): Promise<boolean>;
  close(): Promise<void>;
}

/** A session's lock as held by one use: its token, and Redis's clock when it was taken. */
interface Held {
  readonly token: string;
  readonly anchor: ClockAnchor;
}

interface Kept {
  readonly version: string;
  /** when the store forgets it, by its own clock; undefined for a state kept before this was written */
  readonly until: number | undefined;
  readonly profile: string;
  readonly governor: unknown;
  readonly notes: SessionNotes;
  readonly label: KeptLabel | undefined;
}

const asText = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Redis's clock as read with a lock (ms), and this process's monotonic clock when the answer came. */
interface ClockAnchor {
  readonly redisMs: number;
  readonly localMs: number;
}

/** The lock script's answer: whether the lock was taken, and Redis's clock then. */
function lockAnswer(reply: unknown): { taken: boolean; anchor: ClockAnchor } {
  const [taken, seconds, micros] = Array.isArray(reply) ? reply.map(Number) : [];
  if (seconds === undefined || micros === undefined || !Number.isFinite(seconds) || !Number.isFinite(micros)) {
    throw new SessionStoreError(
      `Redis answered the session lock with ${String(reply).slice(0, 80)}, not a lock and a time`,
    );
  }
  return {
    taken: taken === 1,
    anchor: { redisMs: seconds * 1000 + Math.floor(micros / 1000), localMs: performance.now() },
  };
}

/**
 * Sessions kept in Redis: a hash per session (a version counter and a JSON envelope of the
 * governor's snapshot and notes) under `intentgate:<deployment>:`, expiring when the session is
 * forgotten: the idle TTL after its last use, and for one its agent ended, no sooner than
 * `endedTtlMs` after the end. A use takes the session's lock (SET NX PX with a random token), restores, works,
 * and writes only if the lock still holds its token and the version is the one it read, so a
 * use whose lock expired never overwrites a newer state: SessionStoreError, nothing kept.
 * Every command has a deadline (`commandTimeoutMs`); a write also carries the time, on Redis's
 * own clock read with the lock, past which its sender has given up, so a Redis that resumes
 * after a pause never applies it. Anything Redis cannot do is a SessionStoreError; nothing is
 * ever decided from memory.
 */
export function createRedisSessionStore(options: RedisSessionStoreOptions): RedisSessionStore {
  const timings: RedisSessionTimings = { ...REDIS_SESSION_DEFAULTS, ...options };
  const retention: SessionRetention = {
    idleTtlMs: options.idleTtlMs,
    endedTtlMs: options.endedTtlMs ?? DEFAULT_ENDED_SESSION_TTL_MS,
  };
  const now = options.now ?? Date.now;
  const keys = redisSessionKeys(options.deployment);
  const connection: RedisConnection = openRedisConnection({
    url: options.url,
    commandTimeoutMs: timings.commandTimeoutMs,
  });
  const queue = createKeyedQueue();
  const wrap = options.wrap ?? ((governor: Governor) => governor);
  const where = (sessionId: string): string =>
    `the Redis session '${sessionId.slice(0, 128)}' of deployment '${options.deployment}'`;
  // bound to the deployment: a record copied from another deployment's keys fails
  const authenticity: SessionAuthenticity = { key: options.macKey, store: `redis:${options.deployment}` };

  /** The record of a state's JSON with its MAC taken out, checked. */
  const authentic = (sessionId: string, value: unknown): unknown => {
    const { mac, ...record } =
      typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    if (typeof mac !== 'string' || !hasValidMac(authenticity, JSON.stringify(record), mac))
      throw new SessionTamperedError(
        `${where(sessionId)} fails its MAC: it was not written by this deployment's service (rewritten in Redis, ` +
          'forged or copied); every call of the session is refused; a human should inspect and delete it',
      );
    return record;
  };

  const load = async (sessionId: string): Promise<Kept | undefined> => {
    const [version, state, until] = (await connection.command([
      'HMGET',
      keys.session(sessionId),
      'version',
      'state',
      'until',
    ])) as unknown[];
    const text = asText(state);
    if (text === undefined) return undefined;
    const expiresAt = asText(until) === undefined ? undefined : Number(until);
    let parsed: z.infer<typeof envelopeSchema>;
    try {
      parsed = envelopeSchema.parse(authentic(sessionId, JSON.parse(text)));
    } catch (error) {
      if (error instanceof SessionTamperedError) throw error;
      throw new SessionStoreError(
        `${where(sessionId)} does not hold a session this service can read; a human should delete it`,
        { cause: error },
      );
    }
    if (parsed.sessionId !== sessionId)
      throw new SessionStoreError(`${where(sessionId)} holds the state of another session id`);
    return {
      version: asText(version) ?? '0',
      until: expiresAt,
      profile: parsed.profile,
      governor: parsed.governor,
      notes: { ...freshNotes(), ...parsed.notes },
      label: parsed.label,
    };
  };

  const open = (sessionId: string, kept: Kept): Governor => {
    const restored = restoredGovernor(
      options.governorOptions(kept.profile),
      sessionId,
      kept.governor,
      where(sessionId),
    );
    const governor = wrap(restored);
    // the label is read off the governor the work gets, which a wrap may replace
    restoreLabel(governor, kept.label, kept.profile);
    return governor;
  };

  // releases sent and not yet answered, so closing the store does not leave their locks behind
  const releasing = new Set<Promise<void>>();

  const release = async (sessionId: string, token: string): Promise<void> => {
    try {
      await connection.command(['EVAL', RELEASE_LOCK_SCRIPT, '1', keys.lock(sessionId), token]);
    } catch {
      // a lock that cannot be released expires by itself
    }
  };

  const acquire = async (sessionId: string): Promise<{ token: string; anchor: ClockAnchor }> => {
    const token = randomBytes(16).toString('hex');
    const deadline = now() + timings.lockWaitMs;
    for (;;) {
      let reply: unknown;
      try {
        reply = await connection.command([
          'EVAL',
          ACQUIRE_LOCK_SCRIPT,
          '1',
          keys.lock(sessionId),
          token,
          String(timings.lockTtlMs),
        ]);
      } catch (error) {
        // a lock Redis takes after this use gave up is let go right after, not held for its TTL
        void release(sessionId, token);
        throw error;
      }
      const { taken, anchor } = lockAnswer(reply);
      if (taken) return { token, anchor };
      if (now() >= deadline)
        throw new SessionStoreError(
          `${where(sessionId)} stayed locked by another instance for ${timings.lockWaitMs} ms`,
        );
      // a short random wait, so instances waiting on one session do not retry in step
      await sleep(2 + Math.floor(Math.random() * 8));
    }
  };

  /** The last time, by Redis's clock, a write sent now may run: when this process stops waiting for it. */
  const fenceOf = (anchor: ClockAnchor): string =>
    String(Math.floor(anchor.redisMs + (performance.now() - anchor.localMs) + timings.commandTimeoutMs));

  const tooLate = (sessionId: string): SessionStoreError =>
    new SessionStoreError(
      `${where(sessionId)}: Redis ran the write after this service stopped waiting for it (${timings.commandTimeoutMs} ms); nothing was kept`,
    );

  const count = async (): Promise<number> =>
    Number(await connection.command(['ZCOUNT', keys.index, String(now() - options.idleTtlMs), '+inf']));

  const refuseNew = async (): Promise<void> => {
    const { maxSessions, full } = options;
    if (maxSessions === undefined) return;
    const live = await count();
    if (live >= maxSessions)
      throw full
        ? full(maxSessions)
        : new SessionStoreError(`the deployment holds ${maxSessions} live sessions, its limit`);
  };

  const keep = async (
    sessionId: string,
    { token, anchor }: Held,
    version: string,
    profile: string,
    governor: Governor,
    notes: SessionNotes,
  ): Promise<void> => {
    const label = keptLabel(governor);
    const record = JSON.stringify({
      format: REDIS_SESSION_FORMAT,
      sessionId,
      profile,
      governor: persistedSnapshot(governor),
      notes,
      ...(label !== undefined && { label }),
    });
    // the MAC covers the record's JSON as a reader rebuilds it: the same text without its last field
    const state = `${record.slice(0, -1)},"mac":${JSON.stringify(recordMac(authenticity, record))}}`;
    if (Buffer.byteLength(state) > timings.maxStateBytes)
      throw new SessionStoreError(
        `${where(sessionId)} would be ${Buffer.byteLength(state)} bytes, over the limit of ${timings.maxStateBytes}; nothing was kept`,
      );
    const at = now();
    const until = keptUntil(at, notes.endedAt, retention);
    const indexTtl = Math.max(retention.idleTtlMs, retention.endedTtlMs);
    const args = [
      token,
      version,
      state,
      String(until - at),
      String(until - retention.idleTtlMs),
      sessionId,
      String(at - retention.idleTtlMs),
      String(indexTtl),
      String(until),
      fenceOf(anchor),
    ];
    const result = Number(
      await connection.command([
        'EVAL',
        FENCED_WRITE_SCRIPT,
        '3',
        keys.lock(sessionId),
        keys.session(sessionId),
        keys.index,
        ...args,
      ]),
    );
    if (result === -3) throw tooLate(sessionId);
    if (result === -1)
      throw new SessionStoreError(
        `${where(sessionId)}: the lock expired while this use ran (longer than ${timings.lockTtlMs} ms); nothing was kept`,
      );
    if (result === -2)
      throw new SessionStoreError(
        `${where(sessionId)} was changed by another use while this one ran; nothing was kept`,
      );
  };

  const locked = <T>(sessionId: string, task: (held: Held) => Promise<T>): Promise<T> =>
    // one use per session at a time in this process, so only other instances contend for the lock
    queue(sessionId, async () => {
      const held = await acquire(sessionId);
      try {
        return await task(held);
      } finally {
        // not waited for: a use that met a hung Redis would wait a second deadline for it, and the
        // next use's lock command goes on the same connection, after it; close() waits for it
        const released = release(sessionId, held.token).finally(() => releasing.delete(released));
        releasing.add(released);
      }
    });

  // past its time by the store's clock (Redis expires it by its own): forgotten
  const isForgotten = (kept: Kept): boolean => kept.until !== undefined && kept.until <= now();

  const forget = async (sessionId: string, { token, anchor }: Held): Promise<void> => {
    const result = Number(
      await connection.command([
        'EVAL',
        FENCED_REMOVE_SCRIPT,
        '3',
        keys.lock(sessionId),
        keys.session(sessionId),
        keys.index,
        token,
        sessionId,
        fenceOf(anchor),
      ]),
    );
    if (result === -3) throw tooLate(sessionId);
  };

  const update = <T>(sessionId: string, opening: SessionOpening, work: SessionWork<T>): Promise<Found<T>> =>
    locked(sessionId, async (held) => {
      const loaded = await load(sessionId);
      const forgotten = loaded !== undefined && isForgotten(loaded);
      if (forgotten) await forget(sessionId, held);
      const kept = forgotten ? undefined : loaded;
      if (kept === undefined && !opening.create) return { found: false };
      if (kept === undefined) await refuseNew();
      const profile = kept?.profile ?? (opening.create ? opening.profile : '');
      const governor =
        kept === undefined
          ? wrap(createGovernor({ ...options.governorOptions(profile), sessionId }))
          : open(sessionId, kept);
      const notes: SessionNotes = kept?.notes ?? freshNotes();
      try {
        const value = await work(governor, notes, { created: kept === undefined, profile });
        await keep(sessionId, held, kept?.version ?? '0', profile, governor, notes);
        return { found: true, value };
      } finally {
        governor.stop();
      }
    });

  return {
    update,
    async end(sessionId, profile) {
      await update(sessionId, { create: false }, (_governor, notes, facts) => {
        if (profile !== undefined && facts.profile !== profile) {
          throw new SessionStoreError(
            `the session '${sessionId.slice(0, 128)}' was started with the options of '${facts.profile.slice(0, 64)}'; '${profile.slice(0, 64)}' cannot end it`,
          );
        }
        // a session bound to a credential is not ended by a route that shows none
        if (notes.credential !== undefined) return;
        notes.endedAt = now();
      });
    },
    async read(sessionId, work) {
      const kept = await load(sessionId);
      if (kept === undefined || isForgotten(kept)) return { found: false };
      const governor = open(sessionId, kept);
      try {
        return { found: true, value: await work(governor, kept.notes, { created: false, profile: kept.profile }) };
      } finally {
        governor.stop();
      }
    },
    remove: (sessionId) => locked(sessionId, (held) => forget(sessionId, held)),
    async ids() {
      const ids = await connection.command(['ZRANGEBYSCORE', keys.index, String(now() - options.idleTtlMs), '+inf']);
      return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
    },
    count,
    healthy: () => connection.healthy(),
    async close() {
      await Promise.all(releasing);
      await connection.close();
    },
  };
}
