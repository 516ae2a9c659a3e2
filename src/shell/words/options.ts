import { staticWord, type ShellWord } from './shellWord';

/** One option read from a command line, with its value when the option takes one. */
export interface ParsedOption {
  /** `-u` or `--user` (a long option's `=value` split off) */
  readonly name: string;
  readonly value: ShellWord | undefined;
}

/** Options and operands of a command line, read the way GNU getopt does. */
export interface ParsedArguments {
  readonly options: readonly ParsedOption[];
  readonly operands: readonly ShellWord[];
  /** index (in the words given) of the first operand, or words.length */
  readonly firstOperand: number;
}

/** A word that starts with '-': a glob such as `--include=*.ts` is read by its text. */
export function isOptionWord(word: ShellWord): boolean {
  const value = word.value ?? word.literal;
  return value !== undefined && value.length > 1 && value.startsWith('-');
}

/** The value attached to an option word; a glob stays a glob (`--output=*.txt`). */
function attachedValue(word: ShellWord | undefined, text: string): ShellWord {
  return word === undefined || word.value !== undefined
    ? staticWord(text)
    : { value: undefined, literal: text, source: word.source };
}

/** Reads one option word at `index`; returns the options and how many words they used. */
function readOptionWord(
  words: readonly ShellWord[],
  index: number,
  valued: ReadonlySet<string>,
): { options: ParsedOption[]; used: number } {
  const word = words[index];
  const value = word?.value ?? word?.literal ?? '';
  // whole-word match first: single-dash long options (`ip -netns x`, `find -exec`) are not clusters
  if (valued.has(value)) return { options: [{ name: value, value: words[index + 1] }], used: 2 };
  if (value.startsWith('--')) {
    const equals = value.indexOf('=');
    if (equals !== -1)
      return {
        options: [{ name: value.slice(0, equals), value: attachedValue(word, value.slice(equals + 1)) }],
        used: 1,
      };
    return { options: [{ name: value, value: undefined }], used: 1 };
  }
  const options: ParsedOption[] = [];
  for (let at = 1; at < value.length; at++) {
    const name = `-${value[at] ?? ''}`;
    if (!valued.has(name)) {
      options.push({ name, value: undefined });
      continue;
    }
    const rest = value.slice(at + 1);
    if (rest.length > 0) return { options: [...options, { name, value: attachedValue(word, rest) }], used: 1 };
    return { options: [...options, { name, value: words[index + 1] }], used: 2 };
  }
  return { options, used: 1 };
}

/**
 * Reads options from `start` until the first operand (or `--`): what wrappers such as sudo and
 * timeout do, so that the wrapped command's own options stay with it.
 */
export function readLeadingOptions(
  words: readonly ShellWord[],
  start: number,
  valued: ReadonlySet<string>,
): ParsedArguments {
  const options: ParsedOption[] = [];
  let index = start;
  while (index < words.length) {
    const word = words[index];
    if (word === undefined || !isOptionWord(word)) break;
    if (word.value === '--') {
      index++;
      break;
    }
    const read = readOptionWord(words, index, valued);
    options.push(...read.options);
    index += read.used;
  }
  return { options, operands: words.slice(index), firstOperand: Math.min(index, words.length) };
}

/** Reads options anywhere on the line (GNU argument permutation); `--` ends them. */
export function readArguments(
  words: readonly ShellWord[],
  start: number,
  valued: ReadonlySet<string>,
): ParsedArguments {
  const options: ParsedOption[] = [];
  const operands: ShellWord[] = [];
  let firstOperand = words.length;
  let index = start;
  while (index < words.length) {
    const word = words[index];
    if (word === undefined) break;
    if (word.value === '--') {
      if (firstOperand === words.length && index + 1 < words.length) firstOperand = index + 1;
      // a loop, not push(...spread): spreading a huge argument list overflows the stack
      for (let rest = index + 1; rest < words.length; rest++) {
        const operand = words[rest];
        if (operand !== undefined) operands.push(operand);
      }
      break;
    }
    if (!isOptionWord(word)) {
      if (firstOperand === words.length) firstOperand = index;
      operands.push(word);
      index++;
      continue;
    }
    const read = readOptionWord(words, index, valued);
    options.push(...read.options);
    index += read.used;
  }
  return { options, operands, firstOperand };
}

export function hasOption(parsed: ParsedArguments, names: readonly string[]): boolean {
  return parsed.options.some((option) => names.includes(option.name));
}

export function optionValue(parsed: ParsedArguments, names: readonly string[]): ShellWord | undefined {
  for (const option of parsed.options) if (names.includes(option.name)) return option.value;
  return undefined;
}

export function valuedSet(names: readonly string[]): ReadonlySet<string> {
  return new Set(names);
}
