import type { ReadOption } from '../../catalog/readOptions';
import type { ShellWord } from '../../words/shellWord';

/** The value of the first of the options named that is given. */
export function valueOf(options: readonly ReadOption[], names: readonly string[]): ShellWord | undefined {
  return options.find((option) => names.includes(option.name))?.value;
}

/** Whether any of the options named is given. */
export function hasAny(options: readonly ReadOption[], names: readonly string[]): boolean {
  return options.some((option) => names.includes(option.name));
}
