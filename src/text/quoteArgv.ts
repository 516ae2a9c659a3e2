// words bash reads as themselves; anything else is single-quoted
const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** One argv as a command line bash reads back into the same words: `['echo', 'a b']` -> `echo 'a b'`. */
export function quoteArgv(argv: readonly string[]): string {
  return argv.map((word) => (PLAIN_WORD.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`)).join(' ');
}
