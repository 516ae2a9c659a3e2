import type { ProgramFamily } from '../../registry/programFamily';
import { SYSTEM_COMMANDS } from './systemSpecs';
import { atReader } from './atJobs';
import { SYSTEM_CHECKS } from './systemChecks';

/** The system family: services, firewalls, disks, the kernel, processes, accounts and at. */
export const SYSTEM_FAMILY: ProgramFamily = {
  specs: [() => SYSTEM_COMMANDS],
  readers: { at: atReader },
  checks: SYSTEM_CHECKS,
  // the user's pager and editor: programs of many families run them (git, man, crontab -e, less's v,
  // sudoedit), so they are the system's convention, kept here rather than with any one reader of them
  environment: { commandLines: ['PAGER', 'EDITOR', 'VISUAL'] },
};
