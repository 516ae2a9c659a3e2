import type { CommandEffects } from './commandEffects';
import type { PathRole, ShellFinding } from './shellAnalysis';
import { staticWord, type ShellWord } from '../words/shellWord';

// A write to files the line does not name, anywhere below the folder a command runs in: git's
// work-tree rewrites and restores, an archive extracted into '.'. They stand as '*/*', a file in
// a folder of the work tree, which a scope covers only where it covers any file there ('**'
// does, 'src/**' and 'src/*.ts' do not), so a scope that holds the work tree lets the write
// through and a narrower one still refuses it. '.' would be the workspace as a whole, which no
// scope covers: everyday work refused in every scope. One name: with '*' beside it, '*/*' would
// count as a path through '*', which the same line may make a link.

/** Any file below the folder the command runs in. */
export const ANY_FILE_BELOW: ShellWord = staticWord('*/*');

// what no scope check sees in those files: intentgate's own and those .intentignore keeps out
const CONTROL_FILES = '.intentignore, the orchestration folder';

/**
 * Any file below the folder a path names as a whole, in its last component ('.', './', 'out/.');
 * undefined for any other path ('out', '..'), which names itself. Shown as it is, not as the
 * word that named it: a word as written (`':!x.ts'`) may not read as a path, and a possible
 * write that does not is no path the scope checks.
 */
export function filesBelow(word: ShellWord): ShellWord | undefined {
  const names = word.value?.split('/');
  if (names === undefined) return undefined;
  let end = names.length;
  let whole = false;
  // the first name, '' in an absolute path, stays: '/.' is the root folder
  for (; end > 1 && (names[end - 1] === '.' || names[end - 1] === ''); end--) whole ||= names[end - 1] === '.';
  if (end === 1 && names[0] === '.') return ANY_FILE_BELOW;
  if (!whole) return undefined;
  return staticWord(`${names.slice(0, end).join('/')}/${ANY_FILE_BELOW.value ?? ''}`);
}

/**
 * What no scope check sees in such a write: intentgate's control files, and those .intentignore
 * keeps out, may be among the files it changes, which a human must allow (FS_CONFIG_SECRETS).
 * A guess, the sandbox's to take over for a contained command, where the control files are
 * read-only. `writes` says what writes where, as the note's start ("'git restore .' may write any file below its folder").
 */
export function controlFilesFinding(trigger: string, command: string, writes: string): ShellFinding {
  return {
    category: 'FS_CONFIG_SECRETS',
    trigger,
    command,
    note: `${writes}, intentgate's control files (${CONTROL_FILES}) and those .intentignore names included`,
    // read in a prompt as "overwrite .intentignore, the orchestration folder (config file)"
    details: [CONTROL_FILES, 'config', 'overwrite'],
    unseen: true,
  };
}

/** The command a write below its folder is made by: the trigger its finding shows, and the whole line. */
export interface FolderWriter {
  readonly trigger: string;
  readonly command: string;
}

/**
 * Each path used in one of `roles` that names a folder as a whole (`git restore .`, `tar xf
 * a.tar` into '.') as any file below it, and, when there is one, the control files among them
 * held by one finding. The files are named by no word: a possible write, which a sandbox
 * takes over for a contained command as it took over the folder as a whole.
 */
export function writesFilesBelow(effects: CommandEffects, roles: readonly PathRole[], writer: FolderWriter): void {
  const writes = `'${writer.command}' may write any file below its folder`;
  let found = false;
  effects.paths.forEach((path, index) => {
    const below = roles.includes(path.role) ? filesBelow(path.word) : undefined;
    if (below === undefined) return;
    effects.paths[index] = { ...path, word: below, assumed: path.assumed ?? `${writes}, which the line does not name` };
    found = true;
  });
  if (found) effects.findings.push(controlFilesFinding(writer.trigger, writer.command, writes));
}
