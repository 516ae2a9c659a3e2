import type { ShellWord } from './shellWord';

/** How a listed option takes its value: none, always (the rest of its word or the next word), or only attached. */
export type OptionValueTaking = 'none' | 'required' | 'optional';

/**
 * What one program's option grammar says beyond the GNU rules every program shares. `Kind` is
 * the caller's name for what an option is (the catalog's spec kinds, a wrapper's flag or value),
 * so this module names none of them.
 */
export interface OptionSyntax<Kind> {
  /** the kind of a listed option (`-o`, `--output`, `-exec`); undefined when not listed */
  readonly kindOf: (name: string) => Kind | undefined;
  readonly valueOf: (kind: Kind) => OptionValueTaking;
  /** an unlisted letter of a cluster: a flag (`sudo -E`), or an option taking the rest of the word (`-ofile`) */
  readonly unknownLetter: 'flag' | 'restOfWord';
  /**
   * how a word holding an unlisted option reads: as options, a long one taking a data value
   * unless the next word is an option (`aws --region us-east-1`), or as an operand (`echo -x`)
   */
  readonly unlistedOptions: 'option' | 'data' | 'operand';
  /** `-20` is one option (`head -20`), not the letters 2 and 0 */
  readonly numericOptions: boolean;
  /** `+x` is an option word (`set +x`, `cargo +nightly`) */
  readonly plusOptions: boolean;
  /** the kinds of options read without a listing: `flag` for `-20`, `+x` and a data option given no value */
  readonly unlistedKinds: { readonly flag: Kind; readonly data: Kind };
}

/** One option as a command line gives it, with its kind in the caller's terms. */
export interface GrammarOption<Kind> {
  /** `-o`, `--output`, `-exec` (a long option's `=value` split off) */
  readonly name: string;
  readonly value: ShellWord | undefined;
  /** undefined when the grammar does not list the option */
  readonly kind: Kind | undefined;
  /** read as data only because the grammar reads unlisted long options as data */
  readonly unlisted?: true;
}

/** The options one word (and the value word after it, if any) gives, and how many words they used. */
export interface OptionWordReading<Kind> {
  readonly options: GrammarOption<Kind>[];
  readonly used: number;
}

/** The text an option word is read by: its value, or a glob's text (`--include=*.ts`). */
export function optionText(word: ShellWord | undefined): string | undefined {
  return word?.value ?? word?.literal;
}

/** A word the grammar reads as an option: `-x`, `--long`, `+x` where the grammar takes those. */
export function isOptionText<Kind>(text: string | undefined, syntax: OptionSyntax<Kind>): boolean {
  if (text === undefined || text.length < 2) return false;
  if (syntax.unlistedOptions === 'operand' && !isListedOption(text, syntax)) return false;
  if (text.startsWith('-')) return true;
  return syntax.plusOptions && text.startsWith('+');
}

/** Whether every option a word holds is listed (`-ne` of echo: -n and -e). */
function isListedOption<Kind>(text: string, syntax: OptionSyntax<Kind>): boolean {
  const { kindOf } = syntax;
  if (kindOf(text) !== undefined) return true;
  const equals = text.indexOf('=');
  if (equals !== -1 && kindOf(text.slice(0, equals)) !== undefined) return true;
  if (text.startsWith('--') || !text.startsWith('-')) return false;
  for (const letter of text.slice(1)) if (kindOf(`-${letter}`) === undefined) return false;
  return true;
}

/** The value attached to an option word; a glob stays a glob (`--output=*.txt`). */
function attached(word: ShellWord, text: string): ShellWord {
  return { value: word.value === undefined ? undefined : text, literal: text, source: word.source };
}

const NUMERIC = /^-\d+$/;

/**
 * Reads the option word at `index` the way GNU getopt does, in this order: a whole-word match
 * (single-dash long options such as `find -exec` are not clusters), `-name=value` of a listed
 * single-dash long option, `+x` and `-20` as whole words, `--name=value` and `--name`, then a
 * cluster of short letters where a letter taking a value takes the rest of the word or the next
 * word. Returns the options read and how many words they used.
 *
 * @example readOptionWord([w('-uroot')], 0, syntax) // { options: [{ name: '-u', value: root }], used: 1 }
 */
