import { hasOption, optionValue, readLeadingOptions, valuedSet } from '../../words/options';
import type { PathRole } from '../../catalog/shellAnalysis';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { runtimeWord } from '../../words/wordLists';
import { emptyUnwrapped, type Unwrapped } from '../../catalog/unwrapped';

const XARGS_VALUED = valuedSet([
  '-a',
  '--arg-file',
  '-d',
  '--delimiter',
  '-E',
  '-I',
  '-L',
  '--max-lines',
  '-n',
  '--max-args',
  '-P',
  '--max-procs',
  '-s',
  '--max-chars',
  '--process-slot-var',
]);

/**
 * `xargs [options] [COMMAND [ARG]...]` runs COMMAND (echo by default) with arguments read from
 * stdin: they are unknown, so the command gets a run-time word (or its `-I` placeholders do).
 */
export function unwrapXargs(words: readonly ShellWord[]): Unwrapped {
  const result = emptyUnwrapped();
  result.passesStdin = false;
  const parsed = readLeadingOptions(words, 1, XARGS_VALUED);
  const argFile = optionValue(parsed, ['-a', '--arg-file']);
  if (argFile !== undefined) result.paths.push({ word: argFile, role: 'read' });
  const replaceOption = optionValue(parsed, ['-I', '--replace']);
  const replace = replaceOption?.value ?? (hasOption(parsed, ['-i', '--replace']) ? '{}' : undefined);
  const command = parsed.operands.length > 0 ? [...parsed.operands] : [staticWord('echo')];
  if (replace === undefined || replace.length === 0) {
    command.push(runtimeWord('<xargs input>', true));
  } else {
    for (let index = 0; index < command.length; index++) {
      const word = command[index];
      if (word?.value?.includes(replace) === true) command[index] = runtimeWord(word.source);
    }
  }
  result.commands.push(command);
  return result;
}

const FIND_EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);
const FIND_OUTPUTS = new Set(['-fprint', '-fprint0', '-fls', '-fprintf']);
const FIND_LEADING = new Set(['-H', '-L', '-P']);

function isFindExpression(word: ShellWord): boolean {
  const value = word.value;
  if (value === undefined) return false;
  return (
    (value.length > 1 && value.startsWith('-')) || value === '(' || value === '!' || value === ')' || value === ','
  );
}

/** find's starting points: the operands before its expression. */
function readStartingPoints(words: readonly ShellWord[]): { starts: ShellWord[]; next: number } {
  let index = 1;
  for (let word = words[index]; word !== undefined; word = words[index]) {
    const value = word.value ?? '';
    if (FIND_LEADING.has(value) || value.startsWith('-O')) index++;
    else if (value === '-D') index += 2;
    else break;
  }
  const starts: ShellWord[] = [];
  for (let word = words[index]; word !== undefined && !isFindExpression(word); word = words[index]) {
    starts.push(word);
    index++;
  }
  return { starts, next: index };
}

/**
 * `find PATHS EXPRESSION`: each `-exec/-execdir/-ok/-okdir CMD ... ;|+` runs CMD (its `{}` are
 * found paths, unknown here); `-delete` deletes under the starting points.
 */
export function unwrapFind(words: readonly ShellWord[]): Unwrapped {
  const result = emptyUnwrapped();
  const { starts, next } = readStartingPoints(words);
  let startRole: PathRole = 'read';
  for (let index = next; index < words.length; index++) {
    const value = words[index]?.value;
    if (value === undefined) continue;
    if (value === '-delete') startRole = 'delete';
    if (FIND_OUTPUTS.has(value)) {
      const output = words[index + 1];
      if (output !== undefined) result.paths.push({ word: output, role: 'overwrite' });
      index++;
    }
    if (!FIND_EXEC.has(value)) continue;
    const command: ShellWord[] = [];
    for (index++; index < words.length; index++) {
      const word = words[index];
      if (word === undefined || word.value === ';' || word.value === '+') break;
      command.push(word.value?.includes('{}') === true ? runtimeWord(word.source) : word);
    }
    if (command.length > 0) result.commands.push(command);
  }
  // find with no starting point walks '.'; that only matters when it deletes
  const shownStarts = starts.length === 0 && startRole === 'delete' ? [staticWord('.')] : starts;
  for (const start of shownStarts) result.paths.push({ word: start, role: startRole });
  return result;
}
