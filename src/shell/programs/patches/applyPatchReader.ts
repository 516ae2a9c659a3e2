import { noEffects, type CommandEffects } from '../../catalog/commandEffects';
import type { Reader, ReaderSite } from '../../catalog/reader';
import type { PathRole } from '../../catalog/shellAnalysis';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { readCodexPatch, type PatchChange } from './codexPatch';

// the one option apply_patch reads, and only before its patch
const PRESERVE_CRLF = '--preserve-crlf';

/** The paths one change of a patch uses: an add or update overwrites, a delete or a move's source is removed. */
function changePaths(change: PatchChange): readonly (readonly [string, PathRole])[] {
  switch (change.kind) {
    case 'add':
      return [[change.path, 'overwrite']];
    case 'delete':
      return [[change.path, 'delete']];
    case 'update':
      return change.moveTo === undefined
        ? [[change.path, 'overwrite']]
        : [
            [change.path, 'delete'],
            [change.moveTo, 'overwrite'],
          ];
  }
}

/** The files a patch text changes as path effects, or the reason apply_patch would refuse it as a problem. */
function patchEffects(effects: CommandEffects, text: string, trigger: string): void {
  const patch = readCodexPatch(text);
  if (!patch.ok) {
    effects.problems.push({
      reason: `apply_patch given a patch it cannot read: ${patch.problem}: fail closed`,
      trigger,
    });
    return;
  }
  for (const change of patch.changes) {
    for (const [path, role] of changePaths(change)) {
      if (path === '') {
        effects.problems.push({ reason: 'apply_patch given a file with no name: fail closed', trigger });
        return;
      }
      effects.paths.push({ word: staticWord(path), role });
    }
  }
}

/** The patch apply_patch reads from stdin when its line gives none. */
function stdinPatch(effects: CommandEffects, site: ReaderSite): void {
  const stdin = site.stdin();
  switch (stdin.kind) {
    case 'text':
      patchEffects(effects, stdin.text, '<<');
      return;
    case 'file':
      effects.problems.push({
        reason: 'apply_patch reading its patch from a file, which is not read here: fail closed',
        trigger: stdin.word.source,
      });
      return;
    case 'runtime':
      effects.problems.push({
        reason: 'apply_patch given a patch made at run time: fail closed',
        trigger: stdin.trigger,
      });
      return;
    case 'inherited':
      effects.problems.push({ reason: "apply_patch reading its patch from the caller's stdin: fail closed" });
      return;
    case 'none':
      // with no input it prints its usage and changes nothing
      return;
  }
}

/**
 * `apply_patch [--preserve-crlf] [PATCH]` (and `applypatch`), Codex's patch tool run as a
 * command: the patch, its one argument or else stdin, is read as Codex reads it (codexPatch.ts),
 * and each file it adds, updates, moves or deletes is a path it overwrites or deletes, so the
 * scope, .intentignore and the control files see them. A patch that cannot be read, or cannot
 * be seen before the command runs, fails closed.
 */
export const applyPatchReader: Reader = {
  readsArguments: true,
  read(reading, site) {
    const effects = noEffects();
    const words: readonly ShellWord[] = reading.words.slice(1);
    const patchAt = words[0]?.value === PRESERVE_CRLF ? 1 : 0;
    const [patch, extra] = words.slice(patchAt);
    if (extra !== undefined) {
      effects.problems.push({
        reason: 'apply_patch given more than one patch argument: fail closed',
        trigger: extra.source,
      });
      return effects;
    }
    if (patch === undefined) {
      stdinPatch(effects, site);
      return effects;
    }
    if (patch.value === undefined) {
      effects.problems.push({
        reason: 'apply_patch given a patch built at run time: fail closed',
        trigger: patch.source,
      });
      return effects;
    }
    patchEffects(effects, patch.value, reading.name);
    return effects;
  },
};
