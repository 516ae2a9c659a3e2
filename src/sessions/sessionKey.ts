import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { closeSync, fstatSync, linkSync, lstatSync, mkdirSync, openSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { SessionStoreError } from '../errors/SessionStoreError';
import { readRegularFile } from '../files/readRegularFile';
import { approvalTokenFile } from '../hooks/approvalCredential';

/** The session key file's name, beside the approval token file. */
export const SESSION_KEY_FILE_NAME = 'session-key';

/** A key file's text: 64 hex digits, 32 random bytes. */
const KEY_TEXT = /^[0-9a-f]{64}$/;

/**
 * Where the key that authenticates session files is kept: beside the approval token
 * (`$INTENTGATE_APPROVAL_TOKEN_FILE`'s folder, else `$XDG_CONFIG_HOME/intentgate`, else
 * `~/.config/intentgate`), in the user's config folder, outside any workspace.
 */
export function sessionKeyFile(env: NodeJS.ProcessEnv, cwd: string): string {
  return path.join(path.dirname(approvalTokenFile(env, cwd)), SESSION_KEY_FILE_NAME);
}

function unsafe(file: string, why: string): SessionStoreError {
  return new SessionStoreError(
    `the session key ${file} cannot be trusted: ${why}; session files cannot be checked, so every call is refused until a human fixes it`,
  );
}

/** The key of a file that exists: a regular file of this user that nobody else may read or write, holding one key. */
function readKey(file: string): Buffer | undefined {
  let stat;
  try {
    stat = lstatSync(file);
  } catch {
    return undefined;
  }
  if (!stat.isFile()) throw unsafe(file, 'it is not a regular file (a link or a folder is in its place)');
  if (typeof process.getuid === 'function' && stat.uid !== process.getuid())
    throw unsafe(file, 'it belongs to another user');
  if ((stat.mode & 0o077) !== 0)
    throw unsafe(file, `its permissions are ${(stat.mode & 0o777).toString(8)}; make it owner-only with chmod 600`);
  const read = readRegularFile(file, 1024);
  const text = read.kind === 'text' ? read.text.trim() : '';
  if (!KEY_TEXT.test(text)) throw unsafe(file, 'it does not hold one key of 64 hex digits');
  return Buffer.from(text, 'hex');
}

/**
 * The session key of `file`, created (0600, its folder 0700 when made) on first use. A new key
 * is written to a file of its own and linked into place, so two hooks starting at once agree on
 * one key. A key file inside `workspace` is refused: the agent's tools read there.
 */
export function loadSessionKey(file: string, workspace: string): Buffer {
  const relative = path.relative(workspace, file);
  if (relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative)))
    throw unsafe(
      file,
      `it is inside the workspace ${workspace}, where the agent's tools read; keep it in your config folder`,
    );
  const found = readKey(file);
  if (found) return found;
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const temp = `${file}.${randomUUID()}.tmp`;
    const fd = openSync(temp, 'wx', 0o600);
    try {
      // the umask may only narrow 0600; a wider file is left for readKey to refuse
      if ((fstatSync(fd).mode & 0o077) === 0) writeSync(fd, `${randomBytes(32).toString('hex')}\n`);
    } finally {
      closeSync(fd);
    }
    try {
      linkSync(temp, file);
    } catch (error) {
      // another hook made the key first: that one is used
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temp);
    }
  } catch (error) {
    if (error instanceof SessionStoreError) throw error;
    throw new SessionStoreError(
      `cannot create the session key ${file}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  const made = readKey(file);
  if (!made) throw new SessionStoreError(`the session key ${file} vanished as it was made`);
  return made;
}

/** What a session record's MAC is keyed by and bound to: the key, and the folder the record belongs in. */
export interface SessionAuthenticity {
  readonly key: Buffer;
  /** the sessions folder's real path: a record copied from another workspace's store fails */
  readonly store: string;
}

/** The MAC of a record's text (its JSON without the `mac` field) in one store, hex. */
export function recordMac(authenticity: SessionAuthenticity, text: string): string {
  return createHmac('sha256', authenticity.key)
    .update(authenticity.store, 'utf8')
    .update('\0')
    .update(text, 'utf8')
    .digest('hex');
}

/** True when `mac` is the record's MAC, compared in constant time. */
export function hasValidMac(authenticity: SessionAuthenticity, text: string, mac: string): boolean {
  const expected = Buffer.from(recordMac(authenticity, text), 'hex');
  const given = /^[0-9a-f]{64}$/.test(mac) ? Buffer.from(mac, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
