import type { CommandReading } from '../../catalog/commandReading';
import type { RuleCheckRegistry } from '../../catalog/reader';

/** Whether dd writes to a device (`of=/dev/sda`); `/dev/null` discards what it is given. */
function ddToDevice(reading: CommandReading): boolean {
  return reading.words.slice(1).some((word) => {
    const value = word.value ?? '';
    return value.startsWith('of=/dev/') && value !== 'of=/dev/null';
  });
}

// the verbs of Split.io's CLI that take what it holds away
const SPLIT_IO_DESTROYING: ReadonlySet<string> = new Set(['delete', 'kill']);

/**
 * Whether `split` is Split.io's CLI destroying something: coreutils split takes two operands at
 * most (FILE PREFIX), so three or more are `RESOURCE VERB NAME`, destroying when the verb does.
 * A verb built at run time may.
 */
function splitIoDestroys(reading: CommandReading): boolean {
  if (reading.operands.length < 3) return false;
  const verb = reading.operands[1]?.value;
  return verb === undefined || SPLIT_IO_DESTROYING.has(verb);
}

/** The file utilities' named checks, by the name a rule gives in `when.check`. */
export const FILE_UTILITY_CHECKS: RuleCheckRegistry = { ddToDevice, splitIoDestroys };
