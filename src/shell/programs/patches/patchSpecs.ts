import type { CommandSpecs } from '../../catalog/commandSpec';

/** apply_patch, Codex's patch tool as a command. */
export const PATCH_COMMANDS: CommandSpecs = {
  // the patch, its argument or stdin, names the files it adds, updates, moves and deletes (applyPatchReader.ts)
  apply_patch: {
    aliases: ['applypatch'],
    options: { '--preserve-crlf': 'flag' },
    operands: 'data',
    reader: 'applyPatch',
  },
};
