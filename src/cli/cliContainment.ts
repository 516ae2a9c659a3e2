import path from 'node:path';
import { containmentPolicyOf } from '../containment/containmentPolicy';
import type { OwnFile } from '../containment/controlPlaces';
import type { GovernorPlace } from '../containment/governorProfile';
import { parseGovernorOptions } from '../governor/governorOptions';
import type { Policy } from '../policy/parsePolicy';
import { workspaceFor } from './cliGovernor';
import type { CliIo } from './cliIo';

/** intentgate's own files a policy names, kept read-only in a profile: the policy file and a trace file. */
export function policyOwnFiles(policy: Policy | undefined): OwnFile[] {
  return [
    ...(policy === undefined ? [] : [{ path: policy.file, what: 'policy file' }]),
    ...(typeof policy?.governor.trace === 'string' ? [{ path: policy.governor.trace, what: 'trace file' }] : []),
  ];
}

/**
 * Where a CLI command's governor works, as a profile needs it: the workspace and orchestration
 * folder the flags and the policy name (the same as the command's governor), the policy's
 * `containment` section and its own files. Throws InvalidOptionsError for bad governor options.
 */
export function cliGovernorPlace(
  policy: Policy | undefined,
  flags: { readonly workspace?: string; readonly orchestrationDir?: string },
  io: CliIo,
): GovernorPlace {
  const config = parseGovernorOptions(
    {
      ...policy?.governor,
      workspaceRoot: workspaceFor(policy, flags.workspace, io),
      ...(flags.orchestrationDir !== undefined && { orchestrationDir: path.resolve(io.cwd, flags.orchestrationDir) }),
    },
    io.cwd,
  );
  return {
    workspaceRoot: config.workspaceRoot,
    orchestrationDir: config.orchestrationDir,
    policy: containmentPolicyOf(policy?.containment),
    ownFiles: policyOwnFiles(policy),
    env: io.env,
  };
}
