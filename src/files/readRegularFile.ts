import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';

/** What reading a file found: its text, or why there is none. */
export type RegularFileRead =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'missing' }
  | { readonly kind: 'not-a-file' }
  | { readonly kind: 'too-large'; readonly size: number }
  | { readonly kind: 'unreadable'; readonly error: unknown };

/**
 * Reads a regular file of at most `maxBytes` as UTF-8. The file is opened without blocking and
 * checked on the open descriptor, not by name: a FIFO put in a file's place (by an agent's
 * `mkfifo`, or between a check and a read) would otherwise block the host forever.
 */
export function readRegularFile(file: string, maxBytes: number): RegularFileRead {
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { kind: 'not-a-file' };
    if (stats.size > maxBytes) return { kind: 'too-large', size: stats.size };
    const text = readFileSync(fd, 'utf8');
    // it grew between fstat and the read
    return text.length > maxBytes ? { kind: 'too-large', size: text.length } : { kind: 'text', text };
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? { kind: 'missing' } : { kind: 'unreadable', error };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
