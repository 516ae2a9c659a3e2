import type { Catalog } from '../shell/catalog/catalog';

/**
 * Options that change what a program runs rather than how it runs it: the folder or package it
 * runs in, the shell or node options its scripts run with, another configuration, code loaded
 * first. A grant narrowed to `npm test` was given for the project's test script, not for
 * `npm test --script-shell ./x.sh`, so such an option counts only where the grant's prefix names
 * it itself. Each program's own are its spec's `runChangingOptions` (src/shell/catalog/commandSpec.ts);
 * this module holds the mechanism and the options of every program. Option names as the programs
 * spell them; one ending in `=` is an operand assignment (`make SHELL=./x.sh`).
 */

// options any program that has them reads to choose another folder, configuration or loaded code
const EVERY_PROGRAM = [
  '--prefix',
  '--cwd',
  '--chdir',
  '--dir',
  '--directory',
  '--workdir',
  '--working-directory',
  '--rcfile',
  '--init-file',
  '--script-shell',
  '--node-options',
  '--userconfig',
  '--globalconfig',
  '--env-file',
  '--env-file-if-exists',
  '--require',
  '--import',
  '--loader',
  '--experimental-loader',
  '--preload',
];

/** Whether `word` is the option `name` (`--prefix`, `--prefix=web`, `-C`, `-Cweb`) or the assignment `name` begins. */
function isOption(word: string, name: string): boolean {
  if (name.endsWith('=')) return word.startsWith(name);
  if (word === name) return true;
  // a long option's value after '=', a short option's attached to it
  return name.startsWith('--') || !name.startsWith('-') || name.length !== 2
    ? word.startsWith(`${name}=`)
    : word.startsWith(name) && !word.startsWith('--');
}

/** The index of the last word of `words` from `from` on that changes what a program runs, or -1. */
export type RunChangingOptionFinder = (program: string, words: readonly string[], from: number) => number;

/**
 * The finder of run-changing options over a catalog: a program's spec's `runChangingOptions`
 * with those of every program. Made once per catalog (the governor makes one over its session's
 * catalog, a host's programs included); only the lookup is read, so a test may pass its own.
 */
export function runChangingOptionFinder(catalog: Pick<Catalog, 'lookup'>): RunChangingOptionFinder {
  return (program, words, from) => {
    const own = catalog.lookup(program)?.spec.runChangingOptions ?? [];
    let found = -1;
    for (let index = from; index < words.length; index++) {
      const word = words[index] ?? '';
      // what follows `--` is the arguments of the script or program it runs, not its own options
      if (word === '--') break;
      const matches = (name: string): boolean => isOption(word, name);
      if (EVERY_PROGRAM.some(matches) || own.some(matches)) found = index;
    }
    return found;
  };
}
