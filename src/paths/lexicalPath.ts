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
  return childOf(from, written);
}

/** `name` (one or more plain components) in an absolute, normalised folder: what path.join gives, without normalising again. */
export function childOf(folder: string, name: string): string {
  return folder === '/' ? `/${name}` : `${folder}/${name}`;
}

/** The folder above an absolute, normalised path; '/' for '/' itself and for a path just below it. */
export function parentOf(absolute: string): string {
  const slash = absolute.lastIndexOf('/');
  return slash <= 0 ? '/' : absolute.slice(0, slash);
}
