import { describe, expect, it } from 'vitest';
import { SessionStoreError } from '../../src/errors/SessionStoreError';
import { openRedisConnection, REDIS_MISSING_MESSAGE, redisInstalled } from '../../src/sessions/redisConnection';

// the Redis store where the optional package redis is not installed: every command says what to install

const missing = Object.assign(
  new Error("Cannot find package 'redis' imported from /app/node_modules/intentgate/dist/index.js"),
  { code: 'ERR_MODULE_NOT_FOUND' },
);

describe('a Redis connection without the redis package', () => {
  it('refuses each command with what to install', async () => {
    const connection = openRedisConnection({
      url: 'redis://127.0.0.1:1',
      commandTimeoutMs: 1000,
      load: () => Promise.reject(missing),
    });
    const failed = connection.command(['PING']);
    await expect(failed).rejects.toBeInstanceOf(SessionStoreError);
    await expect(failed).rejects.toThrow(
      `the Redis session store at redis://127.0.0.1:1 cannot be used: ${REDIS_MISSING_MESSAGE}`,
    );
    expect(await connection.healthy()).toBe(false);
    await connection.close();
  });

  it('finds redis where it is installed', () => {
    expect(redisInstalled()).toBe(true);
  });
});
