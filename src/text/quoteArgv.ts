// words bash reads as themselves in any position; '=' is left out so no word reads as an assignment
const PLAIN_WORD = /^[A-Za-z0-9_@%+:,./-]+$/;

// words bash reads as syntax where a command starts
const RESERVED_WORDS: ReadonlySet<string> = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'case',
  'esac',
  'for',
  'select',
  'while',
  'until',
  'do',
  'done',
  'in',
  'function',
  'time',
  'coproc',
]);

const quoteWord = (word: string): string =>
  PLAIN_WORD.test(word) && !RESERVED_WORDS.has(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;

/** One argv as a command line bash reads back into the same words: `['echo', 'a b']` -> `echo 'a b'`. */
export function quoteArgv(argv: readonly string[]): string {
  return argv.map(quoteWord).join(' ');
}
