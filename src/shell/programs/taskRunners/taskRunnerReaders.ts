import { noEffects, type CommandEffects } from '../../catalog/commandEffects';
import type { Reader } from '../../catalog/reader';
import { readArguments, valuedSet, type ParsedArguments } from '../../words/options';
import type { ShellScriptRun } from '../../catalog/shellAnalysis';
import { staticWord, type ShellWord } from '../../words/shellWord';

/**
 * `just` and `task` run the recipes of a justfile or the tasks of a Taskfile, found from their
 * folder: the recipes named are listed for the caller to read (see taskRunnerFiles.ts).
 * Options that choose another shell, run a command of their own, load an environment file or a
 * global file cannot be followed and fail closed; options that only list or print run nothing.
 */
interface RunnerOptions {
  /** options taking a value */
  readonly valued: ReadonlySet<string>;
  /** the file option and the folder option */
  readonly file: readonly string[];
  readonly folder: readonly string[];
  /** options after which nothing runs: listing, printing, help */
  readonly informational: ReadonlySet<string>;
  /** options that change nothing the reading depends on */
  readonly plain: ReadonlySet<string>;
}

const JUST: RunnerOptions = {
  valued: valuedSet([
    '-f',
    '--justfile',
    '-d',
    '--working-directory',
    '--color',
    '--dump-format',
    '--list-heading',
    '--list-prefix',
    '--timestamp-format',
    '--completions',
    '-s',
    '--show',
    '--set',
    '--shell',
    '--shell-arg',
    '-c',
    '--command',
    '--chooser',
    '--dotenv-filename',
    '-E',
    '--dotenv-path',
    '--ceiling',
    '--tempdir',
    '--cygpath',
    '--request',
    '--usage',
  ]),
  file: ['-f', '--justfile'],
  folder: ['-d', '--working-directory'],
  informational: new Set([
    '-l',
    '--list',
    '--summary',
    '--dump',
    '-s',
    '--show',
    '--variables',
    '--version',
    '-V',
    '-h',
    '--help',
    '--man',
    '--completions',
    '--groups',
    '--changelog',
    '--fmt',
    '--check',
    '--init',
    '--usage',
    '--request',
  ]),
  plain: new Set([
    '-q',
    '--quiet',
    '-v',
    '--verbose',
    '-y',
    '--yes',
    '--no-deps',
    '--one',
    '--color',
    '--dump-format',
    '--list-heading',
    '--list-prefix',
    '--timestamp-format',
    '--timestamps',
    '--unsorted',
    '--no-aliases',
    '--highlight',
    '--no-highlight',
    '--unstable',
    '--explain',
    '--no-dotenv',
    '--allow-missing',
    '--list-submodules',
    '--check',
    '--fmt',
  ]),
};

const TASK: RunnerOptions = {
  valued: valuedSet([
    '-t',
    '--taskfile',
    '-d',
    '--dir',
    '-C',
    '--concurrency',
    '-o',
    '--output',
    '--output-group-begin',
    '--output-group-end',
    '-I',
    '--interval',
    '--sort',
    '--color',
    '--experiments',
  ]),
  file: ['-t', '--taskfile'],
  folder: ['-d', '--dir'],
  informational: new Set([
    '-l',
    '--list',
    '-a',
    '--list-all',
    '--summary',
    '-i',
    '--init',
    '--version',
    '-h',
    '--help',
    '--json',
    '-n',
    '--dry',
    '--status',
    '--completion',
  ]),
  plain: new Set([
    '-f',
    '--force',
    '-s',
    '--silent',
    '-v',
    '--verbose',
    '-p',
    '--parallel',
    '-y',
    '--yes',
    '-x',
    '--exit-code',
    '-C',
    '--concurrency',
    '-o',
    '--output',
    '--output-group-begin',
    '--output-group-end',
    '--output-group-error-only',
    '--color',
    '--sort',
    '--no-status',
    '--experiments',
    '--disable-fuzzy',
    '-F',
    '--failfast',
  ]),
};

// `NAME=value` on the line overrides a variable of the file
const OVERRIDE = /^([A-Za-z_][A-Za-z0-9_-]*)=/;

function problemEffects(reason: string, trigger?: string): CommandEffects {
  const effects = noEffects();
  effects.problems.push(
    trigger === undefined ? { reason: `${reason}: fail closed` } : { reason: `${reason}: fail closed`, trigger },
  );
  return effects;
}

function lastValue(parsed: ParsedArguments, names: readonly string[]): ShellWord | undefined {
  let found: ShellWord | undefined;
  for (const option of parsed.options)
    if (names.includes(option.name))
      found = option.value ?? { value: undefined, literal: undefined, source: option.name };
  return found;
}

/** The recipes or tasks a `just` or `task` line runs, with the variables it sets, for the caller to read. */
function runnerEffects(
  name: string,
  words: readonly ShellWord[],
  how: ShellScriptRun['how'],
  options: RunnerOptions,
): CommandEffects {
  const end = words.findIndex((word, index) => index > 0 && word.value === '--');
  const parsed = readArguments(end === -1 ? words : words.slice(0, end), 1, options.valued);
  if (parsed.options.some((option) => options.informational.has(option.name))) return noEffects();
  for (const option of parsed.options) {
    if (options.plain.has(option.name) || options.file.includes(option.name) || options.folder.includes(option.name))
      continue;
    return problemEffects(
      `${name} ${option.name} may choose the shell, the environment or the file its recipes run with, or run a command of its own`,
      option.name,
    );
  }
  const targets: string[] = [];
  const variables: [string, string | undefined][] = [];
  for (const operand of parsed.operands) {
    const assignment = OVERRIDE.exec(operand.value ?? operand.source);
    if (assignment?.[1] !== undefined) variables.push([assignment[1], operand.value?.slice(assignment[0].length)]);
    else if (operand.value === undefined) return problemEffects(`${name} recipe built at run time`, operand.source);
    else targets.push(operand.value);
  }
  const folder = lastValue(parsed, options.folder) ?? staticWord('.');
  const file = lastValue(parsed, options.file);
  const effects = noEffects();
  if (file !== undefined) effects.paths.push({ word: file, role: 'read' });
  effects.scriptRuns.push({
    word: folder,
    how,
    script: targets.join(' '),
    details:
      file === undefined ? { variables, scripts: targets } : { variables, scripts: targets, file, mustRead: 'always' },
  });
  return effects;
}

/** `just [OPTIONS] [RECIPE [ARGS]...] [NAME=VALUE]...` */
export const justReader: Reader = {
  readsArguments: true,
  read: (reading) => runnerEffects(reading.name, reading.words, 'just', JUST),
};

/** `task [OPTIONS] [TASK...] [NAME=VALUE]... [-- CLI_ARGS]` */
export const taskReader: Reader = {
  readsArguments: true,
  read: (reading) => runnerEffects(reading.name, reading.words, 'task', TASK),
};
