import { performance } from 'node:perf_hooks';
import type { Decision } from '../decision/decision';
import type { Governor } from '../governor/createGovernor';

/** Where a decision with effects came from: a tool call, or a human's answer to a held one. */
export type DecisionSource = 'call' | 'answer';

/** One decision a service governor made, with how long it took. */
export interface ObservedDecision {
  readonly sessionId: string;
  readonly source: DecisionSource;
  readonly decision: Decision;
  readonly seconds: number;
}

/** Hears every decision with effects; it must not throw (a throw is ignored). */
export type DecisionObserver = (observed: ObservedDecision) => void;

function timed<A extends unknown[]>(
  decide: () => (...args: A) => Decision,
  report: (decision: Decision, seconds: number) => void,
): (...args: A) => Decision {
  return (...args) => {
    const started = performance.now();
    const decision = decide()(...args);
    report(decision, (performance.now() - started) / 1000);
    return decision;
  };
}

/**
 * The governor, with every decision of `handleToolCall` and `resolveApproval` told to
 * `observer` once made: the one place the service counts decisions, whichever route or hook
 * asked. Everything else is the governor's own, unchanged.
 */
export function observeDecisions(governor: Governor, observer: DecisionObserver): Governor {
  const report = (source: DecisionSource) => (decision: Decision, seconds: number) => {
    try {
      observer({ sessionId: governor.sessionId, source, decision, seconds });
    } catch {
      // counting a decision must never change or fail it
    }
  };
  // the methods that decide and act; isToolAllowed is a what-if and is not counted
  const wrapped: Pick<Governor, 'handleToolCall' | 'resolveApproval'> = {
    // the method is read at each call, so one replaced on the governor is the one observed
    handleToolCall: timed(() => governor.handleToolCall, report('call')),
    resolveApproval: timed(() => governor.resolveApproval, report('answer')),
  };
  return new Proxy(governor, {
    get(target, property) {
      if (property === 'handleToolCall' || property === 'resolveApproval') return wrapped[property];
      // the governor's getters read its actors, not `this`
      return Reflect.get(target, property, target);
    },
  });
}
