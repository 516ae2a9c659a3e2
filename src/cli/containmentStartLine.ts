import { containmentPolicyOf } from '../containment/containmentPolicy';
import {
  describeContainment,
  detectContainmentStatus,
  planName,
  type ContainmentStatus,
} from '../containment/containmentStatus';
import type { Policy } from '../policy/parsePolicy';
import { policyFromFlag } from './cliGovernor';
import type { CliIo, CliOutput } from './cliIo';

/** This run's containment status: the policy's mode against bubblewrap on the PATH the run was given. */
export function cliContainmentStatus(policy: Policy | undefined, io: CliIo): Promise<ContainmentStatus> {
  return detectContainmentStatus(
    containmentPolicyOf(policy?.containment).mode,
    io.env.PATH === undefined ? {} : { path: io.env.PATH },
  );
}

/**
 * `serve`'s start record of containment, as one JSON line like the rest of its log on stderr
 * (a plain line would break a reader of that log): what shell commands get, and why.
 */
export function serveContainmentRecord(status: ContainmentStatus, now: Date = new Date()): string {
  return JSON.stringify({
    time: now.toISOString(),
    level: status.plan.kind === 'contain' ? 'info' : 'warn',
    event: 'containment',
    mode: status.mode,
    available: status.available,
    plan: planName(status.plan),
    message: describeContainment(status),
  });
}

/** Whether a person reads this output: a terminal, not an agent's pipe (an agent may hand a hook's stderr to its model). */
export function isTerminal(output: CliOutput): boolean {
  return 'isTTY' in output && output.isTTY === true;
}

/**
 * `hook`'s start line for a person at a terminal: what shell commands get and why, or that the
 * service at `server` decides. A policy that cannot be read is said so; the event's answer reports it.
 */
export async function hookContainmentLine(
  flags: { readonly policy?: string; readonly server?: string },
  io: CliIo,
): Promise<string> {
  if (flags.server !== undefined)
    return `intentgate hook: shell commands are decided by the service at ${flags.server}; its /healthz says whether it contains them`;
  let policy: Policy | undefined;
  try {
    policy = policyFromFlag(flags.policy, io);
  } catch (error) {
    return `intentgate hook: containment unknown: the policy cannot be read (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  }
  return `intentgate hook: ${describeContainment(await cliContainmentStatus(policy, io))}`;
}
