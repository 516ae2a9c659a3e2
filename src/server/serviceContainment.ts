import { detectContainmentStatus } from '../containment/containmentStatus';
import type { GovernorPlace } from '../containment/governorProfile';
import { parseGovernorOptions } from '../governor/governorOptions';
import type { ConsoleContainment } from '../console/consoleContainment';
import type { ServerConfig } from './serverOptions';

/**
 * The service's containment: its policy's mode against this machine, found once as the service
 * starts (bubblewrap is tried then, not per request), and where its governors work, for the
 * profiles the console shows. `/healthz` reads the status, the console both.
 */
export function serviceContainment(config: Pick<ServerConfig, 'governor' | 'containment'>): ConsoleContainment {
  const governor = parseGovernorOptions(config.governor, process.cwd());
  const place: GovernorPlace = {
    workspaceRoot: governor.workspaceRoot,
    orchestrationDir: governor.orchestrationDir,
    policy: config.containment,
    ...(typeof governor.trace === 'string' && { ownFiles: [{ path: governor.trace, what: 'trace file' }] }),
  };
  return { status: detectContainmentStatus(config.containment.mode), place };
}
