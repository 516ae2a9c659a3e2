import { operandEffects, optionEffects, runEffects } from './argumentEffects';
import type { Catalog } from './reader';
import { mergeEffects, noEffects, type CommandEffects } from './commandEffects';
import { programLabel, type CommandReading } from './commandReading';
import type { ProgramFindingDetails, ReaderRegistry, ReaderSite } from './reader';
import { matchRules } from './ruleMatch';
import { companionNetworkFinding, ruleFinding } from './ruleFindings';
import { scanForCommands } from './scanForCommands';
import { unknownProgramVerbFinding } from './unknownProgramVerbs';

/** The spec's option, operand and run roles as effects. */
function argumentEffects(effects: CommandEffects, reading: CommandReading): void {
  optionEffects(effects, reading);
  operandEffects(effects, reading);
  runEffects(effects, reading);
}

/** What the readers of the reading's levels say of its findings: the first that says anything. */
function programFindingDetails(reading: CommandReading, readers: ReaderRegistry): ProgramFindingDetails | undefined {
  for (const name of reading.node?.readers ?? []) {
    const details = readers[name]?.findingDetails;
    if (details !== undefined) return details;
  }
  return undefined;
}

/** Findings of the rules the reading matched; an install or publish also reaches the network. */
function ruleEffects(effects: CommandEffects, reading: CommandReading, catalog: Catalog): void {
  const matches = matchRules(reading, catalog.code.checks);
  if (matches.length === 0) return;
  const program = programFindingDetails(reading, catalog.code.readers);
  for (const match of matches) {
    effects.findings.push(ruleFinding(reading, match, effects, program));
    effects.notes.push(match.rule.note);
    if (match.rule.category !== 'NETWORK_RISK' && match.rule.purpose !== undefined)
      effects.findings.push(companionNetworkFinding(reading, match, match.rule.purpose, program));
  }
}

/** The words after the program that are not options: subcommands, operands, then a command it runs. */
export function leadingWords(reading: CommandReading): string[] {
  const run = reading.runs === undefined ? [] : reading.words.slice(reading.runs.index, reading.runs.index + 2);
  return [...reading.subcommands, ...reading.operands, ...run].map((word) => word.value ?? word.source);
}

/** What runs the project's own code, named for EXEC_ARBITRARY's note: the program and its first two words. */
function projectCode(reading: CommandReading): string | undefined {
  for (let node = reading.node; node !== undefined; node = node.parent) {
    if (!node.runsProjectCode) continue;
    if (node.parent === undefined && node === reading.node) return reading.command.slice(0, 60);
    return [reading.name, ...leadingWords(reading).slice(0, 2)].join(' ');
  }
  return undefined;
}

/**
 * Whether what the command writes may be a symlink, a hard link or a tree holding them: its
 * program or a subcommand on the way says so (`placesLinks`, perhaps only with some options),
 * or the catalog does not know it.
 */
export function writesMayBeLinks(reading: CommandReading): boolean {
  if (reading.unknown !== undefined) return true;
  for (let node = reading.node; node !== undefined; node = node.parent) {
    const places = node.placesLinks;
    if (places === true) return true;
    if (typeof places === 'string' && reading.options.some((option) => places.split('|').includes(option.name)))
      return true;
  }
  return false;
}

/**
 * What one command does, from its reading: its bespoke readers' effects, the spec's option,
 * operand and run roles (unless a reader reads the arguments itself), the rules it matches,
 * and, for what the catalog does not know, possible writes and the known commands in its words.
 */
export function specEffects(reading: CommandReading, site: ReaderSite): CommandEffects {
  const effects = noEffects();
  const { readers, inlineCode } = site.catalog.code;
  if (reading.runtimeSubcommand !== undefined) {
    effects.problems.push({
      reason: 'subcommand built at run time: fail closed',
      trigger: reading.runtimeSubcommand.source,
    });
  }
  // a wrapper's option the catalog does not know may take the next word, so where its command starts is not known
  const unknownOption = reading.node?.runsCommand === true ? reading.unknownOptions[0] : undefined;
  if (unknownOption !== undefined) {
    const where = programLabel(reading.name, reading.subcommands);
    effects.problems.push({
      reason: `${where} option ${unknownOption} is not known, so the command it runs is not known: fail closed`,
      trigger: unknownOption,
    });
  }
  let argumentsRead = false;
  for (const name of reading.node?.readers ?? []) {
    const reader = readers[name];
    if (reader === undefined) {
      effects.problems.push({
        reason: `the spec of ${reading.name} names a reader no program family registers, '${name}': fail closed`,
      });
      argumentsRead = true;
      continue;
    }
    mergeEffects(effects, reader.read(reading, site));
    argumentsRead ||= reader.readsArguments;
  }
  if (!argumentsRead) argumentEffects(effects, reading);
  // inline code the arguments or readers found is read in the program's language by the families' reader
  if (effects.inlineCode.length > 0) {
    for (const code of effects.inlineCode) mergeEffects(effects, inlineCode(code, reading));
    effects.inlineCode.length = 0;
  }
  ruleEffects(effects, reading, site.catalog);
  const code = projectCode(reading);
  if (code !== undefined) effects.unanalysed.push(code);
  const verb = unknownProgramVerbFinding(reading);
  if (verb !== undefined) {
    effects.findings.push(verb);
    effects.notes.push(verb.note);
  }
  // a program or subcommand the catalog does not know may run a command given in its words
  if (reading.unknown !== undefined && reading.operandSpec === undefined && !argumentsRead && !site.wordsSearched) {
    const scanned = scanForCommands(reading, site.catalog);
    if (scanned !== undefined) mergeEffects(effects, scanned);
  }
  return effects;
}
