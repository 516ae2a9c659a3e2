import type { ShellWord } from '../words/shellWord';
import type { OptionKind } from './commandSpec';

/** One option as a command line gives it, with how its program reads it. */
export interface ReadOption {
  /** `-o`, `--output`, `-exec` (a long option's `=value` split off) */
  readonly name: string;
  readonly value: ShellWord | undefined;
  /** undefined when the program's spec does not know the option */
  readonly kind: OptionKind | undefined;
  /** read as data only because its program's options all take data values (`unknownOptions: data`) */
  readonly unlisted?: true;
}

/** The option table one level of a program reads with. */
export interface OptionGrammar {
  readonly options: ReadonlyMap<string, OptionKind>;
  readonly numericOptions: boolean;
  readonly plusOptions: boolean;
  /** how options not listed read: taking a data value (`aws --region us-east-1`), or as operands (`echo -x`) */
  readonly unknownOptions: 'data' | 'operand' | undefined;
  /** options after which the program reads no more options */
  readonly optionsEnd: ReadonlySet<string>;
}

/** Kinds that take a value: every role, and a program file; a flag, an optional value or a command do not. */
export function takesValue(kind: OptionKind): boolean {
  return kind !== 'flag' && kind !== 'optional' && kind !== 'optionalWrite' && kind !== 'command';
}

/** The text an option word is read by: its value, or a glob's text (`--include=*.ts`). */
function wordText(word: ShellWord | undefined): string | undefined {
  return word?.value ?? word?.literal;
}

/** A word the program reads as an option: `-x`, `--long`, `+x` where the grammar takes those. */
export function isOptionText(text: string | undefined, grammar: OptionGrammar): boolean {
  if (text === undefined || text.length < 2) return false;
  if (grammar.unknownOptions === 'operand' && !isListedOption(text, grammar)) return false;
  if (text.startsWith('-')) return true;
  return grammar.plusOptions && text.startsWith('+');
}

/** Whether every option a word holds is listed (`-ne` of echo: -n and -e). */
function isListedOption(text: string, grammar: OptionGrammar): boolean {
  const { options } = grammar;
  if (options.has(text)) return true;
  const equals = text.indexOf('=');
  if (equals !== -1 && options.has(text.slice(0, equals))) return true;
  if (text.startsWith('--') || !text.startsWith('-')) return false;
  for (const letter of text.slice(1)) if (!options.has(`-${letter}`)) return false;
  return true;
}

/** The value attached to an option word; a glob stays a glob (`--output=*.txt`). */
function attached(word: ShellWord, text: string): ShellWord {
  return word.value !== undefined
    ? { value: text, literal: text, source: word.source }
    : { value: undefined, literal: text, source: word.source };
}

const NUMERIC = /^-\d+$/;

/** A long option of a program whose options all take data values: its value, unless the next word is an option. */
function dataOption(
  words: readonly ShellWord[],
  index: number,
  name: string,
  value: ShellWord | undefined,
): { options: ReadOption[]; used: number } {
  if (value !== undefined) return { options: [{ name, value, kind: 'data', unlisted: true }], used: 1 };
  const next = words[index + 1];
  const text = next?.value ?? next?.literal;
  if (next === undefined || (text !== undefined && text.startsWith('-')))
    return { options: [{ name, value: undefined, kind: 'flag' }], used: 1 };
  return { options: [{ name, value: next, kind: 'data', unlisted: true }], used: 2 };
}

/**
 * Reads the option word at `index` the way GNU getopt does: a whole-word match first (single-dash
 * long options), `--name=value`, then a cluster of short options where a valued one takes the
 * rest of the word or the next word. Returns the options read and how many words they used.
 */
export function readOptionWord(
  words: readonly ShellWord[],
  index: number,
  grammar: OptionGrammar,
): { options: ReadOption[]; used: number } {
  const word = words[index];
  const text = wordText(word) ?? '';
  if (word === undefined) return { options: [], used: 1 };
  const whole = grammar.options.get(text);
  if (whole !== undefined) {
    if (!takesValue(whole)) return { options: [{ name: text, value: undefined, kind: whole }], used: 1 };
    return { options: [{ name: text, value: words[index + 1], kind: whole }], used: 2 };
  }
  // a single-dash long option with its value attached (`go test -coverprofile=c.out`)
  const equals = text.indexOf('=');
  if (equals > 2 && !text.startsWith('--')) {
    const named = grammar.options.get(text.slice(0, equals));
    if (named !== undefined && takesValue(named))
      return {
        options: [{ name: text.slice(0, equals), value: attached(word, text.slice(equals + 1)), kind: named }],
        used: 1,
      };
  }
  // `+nightly`, `-20`: whole words, read only where the grammar takes them
  if (text.startsWith('+') || (grammar.numericOptions && NUMERIC.test(text)))
    return { options: [{ name: text, value: undefined, kind: 'flag' }], used: 1 };
  if (text.startsWith('--')) {
    const equals = text.indexOf('=');
    const name = equals === -1 ? text : text.slice(0, equals);
    const kind = grammar.options.get(name);
    if (kind === undefined && grammar.unknownOptions === 'data')
      return dataOption(words, index, name, equals === -1 ? undefined : attached(word, text.slice(equals + 1)));
    if (equals !== -1) return { options: [{ name, value: attached(word, text.slice(equals + 1)), kind }], used: 1 };
    if (kind !== undefined && takesValue(kind)) return { options: [{ name, value: words[index + 1], kind }], used: 2 };
    return { options: [{ name, value: undefined, kind }], used: 1 };
  }
  const options: ReadOption[] = [];
  for (let at = 1; at < text.length; at++) {
    const name = `-${text[at] ?? ''}`;
    const kind = grammar.options.get(name);
    const rest = text.slice(at + 1);
    if (kind === 'flag') {
      options.push({ name, value: undefined, kind });
      continue;
    }
    // an option the catalog does not know may take the rest of the word as its value (`-ofile`)
    if (kind === undefined)
      return { options: [...options, { name, value: rest === '' ? undefined : attached(word, rest), kind }], used: 1 };
    if (kind === 'optional' || kind === 'optionalWrite')
      return { options: [...options, { name, value: rest === '' ? undefined : attached(word, rest), kind }], used: 1 };
    if (rest !== '') return { options: [...options, { name, value: attached(word, rest), kind }], used: 1 };
    return { options: [...options, { name, value: words[index + 1], kind }], used: 2 };
  }
  return { options, used: 1 };
}
