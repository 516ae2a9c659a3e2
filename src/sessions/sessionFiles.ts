import { createHash, randomUUID } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  futimesSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { SessionStoreError } from '../errors/SessionStoreError';
import { SessionTamperedError } from '../errors/SessionTamperedError';
import { readRegularFile } from '../files/readRegularFile';
import { MAX_HELD_CALL_PASSES, MAX_MODEL_NOTICES, type SessionNotes } from './governorSessions';
import { hasValidMac, recordMac, type SessionAuthenticity } from './sessionKey';
import { MAX_AGENT_NAME, MAX_LABEL_PROMPT, type KeptLabel } from './sessionLabels';

/** What a session file says it is. */
export const SESSION_FILE_FORMAT = 'intentgate.session';

const passSchema = z.strictObject({
  approvalId: z.string().max(256),
  tool: z.string().max(256),
  argsDigest: z.string().max(128),
  cancelledAt: z.number().int().nonnegative().optional(),
  approver: z.string().max(256).optional(),
});

/** A session's notes as a store reads them back; a state kept before notices and the end mark has neither. */
export const sessionNotesSchema = z.strictObject({
  passes: z.array(passSchema).max(MAX_HELD_CALL_PASSES),
  notices: z.array(z.string().max(4096)).max(MAX_MODEL_NOTICES).default([]),
  endedAt: z.number().int().nonnegative().optional(),
  credential: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});

/** A session's label as a store keeps it (`keptLabel`): the first prompt, clipped, and the agent. */
export const sessionLabelSchema = z.strictObject({
  firstPrompt: z.string().max(MAX_LABEL_PROMPT).optional(),
  agent: z.string().max(MAX_AGENT_NAME).optional(),
});

/** The version of a session file written with a MAC; version 1 files, written before, have none. */
const AUTHENTICATED_VERSION = 2;

const envelopeSchema = z.strictObject({
  format: z.literal(SESSION_FILE_FORMAT),
  version: z.union([z.literal(1), z.literal(AUTHENTICATED_VERSION)]),
  sessionId: z.string(),
  savedAt: z.string(),
  /** which options the governor was created with: '' (or absent, in older files) the host's, else an agent's preset */
  profile: z.string().max(64).optional(),
  /** the governor's snapshot, validated when it is restored */
  governor: z.unknown(),
  notes: sessionNotesSchema,
  /** what the console labels the session with (absent in older files, and when nothing was noted) */
  label: sessionLabelSchema.optional(),
});

/** What a session file keeps: the options' profile, the governor's snapshot (not yet validated), the session's notes and its label. */
export interface KeptSession {
  readonly profile: string;
  readonly governor: unknown;
  readonly notes: SessionNotes;
  readonly label?: KeptLabel | undefined;
}

/** One session's files: its state, its lock. */
export interface SessionPaths {
  readonly file: string;
  readonly lock: string;
}

const SESSION_FILE = /^[0-9a-f]{40}\.json$/;
const TEMP_FILE = /^[0-9a-f]{40}\.json\.[0-9a-f-]{36}\.tmp$/;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A session's file names: a hash of its id, so any id (slashes, dots, 256 characters) is one safe name. */
export function sessionPaths(dir: string, sessionId: string): SessionPaths {
  const name = createHash('sha256').update(sessionId, 'utf8').digest('hex').slice(0, 40);
  return { file: path.join(dir, `${name}.json`), lock: path.join(dir, `${name}.lock`) };
}

/**
 * Makes sure the sessions folder exists, creating it (not its parents: the orchestration folder
 * is the human's to create) when missing. A symbolic link or a file in its place is refused.
 */
export function ensureSessionsDir(dir: string): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
      throw new SessionStoreError(`cannot create the sessions folder ${dir}: ${messageOf(error)}`, { cause: error });
  }
  if (!lstatSync(dir).isDirectory())
    throw new SessionStoreError(
      `the sessions folder ${dir} is not a folder (a link or a file is in its place); remove it`,
    );
}

