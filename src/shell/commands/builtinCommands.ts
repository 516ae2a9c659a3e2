import type { CommandSpecs } from '../catalog/commandSpec';
import { CLOUD_COMMANDS } from './cloud';
import { CONTAINER_COMMANDS } from './containers';
import { DEVELOPER_TOOL_COMMANDS } from './developerTools';
import { FILE_READER_COMMANDS } from './fileReaders';
import { FILE_UTILITY_COMMANDS } from './fileUtilities';
import { FORGE_COMMANDS } from './forges';
import { GIT_COMMANDS } from './git';
import { INTERPRETER_COMMANDS } from './interpreters';
import { NETWORK_COMMANDS } from './network';
import { NODE_PACKAGE_COMMANDS } from './nodePackages';
import { PACKAGE_MANAGER_COMMANDS } from './packageManagers';
import { PYTHON_PACKAGE_COMMANDS } from './pythonPackages';
import { SEARCH_COMMANDS } from './search';
import { SHELL_BUILTIN_COMMANDS } from './shellBuiltins';
import { SHELL_COMMANDS } from './shells';
import { SYSTEM_COMMANDS } from './system';
import { WRAPPER_COMMANDS } from './wrappers';

/** Every built-in program spec, by family; a name listed in two families keeps its first spec. */
export const BUILTIN_COMMAND_SETS: readonly CommandSpecs[] = [
  SHELL_BUILTIN_COMMANDS,
  WRAPPER_COMMANDS,
  SHELL_COMMANDS,
  INTERPRETER_COMMANDS,
  FILE_UTILITY_COMMANDS,
  FILE_READER_COMMANDS,
  SEARCH_COMMANDS,
  GIT_COMMANDS,
  NODE_PACKAGE_COMMANDS,
  PYTHON_PACKAGE_COMMANDS,
  PACKAGE_MANAGER_COMMANDS,
  CONTAINER_COMMANDS,
  CLOUD_COMMANDS,
  NETWORK_COMMANDS,
  SYSTEM_COMMANDS,
  FORGE_COMMANDS,
  DEVELOPER_TOOL_COMMANDS,
];
