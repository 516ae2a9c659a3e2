import { detectContainment, type ContainmentAvailability } from './bwrapAvailability';
import { containmentPlan, type ContainmentPlan } from './containmentPlan';
import type { ContainmentMode } from './containmentPolicy';

/** What a host tells a person about containment: the policy's mode, whether bubblewrap runs here, and what that makes of shell commands. */
export interface ContainmentStatus {
  readonly mode: ContainmentMode;
  /** whether bubblewrap can make a sandbox on this machine, whatever the mode */
  readonly available: boolean;
  /** why shell commands are contained, decided by analysis alone or refused */
  readonly reason: string;
  readonly plan: ContainmentPlan;
  /** why bubblewrap cannot run here; undefined where it can */
  readonly unavailable: string | undefined;
}

/** The plan's kind as JSON says it. */
export type ContainmentPlanName = 'contain' | 'analysis_only' | 'refuse';

/** The status of `mode` against what this machine can do. */
export function containmentStatus(mode: ContainmentMode, availability: ContainmentAvailability): ContainmentStatus {
  const plan = containmentPlan(mode, availability);
  const reason =
    plan.kind === 'contain'
      ? `bubblewrap makes sandboxes here (${plan.bwrap}), and the policy's containment is ${mode}`
      : plan.reason;
  return {
    mode,
    available: availability.available,
    reason,
    plan,
    unavailable: availability.available ? undefined : availability.reason,
  };
}

/**
 * The status of `mode` on this machine. bubblewrap is tried once per process and bwrap
 * (`detectContainment` keeps the answer), so a host calls this at its start, not per call.
 */
export async function detectContainmentStatus(
  mode: ContainmentMode,
  options: { readonly path?: string } = {},
): Promise<ContainmentStatus> {
  return containmentStatus(mode, await detectContainment(options.path === undefined ? {} : { path: options.path }));
}

/** `analysisOnly` as snake_case, like the rest of the JSON the service answers. */
export function planName(plan: ContainmentPlan): ContainmentPlanName {
  return plan.kind === 'analysisOnly' ? 'analysis_only' : plan.kind;
}

/**
 * One sentence for a person: what happens to shell commands, and why. Which routes run them
 * contained is docs/containment.md's to say, so the sentence points there rather than promise it.
 */
export function describeContainment(status: ContainmentStatus): string {
  switch (status.plan.kind) {
    case 'contain':
      return (
        `shell commands run contained by the kernel on the routes docs/containment.md lists ` +
        `(bubblewrap ${status.plan.bwrap}; containment: ${status.mode}); elsewhere they are decided by analysis alone`
      );
    case 'analysisOnly':
      return (
        `shell commands are decided by analysis alone: ` +
        (status.mode === 'off'
          ? "the policy's containment is off"
          : `containment is ${status.mode} and not available here: ${status.unavailable ?? status.reason}`)
      );
    case 'refuse':
      return `shell commands are refused on the routes docs/containment.md lists: ${status.reason}`;
  }
}
