import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fstatSync, lstatSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { readRegularFile } from '../files/readRegularFile';

/** The environment variable that names the approval token file, over the default. */
export const APPROVAL_TOKEN_FILE_ENV = 'INTENTGATE_APPROVAL_TOKEN_FILE';

/** A token file's text: one line of 32 to 512 printable characters. */
const TOKEN = /^[\x21-\x7e]{32,512}$/;

/** What reading the approval credential found. */
export type ApprovalCredential =
  | { readonly kind: 'ok'; readonly file: string; readonly digest: string }
  | { readonly kind: 'missing'; readonly file: string }
  /** a file that is there but must not be trusted: `why` says what to fix */
  | { readonly kind: 'unsafe'; readonly file: string; readonly why: string };

/**
 * Where the approval token is kept: `INTENTGATE_APPROVAL_TOKEN_FILE`, else
 * `$XDG_CONFIG_HOME/intentgate/approval-token`, else `~/.config/intentgate/approval-token`:
 * in the user's config folder, outside any workspace an agent works in.
 */
export function approvalTokenFile(env: NodeJS.ProcessEnv, cwd: string): string {
  const named = env[APPROVAL_TOKEN_FILE_ENV];
  if (named !== undefined && named !== '') return path.resolve(cwd, named);
  const config =
    env.XDG_CONFIG_HOME !== undefined && path.isAbsolute(env.XDG_CONFIG_HOME)
      ? env.XDG_CONFIG_HOME
      : path.join(env.HOME || homedir(), '.config');
  return path.join(config, 'intentgate', 'approval-token');
}

/** The SHA-256 of a token, hex: what a session keeps of the credential it is answered with. */
export const tokenDigest = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

const isInside = (file: string, folder: string): boolean => {
  const relative = path.relative(folder, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/**
 * Reads the approval token of `file`. Trusted only as a regular file (not a link) of this user
 * that nobody else may read or write (no group or other permission bits), outside `workspace`
 * when one is named (the agent's own tools read its files), holding one token.
 */
export function readApprovalCredential(file: string, workspace: string | undefined): ApprovalCredential {
  if (workspace !== undefined && isInside(file, workspace))
    return {
      kind: 'unsafe',
      file,
      why: `it is inside the workspace ${workspace}, where the agent's tools read; keep it in your config folder`,
    };
  let stat;
  try {
    stat = lstatSync(file);
  } catch {
    return { kind: 'missing', file };
  }
  if (!stat.isFile())
    return { kind: 'unsafe', file, why: 'it is not a regular file (a link or a folder is in its place)' };
  if (typeof process.getuid === 'function' && stat.uid !== process.getuid())
    return { kind: 'unsafe', file, why: 'it belongs to another user' };
  if ((stat.mode & 0o077) !== 0)
    return {
      kind: 'unsafe',
      file,
      why: `its permissions are ${(stat.mode & 0o777).toString(8)}; make it owner-only with chmod 600`,
    };
  const read = readRegularFile(file, 1024);
  const token = read.kind === 'text' ? read.text.trim() : '';
  if (!TOKEN.test(token))
    return { kind: 'unsafe', file, why: 'it does not hold one token of 32 to 512 printable characters' };
  return { kind: 'ok', file, digest: tokenDigest(token) };
}

/**
 * Creates the approval token file with a random token: its folder owner-only (0700) when made,
 * the file 0600, never over an existing file. Returns what reading it back finds.
 */
export function createApprovalCredential(file: string, workspace: string | undefined): ApprovalCredential {
  if (workspace !== undefined && isInside(file, workspace)) return readApprovalCredential(file, workspace);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const fd = openSync(file, 'wx', 0o600);
  try {
    // the mode of a new file is masked by the umask, which may only narrow 0600
    if ((fstatSync(fd).mode & 0o077) === 0) writeSync(fd, `${randomBytes(32).toString('base64url')}\n`);
  } finally {
    closeSync(fd);
  }
  return readApprovalCredential(file, workspace);
}
