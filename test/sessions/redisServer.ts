import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer, Socket } from 'node:net';

/** The redis-server binary, or undefined when the machine has none. */
export const REDIS_SERVER: string | undefined = (() => {
  try {
    return execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
})();

/** CI sets INTENTGATE_REDIS=required: a missing redis-server fails the Redis tests there instead of skipping them. */
export const REDIS_REQUIRED = process.env.INTENTGATE_REDIS === 'required';

/** Why the Redis tests skip, or undefined when they run. */
export const REDIS_SKIP_REASON: string | undefined =
  REDIS_SERVER === undefined && !REDIS_REQUIRED
    ? 'no redis-server on this machine (apt-get install redis-server; INTENTGATE_REDIS=required makes it an error)'
    : undefined;

/** A free TCP port on 127.0.0.1, picked by binding port 0 and letting it go. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Sends PING (after AUTH when the server has a password) and waits for +PONG, within `ms`. */
function ping(port: number, ms: number, password?: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(ms, () => done(false));
    socket.once('error', () => done(false));
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('utf8');
      if (answer.includes('+PONG') || answer.includes('-NOAUTH') || answer.includes('-WRONGPASS'))
        done(answer.includes('+PONG'));
    });
    socket.connect(port, '127.0.0.1', () =>
      socket.write(password === undefined ? 'PING\r\n' : `AUTH ${password}\r\nPING\r\n`),
    );
  });
}

/** A redis-server this process started, with no persistence. */
export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** its process id, to pause it (SIGSTOP) and resume it (SIGCONT) */
  readonly pid: number;
  /** Stops it (SIGTERM, then SIGKILL past 5 s); resolves when it exited. */
  stop(): Promise<void>;
}

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));

/**
 * Starts redis-server on 127.0.0.1:`port` (a free one by default), with no snapshot and no append-only file,
 * and `password` required when given; resolves once it answers PING.
 */
export async function startRedis(port?: number, password?: string): Promise<RedisServer> {
  if (REDIS_SERVER === undefined) throw new Error('redis-server is not installed: apt-get install -y redis-server');
  const chosen = port ?? (await freePort());
  const child = spawn(
    REDIS_SERVER,
    [
      '--port',
      String(chosen),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--protected-mode',
      'no',
      ...(password === undefined ? [] : ['--requirepass', password]),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const stop = async (): Promise<void> => {
    const gone = exited(child);
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await gone;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`redis-server on port ${chosen} exited with ${child.exitCode}: ${output.slice(-2000)}`);
    if (await ping(chosen, 500, password))
      return { port: chosen, url: `redis://127.0.0.1:${chosen}`, pid: child.pid as number, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`redis-server on port ${chosen} did not answer PING within 10 s: ${output.slice(-2000)}`);
}
