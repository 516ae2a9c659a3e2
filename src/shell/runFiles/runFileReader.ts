import type { ShellScriptRun } from '../catalog/shellAnalysis';
import type { RunSite, ScriptFile } from './codeFiles';

/**
 * A family's reader of the files a run of its programs takes code from (a Makefile's recipes, a
 * justfile, git's hooks): each file read as shell text, or unseen code for which the call fails
 * closed. The mechanism that reads a line's runs (src/risk/scriptFiles.ts) names no program: it
 * finds the reader by the run's kind in a registry (src/shell/programs/runFileReaders.ts).
 */
export interface RunFileReader {
  /**
   * Whether it reads runs whose place is only known at run time (`cd "$d"; git commit` still
   * runs git's hooks); otherwise such a run is code that cannot be read.
   */
  readonly readsUnplacedRuns: boolean;
  read(run: ShellScriptRun, site: RunSite): ScriptFile[];
}

/** The readers by the kind of run they read; kinds not listed are shell scripts, read by the mechanism itself. */
export type RunFileReaders = Readonly<Partial<Record<ShellScriptRun['how'], RunFileReader>>>;

/** Whether a run's file is placed: narrows the run itself, where a copy with the path restated would cost an object per run. */
export const isPlaced = (run: ShellScriptRun): run is ShellScriptRun & { readonly path: string } =>
  run.path !== undefined;

/** A reader of placed runs that finds one file or none. */
export function placedRunReader(
  read: (run: ShellScriptRun & { readonly path: string }, site: RunSite) => ScriptFile | undefined,
): RunFileReader {
  return {
    readsUnplacedRuns: false,
    read(run, site) {
      if (!isPlaced(run)) return [];
      const file = read(run, site);
      return file === undefined ? [] : [file];
    },
  };
}
