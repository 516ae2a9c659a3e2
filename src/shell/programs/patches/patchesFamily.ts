import type { ProgramFamily } from '../../registry/programFamily';
import { PATCH_COMMANDS } from './patchSpecs';
import { applyPatchReader } from './applyPatchReader';

/** The patches family: Codex's apply_patch run as a shell command. */
export const PATCHES_FAMILY: ProgramFamily = {
  specs: [() => PATCH_COMMANDS],
  readers: { applyPatch: applyPatchReader },
};