/** The record of a file's JSON and the MAC written after it; a file of version 1 has no MAC. */
function splitMac(value: unknown): { record: unknown; mac: string | undefined } {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.hasOwn(value, 'mac'))
    return { record: value, mac: undefined };
  const { mac, ...record } = value as Record<string, unknown>;
  return { record, mac: typeof mac === 'string' ? mac : '' };
}

/**
 * Reads a session file: undefined when there is none, what it keeps otherwise. A file that cannot be read, is too large or is not a session of this id throws
 * SessionStoreError, so it fails closed instead of starting the session afresh. With
 * `authenticity`, a record must carry its MAC, keyed by the session key and bound to this store:
 * a forged, edited or copied record throws too; a file written before MACs (version 1) is not
 * trusted, and reads as no session kept, so the session starts afresh with no approvals.
 */
export function readSessionFile(
  file: string,
  sessionId: string,
  maxBytes: number,
  authenticity?: SessionAuthenticity,
): KeptSession | undefined {
  const read = readRegularFile(file, maxBytes);
  const fix = 'a human should remove it (the session then starts afresh, with no approvals)';
  switch (read.kind) {
    case 'missing':
      return undefined;
    case 'too-large':
      throw new SessionStoreError(
        `the session file ${file} is ${read.size} bytes, over the limit of ${maxBytes}; ${fix}`,
      );
    case 'not-a-file':
      throw new SessionStoreError(`the session file ${file} is not a regular file; ${fix}`);
    case 'unreadable':
      throw new SessionStoreError(`cannot read the session file ${file}: ${messageOf(read.error)}; ${fix}`, {
        cause: read.error,
      });
    case 'text':
      break;
  }
  let value: unknown;
  try {
    value = JSON.parse(read.text);
  } catch (error) {
    throw new SessionStoreError(`the session file ${file} is not JSON (${messageOf(error)}); ${fix}`, { cause: error });
  }
  const { record, mac } = splitMac(value);
  const envelope = envelopeSchema.safeParse(record);
  if (!envelope.success)
    throw new SessionStoreError(`the session file ${file} is not an intentgate session file; ${fix}`);
  if (authenticity !== undefined) {
    if (envelope.data.version === 1 && mac === undefined) return undefined;
    if (mac === undefined || !hasValidMac(authenticity, JSON.stringify(record), mac)) {
      throw new SessionTamperedError(
        `the session file ${file} fails its MAC: it was not written by intentgate for this store ` +
          `(edited, forged or copied); every call of the session is refused; ${fix}`,
      );
    }
  }
  if (envelope.data.sessionId !== sessionId)
    throw new SessionStoreError(`the session file ${file} belongs to another session id; ${fix}`);
  const { passes, notices, endedAt, credential } = envelope.data.notes;
  const { label } = envelope.data;
  return {
    ...(label !== undefined && { label }),
    profile: envelope.data.profile ?? '',
    governor: envelope.data.governor,
    notes: {
      passes,
      notices,
      ...(endedAt !== undefined && { endedAt }),
      ...(credential !== undefined && { credential }),
    },
  };
}

/** How a session file is written: its size limit, and the time it counts as last used. */
export interface SessionFileWrite {
  readonly maxBytes: number;
  /** ms since the epoch; the file's modification time, which the idle sweep reads */
  readonly usedAt: number;
  /** the key and store a MAC is written with; without it the file has none (version 1) */
  readonly authenticity?: SessionAuthenticity;
}

/**
 * Writes a session file atomically: a new temporary file in the same folder, flushed, then
 * renamed over the old one, so a reader sees the old state or the new, never half of one. Its
 * modification time is `usedAt`: an ended session's is dated forward, so the idle sweep keeps
 * it for the retention time.
 */
