import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/** What reading a file found: its text, or why there is none. */
export type RegularFileRead =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'missing' }
  | { readonly kind: 'not-a-file' }
  | { readonly kind: 'too-large'; readonly size: number }
  | { readonly kind: 'unreadable'; readonly error: unknown };

/**
 * The bytes of an open file, read to its end: `expected` is the size fstat gave, so a buffer of
 * one byte more is filled in one read (readFileSync would fstat the descriptor again); a file
 * that grew past it is read on in larger steps, up to one byte over `maxBytes`.
 */
function readToEnd(fd: number, expected: number, maxBytes: number): Buffer {
  let buffer = Buffer.allocUnsafe(Math.min(expected, maxBytes) + 1);
  let length = 0;
  for (;;) {
    const read = readSync(fd, buffer, length, buffer.length - length, null);
    if (read === 0) return buffer.subarray(0, length);
    length += read;
    if (length > maxBytes) return buffer.subarray(0, length);
    if (length === buffer.length) {
      const larger = Buffer.allocUnsafe(Math.min(buffer.length * 2, maxBytes + 1));
      buffer.copy(larger, 0, 0, length);
      buffer = larger;
    }
  }
}

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
    const bytes = readToEnd(fd, stats.size, maxBytes);
    // it grew between fstat and the read
    return bytes.length > maxBytes
      ? { kind: 'too-large', size: bytes.length }
      : { kind: 'text', text: bytes.toString('utf8') };
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? { kind: 'missing' } : { kind: 'unreadable', error };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
