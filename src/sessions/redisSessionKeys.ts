import { createHash } from 'node:crypto';

/** A deployment name: what every Redis key of one deployment starts with. */
export const DEPLOYMENT_NAME_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** The Redis keys of one deployment: a hash per session, a lock per session, and the index of session ids by last use. */
export interface RedisSessionKeys {
  /** a hash of `version` (a counter) and `state` (the JSON envelope) */
  session(sessionId: string): string;
  /** holds the token of whoever works on the session */
  lock(sessionId: string): string;
  /** a sorted set of session ids, scored by when each was last kept */
  readonly index: string;
}

/** Keys under `intentgate:<deployment>:`; a session id is hashed, so any id makes a key of fixed length. */
export function redisSessionKeys(deployment: string): RedisSessionKeys {
  const prefix = `intentgate:${deployment}:`;
  const digest = (sessionId: string): string => createHash('sha256').update(sessionId).digest('hex');
  return {
    session: (sessionId) => `${prefix}session:${digest(sessionId)}`,
    lock: (sessionId) => `${prefix}lock:${digest(sessionId)}`,
    index: `${prefix}sessions`,
  };
}

/**
 * Takes the lock (SET NX PX) and reads Redis's clock in the same step, so a later write can be
 * fenced by a time on Redis's own clock. KEYS: lock. ARGV: token, TTL ms. Returns
 * {1 when taken else 0, seconds, microseconds}.
 */
export const ACQUIRE_LOCK_SCRIPT = `
local taken = redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2])
local now = redis.call('TIME')
if taken then return {1, now[1], now[2]} end
return {0, now[1], now[2]}`;

// a write Redis runs after the time its sender stopped waiting for it (by Redis's clock) changes nothing;
// a Redis older than 5 allows writes after TIME only when a script replicates its effects
const FENCE = (argument: string): string => `
if redis.replicate_commands then redis.replicate_commands() end
local clock = redis.call('TIME')
if tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000) > tonumber(${argument}) then return -3 end`;

/** Takes nothing: deletes KEYS[1] only while it still holds ARGV[1], so a lock that expired and was taken by another is left alone. */
export const RELEASE_LOCK_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/**
 * The fenced write: keeps the new state only while the lock still holds our token, the
 * version is the one read and Redis runs it before its sender gave up on it (ARGV[10], ms by
 * Redis's clock); returns the new version, -1 for a lost lock, -2 for a newer state, -3 for
 * a write that came too late.
 * The session's key expires when the store forgets the session (`until`, also kept in the hash
 * for a check by the store's clock); the index scores it by the time a session last used then
 * would expire, so the index's cut by the idle time holds for ended sessions too.
 * KEYS: lock, session, index. ARGV: token, version read, state, session TTL ms, index score,
 * session id, oldest score kept, index TTL ms, until (ms since the epoch), fence.
 */
export const FENCED_WRITE_SCRIPT = `${FENCE('ARGV[10]')}
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return -1 end
local current = redis.call('HGET', KEYS[2], 'version') or '0'
if current ~= ARGV[2] then return -2 end
local version = tonumber(current) + 1
redis.call('HSET', KEYS[2], 'version', tostring(version), 'state', ARGV[3], 'until', ARGV[9])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
redis.call('ZADD', KEYS[3], ARGV[5], ARGV[6])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', '(' .. ARGV[7])
redis.call('PEXPIRE', KEYS[3], ARGV[8])
return version`;

/**
 * Removes a session under its lock, unless it came too late. KEYS: lock, session, index. ARGV: token, session
 * id, fence. Returns -1 for a lost lock, -3 too late.
 */
export const FENCED_REMOVE_SCRIPT = `${FENCE('ARGV[3]')}
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return -1 end
redis.call('DEL', KEYS[2])
redis.call('ZREM', KEYS[3], ARGV[2])
return 1`;
