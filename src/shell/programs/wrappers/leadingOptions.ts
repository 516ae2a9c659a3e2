import { readLeadingSpecOptions, type LeadingSpecOptions } from '../../catalog/commandReading';
import type { OptionGrammar, ReadOption } from '../../catalog/readOptions';
import type { ShellWord } from '../../words/shellWord';

/** The options a wrapper reads before its first operand, where that operand is, and why the options ended. */
export type LeadingOptions = LeadingSpecOptions;

/**
 * Reads options from `start` until the first operand, a `--` or an option that ends them, with a
 * spec's option grammar, the one way the catalog reads a wrapper's own line: a reader reads so
 * the parts of a line the catalog does not reach (each of tmux's commands, the words nodemon hands to node).
 */
export function readLeadingWith(words: readonly ShellWord[], start: number, grammar: OptionGrammar): LeadingOptions {
  return readLeadingSpecOptions(words, start, grammar);
}

/** The value of the first of the options named that is given. */
export function valueOf(options: readonly ReadOption[], names: readonly string[]): ShellWord | undefined {
  return options.find((option) => names.includes(option.name))?.value;
}

/** Whether any of the options named is given. */
export function hasAny(options: readonly ReadOption[], names: readonly string[]): boolean {
  return options.some((option) => names.includes(option.name));
}
