import { noEffects } from '../../catalog/commandEffects';
import type { Reader } from '../../catalog/reader';
import { staticWord, type ShellWord } from '../../words/shellWord';

// make options that add rules or search folders the reading cannot follow
const MAKE_EVAL = /^(?:-E|--eval)(?:=|$)|^-E./;
const MAKE_INCLUDE_DIR = /^(?:-I|--include-dir)(?:=|$)|^-I./;
const MAKE_VALUED: ReadonlySet<string> = new Set([
  '-o',
  '--old-file',
  '--assume-old',
  '-W',
  '--what-if',
  '--new-file',
  '--assume-new',
]);
const ASSIGNMENT = /^([A-Za-z_.][\w.-]*)\s*(?:::?=|:::=|\?=|\+=|!=|=)/;

/** The value of an option given as `-Xvalue`, `--long=value`, or the next word; undefined when the word is not that option. */
function valuedOption(
  words: readonly ShellWord[],
  index: number,
  short: string,
  longs: readonly string[],
): { word: ShellWord | undefined; used: number } | undefined {
  const value = words[index]?.value ?? '';
  if (value === short || longs.includes(value)) return { word: words[index + 1], used: 2 };
  const long = longs.find((name) => value.startsWith(`${name}=`));
  if (long !== undefined) return { word: staticWord(value.slice(long.length + 1)), used: 1 };
  if (value.startsWith(short) && value.length > short.length && !value.startsWith('--'))
    return { word: staticWord(value.slice(short.length)), used: 1 };
  return undefined;
}

/** What `make [-C DIR] [-f FILE] [OPTIONS] [TARGETS] [VAR=value]` reads, or why it cannot be followed. */
interface MakeRun {
  readonly folder: ShellWord;
  readonly file: ShellWord | undefined;
  readonly targets: string[];
  readonly variables: [string, string | undefined][];
  readonly problem: string | undefined;
}

function makeRun(words: readonly ShellWord[]): MakeRun {
  const run: MakeRun = { folder: staticWord('.'), file: undefined, targets: [], variables: [], problem: undefined };
  let folder: string | undefined = '.';
  let file: ShellWord | undefined;
  const fail = (problem: string): MakeRun => ({ ...run, problem });
  for (let index = 1; index < words.length; index++) {
    const word = words[index];
    const value = word?.value;
    if (word === undefined) break;
    const directory = valuedOption(words, index, '-C', ['--directory']);
    const makefile = directory === undefined ? valuedOption(words, index, '-f', ['--file', '--makefile']) : undefined;
    if (directory !== undefined) {
      // several -C options add up, each from the last
      const target = directory.word?.value;
      folder =
        target === undefined || folder === undefined
          ? undefined
          : target.startsWith('/')
            ? target
            : `${folder}/${target}`;
      index += directory.used - 1;
    } else if (makefile !== undefined) {
      if (file !== undefined) return fail('make reads several makefiles given with -f');
      file = makefile.word ?? { value: undefined, literal: undefined, source: '-f' };
      index += makefile.used - 1;
    } else if (value === undefined) {
      const name = ASSIGNMENT.exec(word.source)?.[1];
      if (name === undefined) return fail('make target or option built at run time');
      run.variables.push([name, undefined]);
    } else if (MAKE_EVAL.test(value)) return fail('make --eval adds rules from its command line');
    else if (MAKE_INCLUDE_DIR.test(value)) return fail('make -I adds folders its includes are searched in');
    else if (MAKE_VALUED.has(value)) index++;
    else if (ASSIGNMENT.test(value))
      run.variables.push([ASSIGNMENT.exec(value)?.[1] ?? '', value.slice(value.indexOf('=') + 1)]);
    // the job or load count of `-j 4`, `-l 2`
    else if (!value.startsWith('-') && !/^\d+(?:\.\d+)?$/.test(value)) run.targets.push(value);
  }
  const where: ShellWord =
    folder === undefined ? { value: undefined, literal: undefined, source: '-C' } : staticWord(folder);
  return { ...run, folder: where, file };
}

/**
 * make runs the recipes of its targets from the Makefile of its folder (or the one -f names),
 * which is listed for the caller to read with the variables of its command line; options that
 * add rules or include folders the reading cannot follow fail closed.
 */
export const makeReader: Reader = {
  readsArguments: false,
  read(reading) {
    const effects = noEffects();
    const run = makeRun(reading.words);
    if (run.problem !== undefined) {
      effects.problems.push({ reason: `${run.problem}: fail closed` });
      return effects;
    }
    const variables = run.variables;
    const details = run.file === undefined ? { variables } : { variables, file: run.file, mustRead: 'always' as const };
    effects.scriptRuns.push({ word: run.folder, how: 'make', script: run.targets.join(' '), details });
    return effects;
  },
};
