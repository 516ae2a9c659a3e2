import { environmentCode, type EnvironmentCode } from '../../engine/codeEnvironment';
import { isCodeVariable } from '../../engine/codeVariables';
import type { EnvironmentReader } from '../../catalog/environmentCode';
import type { CommandReading } from '../../catalog/commandReading';
import { isOptionText, readOptionWord, type OptionGrammar, type ReadOption } from '../../catalog/readOptions';
import { optionValue, readArguments, readLeadingOptions, valuedSet } from '../../words/options';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { splitWords } from '../../engine/splitWords';
import { joinWords } from '../../words/wordLists';
import { emptyUnwrapped, type Unwrapped } from '../../catalog/unwrapped';

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
// -S strings inside -S strings: more than this many is not read
const MAX_SPLITS = 64;

/** A variable env sets that chooses the code programs load (see codeEnvironment.ts). */
function environmentRuns(result: Unwrapped, code: EnvironmentCode | undefined): void {
  if (code === undefined) return;
  result.problem ??= code.problem;
  for (const run of code.runs) result.scriptRuns.push(run);
}

/** env's options and the words after them, where the settings and the command are. */
interface EnvLine {
  readonly options: readonly ReadOption[];
  readonly rest: readonly ShellWord[];
  readonly problem?: string;
}

/**
 * env's line with each -S string split into words and read in its place, with env's grammar:
 * the words after it follow the split ones, so an option there may be the command's own
 * (`env -S 'sudo' -u bob id` runs `sudo -u bob id`).
 */
function splitLine(words: readonly ShellWord[], grammar: OptionGrammar): EnvLine {
  const options: ReadOption[] = [];
  let line = words;
  let index = 1;
  for (let splits = 0; index < line.length;) {
    const text = line[index]?.value ?? line[index]?.literal;
    if (text === '--') return { options, rest: line.slice(index + 1) };
    if (!isOptionText(text, grammar)) break;
    const read = readOptionWord(line, index, grammar);
    index += read.used;
    for (const option of read.options) if (option.kind !== 'code') options.push(option);
    const value = read.options.find((option) => option.kind === 'code')?.value;
    if (value === undefined) continue;
    const split = value.value === undefined ? undefined : splitWords(value.value);
    if (split === undefined || ++splits > MAX_SPLITS)
      return { options, rest: [], problem: 'env -S string cannot be split statically: fail closed' };
    line = [...line.slice(0, 1), ...split, ...line.slice(index)];
    index = 1;
  }
  return { options, rest: line.slice(index) };
}

/** env's options and the words after them: the catalog's reading, read again only where -S splits a string. */
function envLine(reading: CommandReading): EnvLine {
  const grammar = reading.node?.grammar;
  if (grammar !== undefined && reading.options.some((option) => option.kind === 'code'))
    return splitLine(reading.words, grammar);
  const rest = reading.runs === undefined ? [] : reading.words.slice(reading.runs.index);
  return { options: reading.options, rest };
}

/**
 * `env [-i] [-u NAME] [-C DIR] [-S STRING] [NAME=value]... [COMMAND [ARG]...]`, and cross-env
 * (`cross-env-shell` runs the command through a shell): the options are env's spec (envSpecs.ts)
 * as the catalog read them, -S strings are split into words and read again, settings of
 * code-bearing variables are scripts (the shell's, and `families`' as the catalog gives them),
 * and the command starts after the settings.
 */
export function unwrapEnv(reading: CommandReading, families: EnvironmentReader): Unwrapped {
  const result = emptyUnwrapped();
  const line = envLine(reading);
  if (line.problem !== undefined) {
    result.problem = line.problem;
    return result;
  }
  for (const option of line.options)
    if (option.kind === 'cwd' && option.value !== undefined) result.paths.push({ word: option.value, role: 'read' });
  // a lone '-' is -i
  let index = line.rest[0]?.value === '-' ? 1 : 0;
  for (let value = line.rest[index]?.value; value !== undefined && ASSIGNMENT.test(value);) {
    const equals = value.indexOf('=');
    const name = value.slice(0, equals);
    const assigned = staticWord(value.slice(equals + 1));
    if (isCodeVariable(name, families)) result.scripts.push(assigned);
    environmentRuns(result, environmentCode(name, assigned, families));
    value = line.rest[++index]?.value;
  }
  const command = line.rest.slice(index);
  if (command.length === 0) return result;
  if (reading.runs?.role === 'shell') result.scripts.push(joinWords(command));
  else result.commands.push(command);
  return result;
}

const SU_VALUED = valuedSet([
  '-c',
  '--command',
  '--session-command',
  '-s',
  '--shell',
  '-g',
  '--group',
  '-G',
  '--supp-group',
  '-w',
  '--whitelist-environment',
  '-u',
  '--user',
]);

/**
 * `su [options] [-] [USER [ARG]...]` runs a shell as USER (root by default) with `-c SCRIPT`;
 * `runuser -u USER -- COMMAND` runs the command directly.
 */
export function unwrapSu(name: string, words: readonly ShellWord[]): Unwrapped {
  const result = emptyUnwrapped();
  if (name === 'runuser') {
    const leading = readLeadingOptions(words, 1, SU_VALUED);
    const user = optionValue(leading, ['-u', '--user']);
    if (user !== undefined) {
      result.user = user.value ?? user.source;
      if (leading.operands.length > 0) result.commands.push(leading.operands);
      return result;
    }
  }
  const parsed = readArguments(words, 1, SU_VALUED);
  const script = optionValue(parsed, ['-c', '--command', '--session-command']);
  if (script !== undefined) result.scripts.push(script);
  const user = parsed.operands.find((operand) => operand.value !== '-');
  result.user = user === undefined ? 'root' : (user.value ?? user.source);
  return result;
}
