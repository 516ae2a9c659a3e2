import { noEffects } from '../../catalog/commandEffects';
import type { CommandReading } from '../../catalog/commandReading';
import { optionKeyNames } from '../../catalog/catalogNode';
import type { ProgramFindingDetails, Reader } from '../../catalog/reader';
import type { RuleMatch } from '../../catalog/ruleMatch';
import { clip, shown } from '../../catalog/ruleFindings';
import { SERVICE_REACH, type ServiceReach } from './serviceReach';

type SystemDetails = NonNullable<ProgramFindingDetails['system']>;

const NO_REACH: ServiceReach = { where: {}, what: [] };

// each program's `where` options by name, made on first use
const placeWords = new Map<string, ReadonlyMap<string, string>>();

function placesOf(program: string, reach: ServiceReach): ReadonlyMap<string, string> {
  let places = placeWords.get(program);
  if (places === undefined) {
    places = new Map(
      Object.entries(reach.where).flatMap(([key, word]) => optionKeyNames(key).map((name) => [name, word] as const)),
    );
    placeWords.set(program, places);
  }
  return places;
}

/** Where the command acts, as its options say: `server https://vault:8200, namespace admin`; '' when they do not. */
function whereOf(reading: CommandReading, places: ReadonlyMap<string, string>): string {
  const given = new Map<string, string>();
  for (const option of reading.options) {
    const word = places.get(option.name);
    // a later option of the same kind wins, as it does for the program
    if (word !== undefined && option.value !== undefined) given.set(word, shown(option.value));
  }
  return [...given].map(([word, value]) => `${word} ${value}`).join(', ');
}

/**
 * What the command destroys, as its line names it: the program and subcommands, the options
 * that chose the rule (`--delete`) or name its objects (`--topic orders`), then its operands.
 */
function whatOf(reading: CommandReading, match: RuleMatch, reach: ServiceReach, operands: readonly string[]): string {
  const chosen = new Set([...(match.rule.when?.options ?? []).flatMap(optionKeyNames), ...reach.what]);
  const options = reading.options
    .filter((option) => chosen.has(option.name))
    .map((option) => (option.value === undefined ? option.name : `${option.name} ${shown(option.value)}`));
  return [match.label, ...options, ...operands].join(' ');
}

/** SYSTEM_IMPACT details of a service command: [what it destroys, where, level]. */
const serviceImpactDetails: SystemDetails = (reading, match, operands) => {
  const program = reading.node?.path[0] ?? reading.name;
  const reach = SERVICE_REACH[program] ?? NO_REACH;
  const what = whatOf(reading, match, reach, operands.map(shown));
  return [clip(what), clip(whereOf(reading, placesOf(program, reach))), match.rule.level ?? ''];
};

/**
 * The service family's reader: the spec's roles read the arguments and its rules find what
 * destroys; this reader only says, in their details, what is destroyed and where.
 */
export const serviceReader: Reader = {
  readsArguments: false,
  read: () => noEffects(),
  findingDetails: { system: serviceImpactDetails },
};
