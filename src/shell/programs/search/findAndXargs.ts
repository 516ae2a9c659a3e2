import { hasOption, optionValue, readLeadingOptions, valuedSet } from '../../words/options';
import type { PathRole } from '../../catalog/shellAnalysis';
import type { CatalogNode } from '../../catalog/catalogNode';
import type { CommandReading } from '../../catalog/commandReading';
import { PATH_ROLES } from '../../catalog/commandSpec';
import { isOptionText, readOptionWord, takesValue, type OptionGrammar } from '../../catalog/readOptions';
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

// the options GNU find reads before its starting points; what each takes, its spec says
const BEFORE_STARTING_POINTS: ReadonlySet<string> = new Set(['-H', '-L', '-P', '-D', '-O']);

// the one primary taking two words: its output file, then a format
const FILE_THEN_FORMAT = '-fprintf';

const PATH_KINDS: ReadonlySet<string> = new Set(PATH_ROLES);

function isFindExpression(word: ShellWord): boolean {
  const value = word.value;
  if (value === undefined) return false;
  return (
    (value.length > 1 && value.startsWith('-')) || value === '(' || value === '!' || value === ')' || value === ','
  );
}

/** find's starting points: the operands after its leading options and before its expression. */
function readStartingPoints(
  words: readonly ShellWord[],
  grammar: OptionGrammar,
): { starts: ShellWord[]; next: number } {
  let index = 1;
  for (let word = words[index]; word !== undefined; word = words[index]) {
    if (!isOptionText(word.value, grammar)) break;
    const read = readOptionWord(words, index, grammar);
    if (read.options.length === 0 || !read.options.every((option) => BEFORE_STARTING_POINTS.has(option.name))) break;
    index += read.used;
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

/** The starting points' role and the ones assumed when none is given, as the spec's operand roles say under the primaries given. */
function startingPointRoles(
  node: CatalogNode,
  primaries: ReadonlySet<string>,
): { role: PathRole | 'data'; assumed: readonly string[] } {
  const spec =
    node.overrides.find((override) => [...override.options].some((name) => primaries.has(name)))?.operands ??
    node.operands;
  const role = typeof spec === 'string' ? spec : spec?.rest;
  const assumed = typeof spec === 'object' ? (spec.assumed ?? []) : [];
  return { role: role !== undefined && PATH_KINDS.has(role) ? (role as PathRole) : 'data', assumed };
}

/**
 * `find PATHS EXPRESSION`, read with its spec's option table: the starting points have the
 * spec's operand roles (deleted with `-delete`), a primary's word has the role the table gives
 * it (a pattern is data, a reference file read, an output file written), and each `-exec`-like
 * primary runs the words after it up to its `;` or `+`, its `{}` found paths unknown here. With
 * `-files0-from FILE` the starting points are the names FILE holds, unknown here.
 */
export function unwrapFind(words: readonly ShellWord[], reading: CommandReading): Unwrapped {
  const result = emptyUnwrapped();
  const node = reading.node;
  if (node === undefined) return result;
  const { starts, next } = readStartingPoints(words, node.grammar);
  const primaries = new Set<string>();
  for (let index = next; index < words.length; index++) {
    const primary = words[index]?.value;
    const kind = primary === undefined ? undefined : node.options.get(primary);
    if (primary === undefined || kind === undefined) continue;
    primaries.add(primary);
    if (kind === 'command') {
      const exec = execCommand(words, index + 1);
      if (exec.command.length > 0) result.commands.push(exec.command);
      index = exec.end;
      continue;
    }
    if (!takesValue(kind)) continue;
    const word = words[index + 1];
    if (word !== undefined && PATH_KINDS.has(kind)) result.paths.push({ word, role: kind as PathRole });
    else if (word !== undefined && kind !== 'data') result.problem ??= `find ${primary} is not read here: fail closed`;
    if (primary === '-files0-from') starts.push(runtimeWord(`<the paths ${word?.source ?? ''} names>`));
    index += primary === FILE_THEN_FORMAT ? 2 : 1;
  }
  const { role, assumed } = startingPointRoles(node, primaries);
  if (role === 'data') return result;
  // with no starting point find walks '.': shown where the spec assumes it
  const shownStarts = starts.length === 0 ? assumed.map((path) => staticWord(path)) : starts;
  for (const start of shownStarts) result.paths.push({ word: start, role });
  return result;
}