export function readOptionWord<Kind>(
  words: readonly ShellWord[],
  index: number,
  syntax: OptionSyntax<Kind>,
): OptionWordReading<Kind> {
  const word = words[index];
  if (word === undefined) return { options: [], used: 1 };
  const text = optionText(word) ?? '';
  const whole = syntax.kindOf(text);
  if (whole !== undefined) {
    // an optional value is only ever attached, so a whole word has none
    if (syntax.valueOf(whole) !== 'required')
      return { options: [{ name: text, value: undefined, kind: whole }], used: 1 };
    return { options: [{ name: text, value: words[index + 1], kind: whole }], used: 2 };
  }
  const equals = text.indexOf('=');
  if (equals > 2 && !text.startsWith('--')) {
    // `go test -coverprofile=c.out`
    const name = text.slice(0, equals);
    const kind = syntax.kindOf(name);
    if (kind !== undefined && syntax.valueOf(kind) === 'required')
      return { options: [{ name, value: attached(word, text.slice(equals + 1)), kind }], used: 1 };
  }
  // a `+x` word reaches here only where the grammar takes plus options
  if (text.startsWith('+') || (syntax.numericOptions && NUMERIC.test(text)))
    return { options: [{ name: text, value: undefined, kind: syntax.unlistedKinds.flag }], used: 1 };
  if (text.startsWith('--')) return readLongOption(words, index, text, syntax);
  return readCluster(words, index, text, syntax);
}

/** `--name=value` or `--name`: a listed one taking a value matched the whole word already. */
function readLongOption<Kind>(
  words: readonly ShellWord[],
  index: number,
  text: string,
  syntax: OptionSyntax<Kind>,
): OptionWordReading<Kind> {
  const word = words[index] as ShellWord;
  const equals = text.indexOf('=');
  const name = equals === -1 ? text : text.slice(0, equals);
  const value = equals === -1 ? undefined : attached(word, text.slice(equals + 1));
  const kind = syntax.kindOf(name);
  if (kind === undefined && syntax.unlistedOptions === 'data') return readDataOption(words, index, name, value, syntax);
  return { options: [{ name, value, kind }], used: 1 };
}

/** An unlisted long option where they all take data values: its value, unless the next word is an option. */
function readDataOption<Kind>(
  words: readonly ShellWord[],
  index: number,
  name: string,
  value: ShellWord | undefined,
  syntax: OptionSyntax<Kind>,
): OptionWordReading<Kind> {
  const { data, flag } = syntax.unlistedKinds;
  if (value !== undefined) return { options: [{ name, value, kind: data, unlisted: true }], used: 1 };
  const next = words[index + 1];
  const text = optionText(next);
  if (next === undefined || (text !== undefined && text.startsWith('-')))
    return { options: [{ name, value: undefined, kind: flag }], used: 1 };
  return { options: [{ name, value: next, kind: data, unlisted: true }], used: 2 };
}

/** `-abc`: flags until a letter that takes a value, which takes the rest of the word or the next word. */
function readCluster<Kind>(
  words: readonly ShellWord[],
  index: number,
  text: string,
  syntax: OptionSyntax<Kind>,
): OptionWordReading<Kind> {
  const word = words[index] as ShellWord;
  const options: GrammarOption<Kind>[] = [];
  for (let at = 1; at < text.length; at++) {
    const name = `-${text[at] ?? ''}`;
    const kind = syntax.kindOf(name);
    const taking = kind === undefined ? unknownLetterTaking(syntax) : syntax.valueOf(kind);
    if (taking === 'none') {
      options.push({ name, value: undefined, kind });
      continue;
    }
    const rest = text.slice(at + 1);
    if (rest !== '') options.push({ name, value: attached(word, rest), kind });
    else if (taking === 'optional') options.push({ name, value: undefined, kind });
    else return { options: [...options, { name, value: words[index + 1], kind }], used: 2 };
    return { options, used: 1 };
  }
  return { options, used: 1 };
}

function unknownLetterTaking<Kind>(syntax: OptionSyntax<Kind>): OptionValueTaking {
  return syntax.unknownLetter === 'flag' ? 'none' : 'optional';
}
