import type { ProgramFamily } from '../../registry/programFamily';
import { FILE_UTILITY_COMMANDS } from './fileUtilitySpecs';
import { csplitReader, ddReader, permissionsReader } from './fileUtilityReaders';
import { folderTargetReader } from './folderTarget';
import { sedReader } from './sed';
import { FILE_UTILITY_CHECKS } from './fileUtilityChecks';

/** The fileUtilities family: rm, mv, cp, ln, sed, dd and the other programs that change files. */
export const FILE_UTILITIES_FAMILY: ProgramFamily = {
  specs: [() => FILE_UTILITY_COMMANDS],
  readers: {
    sed: sedReader,
    dd: ddReader,
    permissions: permissionsReader,
    csplit: csplitReader,
    folderTarget: folderTargetReader,
  },
  checks: FILE_UTILITY_CHECKS,
};
