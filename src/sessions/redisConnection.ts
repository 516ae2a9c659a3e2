import { createRequire } from 'node:module';
import { SessionStoreError } from '../errors/SessionStoreError';
import { isMissingModule } from '../peers/missingModule';

/** The few client calls the session store makes; node-redis's client has them. */
interface RedisClientLike {
  sendCommand(args: readonly string[], options?: { readonly timeout?: number }): Promise<unknown>;
  connect(): Promise<unknown>;
  destroy(): void;
  on(event: 'error' | 'ready', listener: (error?: unknown) => void): unknown;
  readonly isReady: boolean;
}

/** A connection to one Redis server, opened in the background and reopened whenever it drops. */
export interface RedisConnection {
  /**
   * Sends one command; rejects at once with SessionStoreError while Redis cannot be reached (no
   * offline queue), and once `commandTimeoutMs` passed without an answer, even when the command
   * was written: a command may then still run when Redis answers again, so writes carry a fence.
   */
  command(args: readonly string[]): Promise<unknown>;
  /** true when Redis answers PING now */
  healthy(): Promise<boolean>;
  /** Closes the connection; later commands reject. */
  close(): Promise<void>;
}

/** What a host runs to use a Redis session store. */
export const REDIS_INSTALL_COMMAND = 'npm install redis@^5';

/** Why a Redis store cannot be used without the optional package `redis`, and what to install. */
export const REDIS_MISSING_MESSAGE =
  `a Redis session store needs the optional package redis, which ` +
  `is not installed: install it with \`${REDIS_INSTALL_COMMAND}\``;

/** Whether the optional package `redis` can be found, without loading it. */
export function redisInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('redis');
    return true;
  } catch {
    return false;
  }
}

type RedisModule = Pick<typeof import('redis'), 'createClient'>;

/** How the connection waits and retries. */
export interface RedisConnectionOptions {
  /** `redis://HOST:PORT` (or `rediss://` for TLS), credentials and database as node-redis reads them */
  readonly url: string;
  /** a command unanswered this long fails (Redis hung), written or not */
  readonly commandTimeoutMs: number;
  /** loads the `redis` package; tests give one that finds none */
  readonly load?: () => Promise<RedisModule>;
}

/** The URL without credentials, for messages. */
export function redisUrlForDisplay(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return 'the Redis URL';
  }
}

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/**
 * Opens a connection to Redis, loading the `redis` package only now, so the library and CLI
 * never pay for it unless a Redis store is asked for. It reconnects forever (at most a second
 * apart); meanwhile every command fails at once, never queued to run later on stale intent.
 */
export function openRedisConnection(options: RedisConnectionOptions): RedisConnection {
  const shown = redisUrlForDisplay(options.url);
  let closed = false;
  const load = options.load ?? (() => import('redis'));
  const client: Promise<RedisClientLike> = load().then(({ createClient }) => {
    const made: RedisClientLike = createClient({
      url: options.url,
      disableOfflineQueue: true,
      socket: {
        connectTimeout: options.commandTimeoutMs,
        reconnectStrategy: (retries: number) => Math.min(50 * (retries + 1), 1000),
      },
    });
    // the first attempt settles on 'ready' or on its first error; an unheard 'error' would crash the process
    firstAttempt = new Promise<void>((resolve) => {
      made.on('ready', () => resolve());
      made.on('error', () => resolve());
    });
    if (!closed) made.connect().catch(() => undefined);
    return made;
  });
  let firstAttempt: Promise<void> = Promise.resolve();
  const failure = (error: unknown): SessionStoreError => {
    if (error instanceof SessionStoreError) return error;
    // a missing optional peer is told as such, with the fix, not as Node's resolution error
    const reason = isMissingModule(error, 'redis') ? REDIS_MISSING_MESSAGE : reasonOf(error);
    return new SessionStoreError(`the Redis session store at ${shown} cannot be used: ${reason}`, { cause: error });
  };

  const send = async (redis: RedisClientLike, args: readonly string[]): Promise<unknown> => {
    // only the first connection is waited for; later, while reconnecting, a command fails at once
    if (!redis.isReady) await firstAttempt;
    if (!redis.isReady)
      throw new SessionStoreError(`the Redis session store at ${shown} cannot be reached (reconnecting)`);
    return redis.sendCommand(args, { timeout: options.commandTimeoutMs });
  };

  const command = async (args: readonly string[]): Promise<unknown> => {
    if (closed) throw new SessionStoreError(`the Redis session store at ${shown} is closed`);
    let redis: RedisClientLike;
    try {
      // loading the package is this process's work, not Redis's: the deadline starts after it
      redis = await client;
    } catch (error) {
      throw failure(error);
    }
    const sent = send(redis, args);
    // node-redis's own timeout does not cover a command already written to a Redis that stopped
    // reading (SIGSTOP, a full disk): the deadline is kept here, whatever state the command is in
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new SessionStoreError(
              `the Redis session store at ${shown} did not answer ${args[0] ?? 'a command'} within ${options.commandTimeoutMs} ms`,
            ),
          ),
        options.commandTimeoutMs,
      );
    });
    // the command's own answer may come after the deadline: it is heard and dropped
    sent.catch(() => undefined);
    try {
      return await Promise.race([sent, late]);
    } catch (error) {
      throw failure(error);
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    command,
    healthy: async () => {
      try {
        return (await command(['PING'])) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      closed = true;
      try {
        (await client).destroy();
      } catch {
        // a client that never loaded has nothing to close
      }
    },
  };
}
