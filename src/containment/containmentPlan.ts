import { z } from 'zod';
import type { ContainmentAvailability } from './bwrapAvailability';
import type { ContainmentMode } from './containmentPolicy';

/** What a host does with shell commands: contain them, decide them by analysis alone, or refuse them. */
export type ContainmentPlan =
  | { readonly kind: 'contain'; readonly bwrap: string }
  | { readonly kind: 'analysisOnly'; readonly reason: string }
  | { readonly kind: 'refuse'; readonly reason: string };

/** A plan as a governor option takes it (`shellContainment`). */
export const containmentPlanSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('contain'), bwrap: z.string().min(1) }),
  z.strictObject({ kind: z.literal('analysisOnly'), reason: z.string().min(1) }),
  z.strictObject({ kind: z.literal('refuse'), reason: z.string().min(1) }),
]);

/**
 * A governor's plan when its host says nothing: the host runs the commands it is allowed to, so
 * nothing is contained and every decision rests on analysis, as before containment existed.
 */
export const HOST_RUNS_COMMANDS: ContainmentPlan = Object.freeze({
  kind: 'analysisOnly',
  reason:
    'the host runs shell commands itself, uncontained (a host that runs them with runContained says so with the shellContainment option)',
});

/** The policy's mode against what this machine can do: `auto` falls back to analysis, `required` refuses. */
export function containmentPlan(mode: ContainmentMode, availability: ContainmentAvailability): ContainmentPlan {
  if (mode === 'off') return { kind: 'analysisOnly', reason: "containment is off (the policy's containment: off)" };
  if (availability.available) return { kind: 'contain', bwrap: availability.bwrap };
  if (mode === 'required') return { kind: 'refuse', reason: `containment is required, and ${availability.reason}` };
  return {
    kind: 'analysisOnly',
    reason: `containment is not available, so commands are decided by analysis alone: ${availability.reason}`,
  };
}
