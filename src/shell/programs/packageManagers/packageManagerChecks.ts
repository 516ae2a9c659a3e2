import type { CommandReading } from '../../catalog/commandReading';
import type { RuleCheckRegistry } from '../../catalog/reader';

// `-S`, `-Syu`, `-U`, `-R`: a sync, an upgrade or a removal; `-Ss`, `-Si`, `-Sl`, `-Sg`, `-Sp` only look
const OPERATION = /^-[SUR][A-Za-z]*$/;
const QUERY = /^-S[A-Za-z]*[silgp]/;
const LONG_OPERATIONS: ReadonlySet<string> = new Set(['--sync', '--upgrade', '--remove']);

/** Whether pacman (or yay, paru) installs, upgrades or removes packages rather than querying them. */
function pacmanOperation(reading: CommandReading): boolean {
  const given = reading.words.slice(1).map((word) => word.value ?? '');
  // yay and paru with no operation run a full upgrade
  if (given.length === 0) return reading.name !== 'pacman';
  return (
    given.some((value) => OPERATION.test(value) && !QUERY.test(value)) ||
    given.some((value) => LONG_OPERATIONS.has(value))
  );
}

/** The package managers' named checks, by the name a rule gives in `when.check`. */
export const PACKAGE_MANAGER_CHECKS: RuleCheckRegistry = { pacmanOperation };
