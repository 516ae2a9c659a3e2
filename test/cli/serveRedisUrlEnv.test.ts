import { describe, expect, it } from 'vitest';
import { REDIS_FROM_ENV, REDIS_URL_ENV, serveCredentials } from '../../src/cli/serveCredentials';
import { UsageError } from '../../src/cli/usageError';
import { memoryIo } from './cliHarness';

const URL_WITH_PASSWORD = 'redis://:s3cret-pw@127.0.0.1:6390';

describe('serve reads a Redis URL from REDIS_URL once and clears it', () => {
  it('takes the URL of `--store redis` from REDIS_URL, and no child inherits it', () => {
    const io = memoryIo({ env: { [REDIS_URL_ENV]: URL_WITH_PASSWORD, PATH: '/usr/bin' } });
    const credentials = serveCredentials({}, REDIS_FROM_ENV, '/nowhere', io);
    expect(credentials.store).toBe(URL_WITH_PASSWORD);
    expect(io.env[REDIS_URL_ENV]).toBeUndefined();
    expect(credentials.env[REDIS_URL_ENV]).toBeUndefined();
    // the password never was on the command line, so nothing is warned about
    expect(credentials.warnings).toEqual([]);
  });

  it('clears REDIS_URL whatever the store, and a memory store stays in memory', () => {
    const io = memoryIo({ env: { [REDIS_URL_ENV]: URL_WITH_PASSWORD } });
    const credentials = serveCredentials({}, undefined, '/nowhere', io);
    expect(credentials.store).toBeUndefined();
    expect(io.env[REDIS_URL_ENV]).toBeUndefined();
    expect(credentials.env[REDIS_URL_ENV]).toBeUndefined();
  });

  it('refuses `--store redis` with REDIS_URL unset, saying what to set', () => {
    const io = memoryIo({ env: {} });
    expect(() => serveCredentials({}, REDIS_FROM_ENV, '/nowhere', io)).toThrow(UsageError);
    expect(() => serveCredentials({}, REDIS_FROM_ENV, '/nowhere', io)).toThrow(/REDIS_URL, which is not set/);
  });

  it('still warns about a password written in --store itself', () => {
    const io = memoryIo({ env: {} });
    const credentials = serveCredentials({}, URL_WITH_PASSWORD, '/nowhere', io);
    expect(credentials.store).toBe(URL_WITH_PASSWORD);
    expect(credentials.warnings).toEqual([expect.stringContaining('the Redis password is in the store URL')]);
  });
});
