import type { ProgramFamily } from '../../registry/programFamily';
import { editorReader } from './editorReader';
import { EDITOR_COMMANDS } from './editorSpecs';

/** The editors family: vi and its kin, emacs and nano, and the reader of the commands an editor or pager is given. */
export const EDITORS_FAMILY: ProgramFamily = {
  specs: [() => EDITOR_COMMANDS],
  readers: { editor: editorReader },
};
