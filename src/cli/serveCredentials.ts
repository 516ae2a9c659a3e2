import { lstatSync } from 'node:fs';
import path from 'node:path';
import { readRegularFile } from '../files/readRegularFile';
import { APPROVAL_TOKENS_ENV } from '../server/approvalTokens';
import { APPROVAL_TOKEN_ENV } from '../server/serverOptions';
import type { CliIo } from './cliIo';
import { UsageError } from './usageError';

/** The variable a Redis URL may come from, read at start and cleared. */
export const REDIS_URL_ENV = 'REDIS_URL';
/** `--store redis`: a Redis store at the URL in `REDIS_URL`. */
export const REDIS_FROM_ENV = 'redis';

/** The flags that give `intentgate serve` its secrets from files instead of argv or the environment. */
export interface CredentialFlags {
  readonly approvalTokenFile?: string;
  readonly storePasswordFile?: string;
  readonly storeUrlFile?: string;
}

/** The service's secrets, read once at start, and what a person should hear about them. */
export interface ServeCredentials {
  /** the environment the service is created from: this run's, the secrets from files put in, never written back to the process */
  readonly env: NodeJS.ProcessEnv;
  /** the store's URL with its password, when a file gave either */
  readonly store: string | undefined;
  readonly warnings: readonly string[];
}

// a secret file holds a line or a URL, never more
const MAX_SECRET_BYTES = 4096;

/**
 * The text of a file only its owner may read: outside the governed workspace, a regular file
 * (not a link) of this user with no group or other permission bits, its one line trimmed.
 * Anything else is a usage error naming the flag and the fix, since a secret others (or the
 * agent's file tools) can read is no secret.
 */
export function readSecretFile(flag: string, file: string, workspace: string): string {
  const relative = path.relative(workspace, file);
  if (relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))) {
    throw new UsageError(
      `${flag} ${file}: it is inside the workspace ${workspace}, where the agent's tools read; keep it outside, in a folder of its own`,
    );
  }
  let stat;
  try {
    stat = lstatSync(file);
  } catch {
    throw new UsageError(`${flag} ${file}: no such file`);
  }
  if (!stat.isFile()) throw new UsageError(`${flag} ${file}: not a regular file (a link or a folder is in its place)`);
  if (typeof process.getuid === 'function' && stat.uid !== process.getuid())
    throw new UsageError(`${flag} ${file}: it belongs to another user`);
  if ((stat.mode & 0o077) !== 0)
    throw new UsageError(
      `${flag} ${file}: its permissions are ${(stat.mode & 0o777).toString(8)}, readable by others; make it owner-only with chmod 600`,
    );
  const read = readRegularFile(file, MAX_SECRET_BYTES);
  if (read.kind !== 'text')
    throw new UsageError(
      `${flag} ${file}: it cannot be read as a secret of at most ${MAX_SECRET_BYTES} bytes (${read.kind})`,
    );
  const text = read.text.trim();
  if (text === '' || /[\r\n]/.test(text)) throw new UsageError(`${flag} ${file}: it must hold one line`);
  return text;
}

/** The password of a Redis URL, or '' when it has none or is not a URL. */
function passwordOf(url: string): string {
  try {
    return new URL(url).password;
  } catch {
    return '';
  }
}

/** The store URL with the password put in. */
function withPassword(store: string, password: string): string {
  let url: URL;
  try {
    url = new URL(store);
  } catch {
    throw new UsageError(
      `--store-password-file needs a Redis store URL (--store redis://HOST:PORT), got '${store.slice(0, 64)}'`,
    );
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    throw new UsageError(`--store-password-file needs a Redis store (--store redis://HOST:PORT), got ${url.protocol}`);
  url.password = encodeURIComponent(password);
  return url.toString();
}

/**
 * Reads the service's secrets: the approval token from `--approval-token-file`, else
 * `INTENTGATE_APPROVAL_TOKEN`; the Redis URL from `--store-url-file`, else `--store` (`--store
 * redis`: the URL in `REDIS_URL`) with the password of `--store-password-file`. `REDIS_URL` is
 * deleted from this run's environment once read, whatever the store. The token variables are deleted from this run's
 * environment once read, so no process the service starts inherits them (what the kernel shows
 * in /proc/<pid>/environ is the environment the process started with, which no program can
 * change: give the token in a file to keep it out of there). A password written on the command
 * line cannot be taken back either: it is warned about.
 */
export function serveCredentials(
  flags: CredentialFlags,
  store: string | undefined,
  workspace: string,
  io: CliIo,
): ServeCredentials {
  const fromEnv = { token: io.env[APPROVAL_TOKEN_ENV], named: io.env[APPROVAL_TOKENS_ENV] };
  delete io.env[APPROVAL_TOKEN_ENV];
  delete io.env[APPROVAL_TOKENS_ENV];
  const token =
    flags.approvalTokenFile === undefined
      ? fromEnv.token
      : readSecretFile('--approval-token-file', path.resolve(io.cwd, flags.approvalTokenFile), workspace);
  const env: NodeJS.ProcessEnv = {
    ...io.env,
    ...(token !== undefined && { [APPROVAL_TOKEN_ENV]: token }),
    ...(fromEnv.named !== undefined && { [APPROVAL_TOKENS_ENV]: fromEnv.named }),
  };
  const warnings: string[] = [];
  if (flags.storeUrlFile !== undefined && flags.storePasswordFile !== undefined)
    throw new UsageError('--store-url-file and --store-password-file: give the password in one of them, not both');
  // read once and cleared, like the token variables: nothing the service starts inherits it
  const urlFromEnv = io.env[REDIS_URL_ENV];
  delete io.env[REDIS_URL_ENV];
  delete env[REDIS_URL_ENV];
  let url = store;
  if (store === REDIS_FROM_ENV && flags.storeUrlFile === undefined) {
    if (urlFromEnv === undefined || urlFromEnv.trim() === '')
      throw new UsageError(
        `--store ${REDIS_FROM_ENV} takes the Redis URL from $${REDIS_URL_ENV}, which is not set: set it, or give --store-url-file`,
      );
    url = urlFromEnv.trim();
  }
  if (flags.storeUrlFile !== undefined)
    url = readSecretFile('--store-url-file', path.resolve(io.cwd, flags.storeUrlFile), workspace);
  else if (flags.storePasswordFile !== undefined) {
    if (url === undefined)
      throw new UsageError('--store-password-file needs a Redis store: add --store redis://HOST:PORT');
    url = withPassword(
      url,
      readSecretFile('--store-password-file', path.resolve(io.cwd, flags.storePasswordFile), workspace),
    );
  }
  if (flags.storeUrlFile === undefined && store !== undefined && store !== REDIS_FROM_ENV && passwordOf(store) !== '') {
    warnings.push(
      'warning: the Redis password is in the store URL, which `ps` shows with the command line (and a ' +
        'policy file shows to whoever reads it); give it with --store-password-file or --store-url-file',
    );
  }
  return { env, store: url, warnings };
}
