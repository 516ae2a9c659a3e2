import { isOptionText, readOptionWord, type OptionGrammar, type ReadOption } from '../../catalog/readOptions';
import type { ShellWord } from '../../words/shellWord';

/** The options a wrapper reads before its first operand, and where that operand is. */
export interface LeadingOptions {
  readonly options: readonly ReadOption[];
  /** index of the first word after the options (and after a `--` that ended them) */
  readonly next: number;
  /** a `--` ended the options */
  readonly dashDash: boolean;
}

/**
 * Reads options from `start` until the first operand or `--`, with a spec's option grammar:
 * the catalog reads a wrapper's own line so, and a reader reads the same way the parts of a
 * line the catalog does not reach (each of tmux's commands, the words nodemon hands to node).
 */
export function readLeadingWith(words: readonly ShellWord[], start: number, grammar: OptionGrammar): LeadingOptions {
  const options: ReadOption[] = [];
  let index = start;
  while (index < words.length) {
    const word = words[index];
    const text = word?.value ?? word?.literal;
    if (text === '--') return { options, next: index + 1, dashDash: true };
    if (!isOptionText(text, grammar)) break;
    const read = readOptionWord(words, index, grammar);
    options.push(...read.options);
    index += read.used;
  }
  return { options, next: Math.min(index, words.length), dashDash: false };
}

/** The value of the first of the options named that is given. */
export function valueOf(options: readonly ReadOption[], names: readonly string[]): ShellWord | undefined {
  return options.find((option) => names.includes(option.name))?.value;
}

/** Whether any of the options named is given. */
export function hasAny(options: readonly ReadOption[], names: readonly string[]): boolean {
  return options.some((option) => names.includes(option.name));
}
