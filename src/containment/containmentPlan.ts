import type { ContainmentAvailability } from './bwrapAvailability';
import type { ContainmentMode } from './containmentPolicy';

/** What a host does with shell commands: contain them, decide them by analysis alone, or refuse them. */
export type ContainmentPlan =
  | { readonly kind: 'contain'; readonly bwrap: string }
  | { readonly kind: 'analysisOnly'; readonly reason: string }
  | { readonly kind: 'refuse'; readonly reason: string };

/** The policy's mode against what this machine can do: `auto` falls back to analysis, `required` refuses. */
export function containmentPlan(mode: ContainmentMode, availability: ContainmentAvailability): ContainmentPlan {
  if (mode === 'off') return { kind: 'analysisOnly', reason: "containment is off (the policy's containment: off)" };
  if (availability.available) return { kind: 'contain', bwrap: availability.bwrap };
  if (mode === 'required') return { kind: 'refuse', reason: `containment is required, and ${availability.reason}` };
  return { kind: 'analysisOnly', reason: `containment is not available, so commands are decided by analysis alone: ${availability.reason}` };
}
