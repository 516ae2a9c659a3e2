import type { CommandFamily } from '../catalog/catalog';
import type { CommandSpecs } from '../catalog/commandSpec';
import { ARCHIVE_COMMANDS } from './archives/archiveSpecs';
import { CLOUD_COMMANDS } from './cloud/cloudSpecs';
import { CONTAINER_COMMANDS } from './containers/containerSpecs';
import { DATABASE_COMMANDS } from './databases/databaseSpecs';
import { DEVELOPER_TOOL_COMMANDS } from './developerTools/developerToolSpecs';
import { FILE_READER_COMMANDS } from './search/fileReaderSpecs';
import { FILE_UTILITY_COMMANDS } from './fileUtilities/fileUtilitySpecs';
import { FORGE_COMMANDS } from './network/forgeSpecs';
import { GIT_COMMANDS } from './git/gitSpecs';
import { INTERPRETER_COMMANDS } from './interpreters/interpreterSpecs';
import { MAKE_COMMANDS } from './make/makeSpecs';
import { NETWORK_COMMANDS } from './network/networkSpecs';
import { NODE_PACKAGE_COMMANDS } from './node/nodeSpecs';
import { PACKAGE_MANAGER_COMMANDS } from './packageManagers/packageManagerSpecs';
import { PATCH_COMMANDS } from './patches/patchSpecs';
import { PYTHON_PACKAGE_COMMANDS } from './python/pythonSpecs';
import { SEARCH_COMMANDS } from './search/searchSpecs';
import { SERVICE_COMMANDS } from './services/serviceSpecs';
import { SHELL_BUILTIN_COMMANDS } from './shells/shellBuiltinSpecs';
import { SHELL_COMMANDS } from './shells/shellSpecs';
import { SQLITE_COMMANDS } from './sqlite/sqliteSpecs';
import { SYSTEM_COMMANDS } from './system/systemSpecs';
import { TASK_RUNNER_COMMANDS } from './taskRunners/taskRunnerSpecs';
import { WRAPPER_COMMANDS } from './wrappers/wrapperSpecs';

/** Each built-in family's specs, in the order their names are looked up: a name in two families keeps its first spec. */
const FAMILY_SPECS: readonly (() => CommandSpecs)[] = [
  () => SHELL_BUILTIN_COMMANDS,
  () => WRAPPER_COMMANDS,
  () => SHELL_COMMANDS,
  () => INTERPRETER_COMMANDS,
  () => FILE_UTILITY_COMMANDS,
  () => FILE_READER_COMMANDS,
  () => SEARCH_COMMANDS,
  () => GIT_COMMANDS,
  () => NODE_PACKAGE_COMMANDS,
  () => PYTHON_PACKAGE_COMMANDS,
  () => PACKAGE_MANAGER_COMMANDS,
  () => CONTAINER_COMMANDS,
  () => CLOUD_COMMANDS,
  () => NETWORK_COMMANDS,
  () => SYSTEM_COMMANDS,
  () => FORGE_COMMANDS,
  () => DEVELOPER_TOOL_COMMANDS,
  // split out of the developer tools, so looked up just after them
  () => ARCHIVE_COMMANDS,
  () => MAKE_COMMANDS,
  () => TASK_RUNNER_COMMANDS,
  () => SQLITE_COMMANDS,
  () => DATABASE_COMMANDS,
  () => SERVICE_COMMANDS,
  () => PATCH_COMMANDS,
];

/** Each program of a set of specs as a family lists it: its name, then its aliases, space-separated. */
export function programsOf(specs: CommandSpecs): string[] {
  return Object.entries(specs).map(([name, spec]) => [name, ...(spec.aliases ?? [])].join(' '));
}

// Each family's programsOf, written into the CLI bundles by scripts/buildCli.ts from these same
// specs: a bundle then starts a family's module only when one of its programs is looked up.
// Elsewhere it is undefined, and the names are read from the specs as the module loads.
declare const INTENTGATE_BUILTIN_PROGRAMS: readonly (readonly string[])[] | undefined;
const builtPrograms = typeof INTENTGATE_BUILTIN_PROGRAMS === 'undefined' ? undefined : INTENTGATE_BUILTIN_PROGRAMS;

/**
 * Every built-in program family, with the names and aliases it answers to: the built-in catalog
 * reads a family's specs when it first looks up one of its programs.
 */
export const BUILTIN_COMMAND_FAMILIES: readonly CommandFamily[] = FAMILY_SPECS.map((specs, index) => ({
  programs: builtPrograms?.[index] ?? programsOf(specs()),
  specs,
}));
