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
const FIND_LEADING = new Set(['-H', '-L', '-P']);

/** What one of find's primaries does with the word after it. */
type FindArgument = 'data' | 'read' | 'overwrite';

// GNU find's primaries that take a word: a pattern, a number or a format is data, a reference
// file (`-newer x`: find reads its times) a read, an output file written; the others take none
const FIND_ARGUMENTS: ReadonlyMap<string, FindArgument> = new Map([
  ...(
    '-amin -atime -cmin -ctime -mmin -mtime -used -name -iname -path -ipath -wholename -iwholename -regex ' +
    '-iregex -lname -ilname -type -xtype -size -perm -user -group -uid -gid -links -inum -fstype -context ' +
    '-maxdepth -mindepth -regextype -printf'
  )
    .split(' ')
    .map((name): [string, FindArgument] => [name, 'data']),
  ...'-newer -anewer -cnewer -samefile -files0-from'.split(' ').map((name): [string, FindArgument] => [name, 'read']),
  ...'-fprint -fprint0 -fls -fprintf'.split(' ').map((name): [string, FindArgument] => [name, 'overwrite']),
]);

/** The role of the word after a primary, and how many words the primary takes (`-fprintf FILE FORMAT`: two). */
function findArgument(primary: string): { readonly role: FindArgument; readonly words: number } | undefined {
  // -newerXY REFERENCE: a file, unless Y is t (a date)
  const newer = /^-newer([aBcm])([aBcmt])$/.exec(primary);
  if (newer !== null) return { role: newer[2] === 't' ? 'data' : 'read', words: 1 };
  const role = FIND_ARGUMENTS.get(primary);
  if (role === undefined) return undefined;
  return { role, words: primary === '-fprintf' ? 2 : 1 };
}

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

/** The command of an `-exec`-like primary from `at` to its `;` or `+`, its `{}` found paths unknown here; where it ends. */
function execCommand(words: readonly ShellWord[], at: number): { command: ShellWord[]; end: number } {
  const command: ShellWord[] = [];
  let index = at;
  for (; index < words.length; index++) {
    const word = words[index];
    if (word === undefined || word.value === ';' || word.value === '+') break;
    command.push(word.value?.includes('{}') === true ? runtimeWord(word.source) : word);
  }
  return { command, end: index };
}

/**
 * `find PATHS EXPRESSION`: the starting points are read (deleted with `-delete`), and so is a
 * reference file (`-newer x`); a pattern, a number or a format is data, never a path; an output
 * file (`-fprint`) is written; each `-exec/-execdir/-ok/-okdir CMD ... ;|+` runs CMD, its `{}`
 * found paths unknown here. With `-files0-from FILE` the starting points are the names FILE
 * holds, unknown here.
 */
export function unwrapFind(words: readonly ShellWord[]): Unwrapped {
  const result = emptyUnwrapped();
  const { starts, next } = readStartingPoints(words);
  let startRole: PathRole = 'read';
  for (let index = next; index < words.length; index++) {
    const value = words[index]?.value;
    if (value === undefined) continue;
    if (value === '-delete') startRole = 'delete';
    if (FIND_EXEC.has(value)) {
      const exec = execCommand(words, index + 1);
      if (exec.command.length > 0) result.commands.push(exec.command);
      index = exec.end;
      continue;
    }
    const argument = findArgument(value);
    if (argument === undefined) continue;
    const word = words[index + 1];
    if (word !== undefined && argument.role !== 'data') result.paths.push({ word, role: argument.role });
    if (value === '-files0-from') starts.push(runtimeWord(`<the paths ${word?.source ?? ''} names>`));
    index += argument.words;
  }
  // find with no starting point walks '.'; that only matters when it deletes
  const shownStarts = starts.length === 0 && startRole === 'delete' ? [staticWord('.')] : starts;
  for (const start of shownStarts) result.paths.push({ word: start, role: startRole });
  return result;
}
