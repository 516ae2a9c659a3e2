import type { ProgramFamily } from '../../registry/programFamily';
import { INTERPRETER_COMMANDS } from './interpreterSpecs';
import { interpreterReader } from './interpreterReader';
import { inlineCodeEffects } from './inlineCode';
import { INTERPRETER_CHECKS } from './setupPyUpload';
import { INTERPRETERS_ENVIRONMENT } from './interpretersEnvironment';

/** The interpreters family: python, node, perl, ruby and the other interpreters, with the reader of their inline code. */
export const INTERPRETERS_FAMILY: ProgramFamily = {
  specs: [() => INTERPRETER_COMMANDS],
  readers: { interpreter: interpreterReader },
  checks: INTERPRETER_CHECKS,
  inlineCode: inlineCodeEffects,
  environment: INTERPRETERS_ENVIRONMENT,
};
