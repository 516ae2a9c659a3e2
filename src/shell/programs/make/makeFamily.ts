import type { ProgramFamily } from '../../registry/programFamily';
import { MAKE_COMMANDS } from './makeSpecs';
import { makeReader } from './makeReader';
import { MAKE_RUN_FILES } from './makeRunFiles';
import { MAKE_ENVIRONMENT } from './makeEnvironment';

/** The make family: make and the Makefiles it runs. */
export const MAKE_FAMILY: ProgramFamily = {
  specs: [() => MAKE_COMMANDS],
  readers: { make: makeReader },
  runFiles: { make: MAKE_RUN_FILES },
  environment: MAKE_ENVIRONMENT,
};
