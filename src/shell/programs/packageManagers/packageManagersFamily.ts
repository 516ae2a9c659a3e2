import type { ProgramFamily } from '../../registry/programFamily';
import { PACKAGE_MANAGER_COMMANDS } from './packageManagerSpecs';
import { PACKAGE_MANAGER_CHECKS } from './packageManagerChecks';

/** The packageManagers family: cargo, go, gem, apt, pacman, brew and the other package managers. */
export const PACKAGE_MANAGERS_FAMILY: ProgramFamily = {
  specs: [() => PACKAGE_MANAGER_COMMANDS],
  checks: PACKAGE_MANAGER_CHECKS,
};
