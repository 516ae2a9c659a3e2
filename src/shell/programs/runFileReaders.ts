import type { RunFileReaders } from '../runFiles/runFileReader';
import { OPTION_GLOB_FILES } from '../runFiles/optionGlobFiles';
import { BUILTIN_FAMILIES } from './builtinFamilies';
import { registryOf } from '../registry/programFamily';

/**
 * Each family's reader of the files its programs run, by the kind of run its reader reports
 * (src/shell/catalog/shellAnalysis.ts `ShellScriptRun.how`), gathered from the families, so the
 * mechanism reading a line's runs names no program; and the one run that is no family's.
 */
export const RUN_FILE_READERS: RunFileReaders = {
  ...registryOf(BUILTIN_FAMILIES, (family) => family.runFiles),
  // no family's: the names a glob matches, read as the words of any command
  glob: OPTION_GLOB_FILES,
};