export function writeSessionFile(file: string, sessionId: string, kept: KeptSession, write: SessionFileWrite): void {
  const { maxBytes } = write;
  const { passes, notices, endedAt, credential } = kept.notes;
  const notes = {
    passes: passes.slice(-MAX_HELD_CALL_PASSES),
    notices: notices.slice(-MAX_MODEL_NOTICES),
    ...(endedAt !== undefined && { endedAt }),
    ...(credential !== undefined && { credential }),
  };
  const { authenticity } = write;
  const record = {
    format: SESSION_FILE_FORMAT,
    version: authenticity === undefined ? 1 : AUTHENTICATED_VERSION,
    sessionId,
    savedAt: new Date().toISOString(),
    profile: kept.profile,
    governor: kept.governor,
    notes,
    ...(kept.label !== undefined && { label: kept.label }),
  };
  // the MAC covers the record's JSON as a reader rebuilds it: the same text without its last field
  const text =
    authenticity === undefined
      ? JSON.stringify(record)
      : JSON.stringify({ ...record, mac: recordMac(authenticity, JSON.stringify(record)) });
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > maxBytes)
    throw new SessionStoreError(
      `the session state is ${bytes.length} bytes, over the limit of ${maxBytes} per session file; it was not kept`,
    );
  const temp = `${file}.${randomUUID()}.tmp`;
  try {
    const fd = openSync(temp, 'wx', 0o600);
    try {
      writeSync(fd, bytes);
      const usedAt = write.usedAt / 1000;
      futimesSync(fd, usedAt, usedAt);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // never created, or already renamed
    }
    throw new SessionStoreError(`cannot write the session file ${file}: ${messageOf(error)}`, { cause: error });
  }
}

/** Removes a file if it is there. */
export function removeFile(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new SessionStoreError(`cannot remove ${file}: ${messageOf(error)}`, { cause: error });
  }
}

/** What a sweep keeps to. */
export interface SweepLimits {
  readonly maxSessions: number;
  readonly idleTtlMs: number;
  /** temporary files older than this were left by a writer that died */
  readonly staleMs: number;
  /** the clock, ms since the epoch */
  readonly now: number;
}

const ageOf = (file: string, now: number): number | undefined => {
  try {
    return now - statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
};

/** True when the session file was last used (its modification time) longer ago than `idleTtlMs`, or is gone. */
export function isSessionFileIdle(file: string, idleTtlMs: number, now: number): boolean {
  const age = ageOf(file, now);
  return age === undefined || age >= idleTtlMs;
}

/**
 * Makes room for one more session: removes sessions idle past the TTL (an ended session's file
 * is dated forward by its retention) and abandoned temporary files, then the least recently
 * used sessions while the folder would hold more than `maxSessions`. A session whose lock file
 * exists is in use and is left alone.
 */
export function sweepSessions(dir: string, limits: SweepLimits): void {
  const { now } = limits;
  const names = readdirSync(dir);
  const locked = new Set(names.filter((name) => name.endsWith('.lock')).map((name) => name.slice(0, -'.lock'.length)));
  for (const name of names.filter((entry) => TEMP_FILE.test(entry))) {
    const age = ageOf(path.join(dir, name), now);
    if (age !== undefined && age > limits.staleMs) removeFile(path.join(dir, name));
  }
  const sessions = names
    .filter((name) => SESSION_FILE.test(name) && !locked.has(name.slice(0, -'.json'.length)))
    .map((name) => ({ file: path.join(dir, name), age: ageOf(path.join(dir, name), now) ?? 0 }))
    .sort((a, b) => b.age - a.age);
  const inUse = names.filter((name) => SESSION_FILE.test(name)).length - sessions.length;
  let kept = sessions.length + inUse;
  for (const session of sessions) {
    if (session.age <= limits.idleTtlMs && kept < limits.maxSessions) break;
    removeFile(session.file);
    kept -= 1;
  }
}
