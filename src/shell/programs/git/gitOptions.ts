import type { CommandReading } from '../../catalog/commandReading';
import { readOptionWord, type ReadOption } from '../../catalog/readOptions';
import { lastAnswerOf } from '../../words/lastAnswer';

function readSubcommandOptions(reading: CommandReading): readonly ReadOption[] {
  // the index of the first subcommand word: git's own options are the words before it
  const subcommandAt = (reading.subcommandEnds[0] ?? 0) - 1;
  if (subcommandAt < 1) return [];
  let root = reading.node;
  while (root?.parent !== undefined) root = root.parent;
  if (root === undefined) return reading.options;
  let count = 0;
  for (let index = 1; index < subcommandAt;) {
    const read = readOptionWord(reading.words, index, root.grammar);
    count += read.options.length;
    index += read.used;
  }
  return reading.options.slice(count);
}

/**
 * The options given to the subcommand, not to git before it: `git -C dir branch -d x` moves
 * git to a folder, where `git branch -C a b` copies a branch over another. Empty without a
 * subcommand. Worked out once for the reading asked last: several of git's readers ask in a row.
 */
export const subcommandOptions: (reading: CommandReading) => readonly ReadOption[] =
  lastAnswerOf(readSubcommandOptions);

/** The options given to git itself, before the subcommand (`-C dir`, `-c key=value`). */
export function gitOwnOptions(reading: CommandReading): readonly ReadOption[] {
  return reading.options.slice(0, reading.options.length - subcommandOptions(reading).length);
}

/** Whether the subcommand was given one of the options (by any of its names). */
export function givenToSubcommand(reading: CommandReading, names: readonly string[]): boolean {
  return subcommandOptions(reading).some((option) => names.includes(option.name));
}
