// Seed 001's implementation of the lifecycle check, the baseline scripts/bench.ts measures
// the governor against: a switch over a classification held in a Map (the seed's object literal,
// as a host keeping a catalog that changes at run time would hold it).
import { DEFAULT_CLASSIFICATION, type LifecycleState, type ToolClass } from '../src/index';

export type SeedResult = { allowed: boolean; reason?: string };

export const COMMAND_CLASSIFICATION: ReadonlyMap<string, ToolClass> = new Map(Object.entries(DEFAULT_CLASSIFICATION));

/** The SAFE names, for the plain catalog filter. */
export const SAFE_TOOLS: ReadonlySet<string> = new Set(
  [...COMMAND_CLASSIFICATION].filter(([, kind]) => kind === 'SAFE').map(([name]) => name),
);

export class SeedStateMachine {
  currentState: LifecycleState = 'REQUEST';

  isToolAllowed(toolName: string): SeedResult {
    const classification = COMMAND_CLASSIFICATION.get(toolName) || 'DESTRUCTIVE';
    if (classification === 'SAFE') return { allowed: true };
    switch (this.currentState) {
      case 'REQUEST':
      case 'REASONING':
        if (toolName === 'select_active_intent') return { allowed: true };
        return {
          allowed: false,
          reason:
            "State Violation: Intent Handshake required for DESTRUCTIVE actions. Call 'select_active_intent' first.",
        };
      case 'ACTION':
        return { allowed: true };
      default:
        return { allowed: false, reason: `Unknown state: ${String(this.currentState)}` };
    }
  }
}
