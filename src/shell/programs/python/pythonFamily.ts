import type { ProgramFamily } from '../../registry/programFamily';
import { PYTHON_PACKAGE_COMMANDS } from './pythonSpecs';
import { PYTHON_RUN_FILES } from './pythonRunFiles';

/** The python family: pip, uv, poetry and the other Python tools, and the modules python finds first. */
export const PYTHON_FAMILY: ProgramFamily = {
  specs: [() => PYTHON_PACKAGE_COMMANDS],
  runFiles: { python: PYTHON_RUN_FILES },
};
