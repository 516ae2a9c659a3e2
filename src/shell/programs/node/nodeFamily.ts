import type { ProgramFamily } from '../../registry/programFamily';
import { NODE_PACKAGE_COMMANDS } from './nodeSpecs';
import { packageRunnerReader } from './packageRunners';
import { ENV_FILES } from './envFiles';
import { NODE_ENVIRONMENT } from './nodeEnvironment';

/** The node family: npm, pnpm, yarn, bun, npx, deno and the JavaScript release tools. */
export const NODE_FAMILY: ProgramFamily = {
  specs: [() => NODE_PACKAGE_COMMANDS],
  readers: { packageRunner: packageRunnerReader },
  runFiles: { envFile: ENV_FILES },
  environment: NODE_ENVIRONMENT,
};
