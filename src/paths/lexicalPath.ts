import path from 'node:path';

// a '.' or '..' component, an empty one or a trailing '/': what resolving changes besides joining
const NOT_PLAIN = /(?:^|\/)\.{1,2}(?:\/|$)|\/\/|\/$/;

/**
 * path.posix.resolve(from, written) for an absolute, normalised `from`: a path of plain components is only
 * joined, which is most of them and costs far less than resolving.
 * @example lexicalPath('/ws', 'src/a.ts') // '/ws/src/a.ts'
 */
export function lexicalPath(from: string, written: string): string {
  if (written === '' || NOT_PLAIN.test(written)) return path.posix.resolve(from, written);
  if (written.startsWith('/')) return written;
  return from === '/' ? `/${written}` : `${from}/${written}`;
}
