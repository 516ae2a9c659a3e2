import { environmentCode, type EnvironmentCode } from '../../engine/codeEnvironment';
import { isCodeVariable } from '../../engine/codeVariables';
import { optionValue, readArguments, readLeadingOptions, valuedSet } from '../../words/options';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { splitWords } from '../../engine/splitWords';
import { joinWords } from '../../words/wordLists';
import { emptyUnwrapped, type Unwrapped } from '../../catalog/unwrapped';

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** The value of an option given as `-Xvalue`, `--long=value` or as the next word. */
function attachedValue(value: string, short: string, long: string): string | undefined {
  if (value.startsWith(long + '=')) return value.slice(long.length + 1);
  if (value.startsWith(short) && value.length > short.length && !value.startsWith('--'))
    return value.slice(short.length);
  return undefined;
}

const ENV_VALUED: readonly (readonly [string, string])[] = [
  ['-S', '--split-string'],
  ['-u', '--unset'],
  ['-C', '--chdir'],
];

/** A variable env sets that chooses the code programs load (see codeEnvironment.ts). */
function environmentRuns(result: Unwrapped, code: EnvironmentCode | undefined): void {
  if (code === undefined) return;
  result.problem ??= code.problem;
  for (const run of code.runs) result.scriptRuns.push(run);
}

/**
 * `env [-i] [-u NAME] [-C DIR] [-S STRING] [NAME=value]... [COMMAND [ARG]...]`: the -S string is
 * split into words and read again; assignments of code-bearing variables are scripts.
 */
export function unwrapEnv(words: readonly ShellWord[]): Unwrapped {
  const result = emptyUnwrapped();
  // a stack of words still to read, last first: -S pushes its split words without copying the rest
  const pending: ShellWord[] = [];
  for (let index = words.length - 1; index >= 1; index--) {
    const word = words[index];
    if (word !== undefined) pending.push(word);
  }
  let optionsDone = false;
  for (let word = pending.pop(); word !== undefined; word = pending.pop()) {
    const value = word.value;
    if (value === undefined) {
      pending.push(word);
      break;
    }
    if (!optionsDone && (value === '--' || value === '-')) {
      // `env -` is `env -i`
      optionsDone = value === '--';
      continue;
    }
    if (!optionsDone && value.length > 1 && value.startsWith('-')) {
      const pair = ENV_VALUED.find(
        ([short, long]) => value === short || value === long || attachedValue(value, short, long) !== undefined,
      );
      if (pair === undefined) continue;
      const attached = attachedValue(value, pair[0], pair[1]);
      const operand = attached === undefined ? pending.pop() : staticWord(attached);
      if (pair[0] === '-C' && operand !== undefined) result.paths.push({ word: operand, role: 'read' });
      if (pair[0] !== '-S' || operand === undefined) continue;
      const split = operand.value === undefined ? undefined : splitWords(operand.value);
      if (split === undefined) {
        result.problem = 'env -S string cannot be split statically: fail closed';
        return result;
      }
      for (let index = split.length - 1; index >= 0; index--) {
        const splitWord = split[index];
        if (splitWord !== undefined) pending.push(splitWord);
      }
      continue;
    }
    if (ASSIGNMENT.test(value)) {
      const equals = value.indexOf('=');
      const name = value.slice(0, equals);
      const assigned = staticWord(value.slice(equals + 1));
      if (isCodeVariable(name)) result.scripts.push(assigned);
      environmentRuns(result, environmentCode(name, assigned));
      optionsDone = true;
      continue;
    }
    pending.push(word);
    break;
  }
  const command = pending.reverse();
  if (command.length > 0) result.commands.push(command);
  return result;
}

/** `cross-env-shell NAME=value... 'COMMAND'`: as cross-env (read as env), but the command runs through a shell. */
export function unwrapEnvShell(words: readonly ShellWord[]): Unwrapped {
  const result = unwrapEnv(words);
  const command = result.commands.pop();
  if (command !== undefined) result.scripts.push(joinWords(command));
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
