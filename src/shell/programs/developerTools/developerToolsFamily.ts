import type { ProgramFamily } from '../../registry/programFamily';
import { DEVELOPER_TOOL_COMMANDS } from './developerToolSpecs';
import { BUILD_PUBLISH_CHECKS, buildPublishReader } from './buildPublishing';
import { DEVELOPER_TOOLS_ENVIRONMENT } from './developerToolsEnvironment';

/** The developerTools family: build tools, compilers, linters, formatters and test runners. */
export const DEVELOPER_TOOLS_FAMILY: ProgramFamily = {
  specs: [() => DEVELOPER_TOOL_COMMANDS],
  readers: { buildPublish: buildPublishReader },
  checks: BUILD_PUBLISH_CHECKS,
  environment: DEVELOPER_TOOLS_ENVIRONMENT,
};
