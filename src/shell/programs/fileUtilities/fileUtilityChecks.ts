import type { CommandReading } from '../../catalog/commandReading';
import type { RuleCheckRegistry } from '../../catalog/reader';

/** Whether dd writes to a device (`of=/dev/sda`); `/dev/null` discards what it is given. */
function ddToDevice(reading: CommandReading): boolean {
  return reading.words.slice(1).some((word) => {
    const value = word.value ?? '';
    return value.startsWith('of=/dev/') && value !== 'of=/dev/null';
  });
}

/** The file utilities' named checks, by the name a rule gives in `when.check`. */
export const FILE_UTILITY_CHECKS: RuleCheckRegistry = { ddToDevice };
