import type { ProgramFamily } from '../registry/programFamily';
import type { EnvironmentReader } from '../catalog/environmentCode';
import { environmentOf } from '../registry/familyEnvironment';
import { SHELLS_FAMILY } from './shells/shellsFamily';
import { WRAPPERS_FAMILY } from './wrappers/wrappersFamily';
import { INTERPRETERS_FAMILY } from './interpreters/interpretersFamily';
import { FILE_UTILITIES_FAMILY } from './fileUtilities/fileUtilitiesFamily';
import { SEARCH_FAMILY } from './search/searchFamily';
import { GIT_FAMILY } from './git/gitFamily';
import { NODE_FAMILY } from './node/nodeFamily';
import { PYTHON_FAMILY } from './python/pythonFamily';
import { PACKAGE_MANAGERS_FAMILY } from './packageManagers/packageManagersFamily';
import { CONTAINERS_FAMILY } from './containers/containersFamily';
import { CLOUD_FAMILY } from './cloud/cloudFamily';
import { NETWORK_FAMILY } from './network/networkFamily';
import { SYSTEM_FAMILY } from './system/systemFamily';
import { DEVELOPER_TOOLS_FAMILY } from './developerTools/developerToolsFamily';
import { EDITORS_FAMILY } from './editors/editorsFamily';
import { ARCHIVES_FAMILY } from './archives/archivesFamily';
import { MAKE_FAMILY } from './make/makeFamily';
import { TASK_RUNNERS_FAMILY } from './taskRunners/taskRunnersFamily';
import { SQLITE_FAMILY } from './sqlite/sqliteFamily';
import { DATABASES_FAMILY } from './databases/databasesFamily';
import { SERVICES_FAMILY } from './services/servicesFamily';
import { PATCHES_FAMILY } from './patches/patchesFamily';

/**
 * Every built-in program family, in the order their names are looked up (no name is in two
 * families: test/shell/commandCatalog.test.ts). A new family is one line here; a new program,
 * reader, check or reader of the files a program runs is its family's own.
 */
export const BUILTIN_FAMILIES: readonly ProgramFamily[] = [
  SHELLS_FAMILY,
  WRAPPERS_FAMILY,
  INTERPRETERS_FAMILY,
  FILE_UTILITIES_FAMILY,
  SEARCH_FAMILY,
  GIT_FAMILY,
  NODE_FAMILY,
  PYTHON_FAMILY,
  PACKAGE_MANAGERS_FAMILY,
  CONTAINERS_FAMILY,
  CLOUD_FAMILY,
  NETWORK_FAMILY,
  SYSTEM_FAMILY,
  DEVELOPER_TOOLS_FAMILY,
  EDITORS_FAMILY,
  ARCHIVES_FAMILY,
  MAKE_FAMILY,
  TASK_RUNNERS_FAMILY,
  SQLITE_FAMILY,
  DATABASES_FAMILY,
  SERVICES_FAMILY,
  PATCHES_FAMILY,
];

/** What every built-in family's programs read from the environment; a variable claimed twice throws here. */
export const BUILTIN_ENVIRONMENT: EnvironmentReader = environmentOf(
  BUILTIN_FAMILIES.map((family) => family.environment),
);
