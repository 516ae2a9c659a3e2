import { isOptionText, optionText, readOptionWord, type OptionSyntax } from './optionGrammar';
import type { ShellWord } from './shellWord';

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

/** How a wrapper or builtin reads an option: a flag, or one that takes a value. */
type ValuedKind = 'flag' | 'value';

// a word's letters not in the valued set are flags, as getopt reads them
const GETOPT: Omit<OptionSyntax<ValuedKind>, 'kindOf'> = {
  valueOf: (kind) => (kind === 'value' ? 'required' : 'none'),
  unknownLetter: 'flag',
  unlistedOptions: 'option',
  numericOptions: false,
  plusOptions: false,
  unlistedKinds: { flag: 'flag', data: 'value' },
};

const UNLISTED: OptionSyntax<ValuedKind> = { ...GETOPT, kindOf: () => undefined };

/** The one option grammar as getopt reads it, with the `valued` options taking a value. */
function getoptSyntax(valued: ReadonlySet<string>): OptionSyntax<ValuedKind> {
  return { ...GETOPT, kindOf: (name) => (valued.has(name) ? 'value' : undefined) };
}

/** A word that starts with '-': a glob such as `--include=*.ts` is read by its text. */
export function isOptionWord(word: ShellWord): boolean {
  return isOptionText(optionText(word), UNLISTED);
}

/** Reads one option word at `index`; returns the options and how many words they used. */
function readOption(
  words: readonly ShellWord[],
  index: number,
  syntax: OptionSyntax<ValuedKind>,
): { options: ParsedOption[]; used: number } {
  const read = readOptionWord(words, index, syntax);
  return { options: read.options.map(({ name, value }) => ({ name, value })), used: read.used };
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
  const syntax = getoptSyntax(valued);
  const options: ParsedOption[] = [];
  let index = start;
  while (index < words.length) {
    const word = words[index];
    if (word === undefined || !isOptionWord(word)) break;
    if (word.value === '--') {
      index++;
      break;
    }
    const read = readOption(words, index, syntax);
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
  const syntax = getoptSyntax(valued);
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
    const read = readOption(words, index, syntax);
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
