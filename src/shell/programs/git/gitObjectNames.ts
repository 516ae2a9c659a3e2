/**
 * The file an object name reads (gitrevisions(7)): `<rev>:<path>` is the file or folder at
 * <path> in that commit's tree (`HEAD:secrets/key`, `main:`, `HEAD@{1}:x`), `:<path>` and
 * `:<n>:<path>` the file in the index. The content is the file's as some commit or the index
 * holds it, so a command that prints it reads that file. `:/<text>` names a commit by its
 * message and reads no file; a colon inside braces (`HEAD@{1 day ago}`, `HEAD^{/fix: x}`)
 * belongs to the revision. A path starting with `./` or `../` is relative to the folder git
 * runs in, any other to the repository's top, where git's reader reads it again (gitFromTop.ts).
 */
export function objectNamePath(text: string): string | undefined {
  if (text.startsWith(':')) {
    if (text.startsWith(':/')) return undefined;
    const stage = /^:[0-3]:/.test(text) ? 3 : 1;
    const path = text.slice(stage);
    return path === '' ? undefined : path;
  }
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (character === '{') depth++;
    else if (character === '}') depth = Math.max(0, depth - 1);
    else if (character === ':' && depth === 0) {
      if (index === 0) return undefined;
      const path = text.slice(index + 1);
      // `https://host/x` names a place on the network, not a file of a tree
      if (path.startsWith('//')) return undefined;
      return path === '' ? '.' : path;
    }
  }
  return undefined;
}
