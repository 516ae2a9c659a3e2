/** The three lifecycle states of seed 000, named as the seeds name them. */
export const LIFECYCLE_STATES = ['REQUEST', 'REASONING', 'ACTION'] as const;

export type LifecycleState = (typeof LIFECYCLE_STATES)[number];

export function isLifecycleState(value: unknown): value is LifecycleState {
  return typeof value === 'string' && (LIFECYCLE_STATES as readonly string[]).includes(value);
}
