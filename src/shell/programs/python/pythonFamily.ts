import type { ProgramFamily } from '../../registry/programFamily';
import { PYTHON_PACKAGE_COMMANDS } from './pythonSpecs';
import { PYTHON_RUN_FILES } from './pythonRunFiles';
import { PYTHON_ENVIRONMENT } from './pythonEnvironment';

/** The python family: pip, uv, poetry and the other Python tools, and the modules python finds first. */
export const PYTHON_FAMILY: ProgramFamily = {
  specs: [() => PYTHON_PACKAGE_COMMANDS],
  runFiles: { python: PYTHON_RUN_FILES },
  environment: PYTHON_ENVIRONMENT,
};
