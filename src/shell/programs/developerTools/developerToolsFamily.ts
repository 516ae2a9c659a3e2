import type { ProgramFamily } from '../../registry/programFamily';
import { DEVELOPER_TOOL_COMMANDS } from './developerToolSpecs';
import { editorReader } from './editorReader';
import { BUILD_PUBLISH_CHECKS, buildPublishReader } from './buildPublishing';
import { DEVELOPER_TOOLS_ENVIRONMENT } from './developerToolsEnvironment';

/** The developerTools family: build tools, compilers, linters, test runners and editors. */
export const DEVELOPER_TOOLS_FAMILY: ProgramFamily = {
  specs: [() => DEVELOPER_TOOL_COMMANDS],
  readers: { editor: editorReader, buildPublish: buildPublishReader },
  checks: BUILD_PUBLISH_CHECKS,
  environment: DEVELOPER_TOOLS_ENVIRONMENT,
};
