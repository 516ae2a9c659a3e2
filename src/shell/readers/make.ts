import { noEffects } from '../catalog/commandEffects';
import type { Reader } from '../catalog/reader';
import { staticWord, type ShellWord } from '../shellWord';

// make options that read another Makefile, add rules, or run nothing
const MAKE_ELSEWHERE = /^(?:-f|--file|--makefile|-E|--eval|-n|--dry-run|--just-print|--recon|-q|--question|-p|--print-data-base)(?:=|$)|^-[A-Za-z]*[fEnqp]/;
const MAKE_VALUED: ReadonlySet<string> = new Set(['-I', '--include-dir', '-o', '--old-file', '--assume-old', '-W', '--what-if', '--new-file', '--assume-new']);

/** The value of `-C DIR`, `-CDIR`, `--directory=DIR` or `--directory DIR` at `index`, and the words it used. */
function directoryOption(words: readonly ShellWord[], index: number): { folder: string | undefined; used: number } | undefined {
  const value = words[index]?.value ?? '';
  if (value === '-C' || value === '--directory') return { folder: words[index + 1]?.value, used: 2 };
  if (value.startsWith('--directory=')) return { folder: value.slice('--directory='.length), used: 1 };
  if (/^-C./.test(value)) return { folder: value.slice(2), used: 1 };
  return undefined;
}

/**
 * The folder and targets of `make [-C DIR] [OPTIONS] [TARGETS] [VAR=value]`, or undefined
 * when make reads another Makefile, rules from its line, or runs nothing.
 */
function makeRun(words: readonly ShellWord[]): { folder: string; targets: string[] } | undefined {
  const targets: string[] = [];
  let folder: string | undefined;
  for (let index = 1; index < words.length; index++) {
    const value = words[index]?.value;
    if (value === undefined) return undefined;
    const directory = directoryOption(words, index);
    if (directory === undefined && MAKE_ELSEWHERE.test(value)) return undefined;
    if (directory !== undefined) {
      // several -C options add up; one is enough to read
      if (directory.folder === undefined || folder !== undefined) return undefined;
      folder = directory.folder;
      index += directory.used - 1;
    } else if (MAKE_VALUED.has(value)) index++;
    // options, variable settings, and the job or load count of `-j 4`, `-l 2`
    else if (!value.startsWith('-') && !value.includes('=') && !/^\d+(?:\.\d+)?$/.test(value)) targets.push(value);
  }
  return { folder: folder ?? '.', targets };
}

/** make runs the recipes of its targets from the Makefile, which is listed for the caller to read. */
export const makeReader: Reader = {
  readsArguments: false,
  read(reading) {
    const effects = noEffects();
    const run = makeRun(reading.words);
    if (run !== undefined) effects.scriptRuns.push({ word: staticWord(run.folder), how: 'make', script: run.targets.join(' ') });
    return effects;
  },
};
