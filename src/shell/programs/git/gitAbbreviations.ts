import type { CommandReading } from '../../catalog/commandReading';
import { staticWord, type ShellWord } from '../../words/shellWord';

/**
 * The long option a word abbreviates: git's subcommands read their options with parse-options,
 * which takes any unique prefix of a long option (`git reset --ha` is `--hard`, `git push
 * --forc` is `--force`). Undefined when the word is no option, a whole one, or a prefix of none
 * or of several (git refuses an ambiguous one). git's own options before the subcommand, and
 * the options the revision walk reads (`git log --onel`), take no prefix, but reading those as
 * their options too only adds what they would do.
 */
function expandedOption(
  text: string,
  known: readonly string[],
  options: ReadonlyMap<string, unknown>,
): string | undefined {
  if (!text.startsWith('--') || text.length <= 2) return undefined;
  const equals = text.indexOf('=');
  const name = equals === -1 ? text : text.slice(0, equals);
  if (options.has(name)) return undefined;
  const matches = known.filter((option) => option.startsWith(name));
  if (matches.length !== 1) return undefined;
  return `${matches[0] ?? name}${equals === -1 ? '' : text.slice(equals)}`;
}

/**
 * The command with the subcommand's abbreviated long options written out, for it to be read
 * as git runs it; undefined when it has none. Words after `--` and options' values are left.
 */
export function withOptionsWrittenOut(reading: CommandReading): ShellWord[] | undefined {
  const node = reading.node;
  const start = reading.subcommandEnds[reading.subcommandEnds.length - 1];
  if (node === undefined || start === undefined || reading.unknownOptions.length === 0) return undefined;
  const options = node.grammar.options;
  const known = [...options.keys()].filter((name) => name.startsWith('--'));
  const values = new Set(reading.options.map((option) => option.value));
  let words: ShellWord[] | undefined;
  for (let index = start; index < reading.words.length; index++) {
    const word = reading.words[index];
    if (word?.value === undefined || values.has(word)) continue;
    if (word.value === '--') break;
    const expanded = expandedOption(word.value, known, options);
    if (expanded === undefined) continue;
    words ??= [...reading.words];
    words[index] = { ...staticWord(expanded), source: word.source };
  }
  return words;
}
