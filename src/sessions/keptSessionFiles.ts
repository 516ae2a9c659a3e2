import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { readRegularFile } from '../files/readRegularFile';

/** A session file in a sessions folder: its name, the session id it names, and when it was last used. */
export interface KeptSessionFile {
  readonly name: string;
  readonly file: string;
  /** the file's modification time, ms since the epoch (an ended session's is dated forward) */
  readonly usedAt: number;
  readonly size: number;
}

const SESSION_FILE = /^[0-9a-f]{40}\.json$/;

/**
 * The session files of a sessions folder, the most recently used first, at most `max` of them;
 * none when the folder is missing. Read only: nothing is locked, opened or dated.
 */
export function keptSessionFiles(dir: string, max: number): KeptSessionFile[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => SESSION_FILE.test(name));
  } catch {
    return [];
  }
  return names
    .flatMap((name) => {
      const file = path.join(dir, name);
      try {
        const stat = statSync(file);
        return stat.isFile() ? [{ name, file, usedAt: stat.mtimeMs, size: stat.size }] : [];
      } catch {
        // removed since the folder was read
        return [];
      }
    })
    .sort((a, b) => b.usedAt - a.usedAt)
    .slice(0, max);
}

/**
 * The session id a session file names, read without checking the rest (its MAC is checked when
 * the session is opened by that id); undefined for a file that is not one, or is over `maxBytes`.
 */
export function sessionIdOfFile(file: string, maxBytes: number): string | undefined {
  const read = readRegularFile(file, maxBytes);
  if (read.kind !== 'text') return undefined;
  try {
    const id: unknown = Reflect.get(Object(JSON.parse(read.text)), 'sessionId');
    return typeof id === 'string' && id !== '' ? id : undefined;
  } catch {
    return undefined;
  }
}
