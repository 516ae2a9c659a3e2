import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createLifecycleMachine,
  lifecycleMachine,
  type LifecycleContext,
  type LifecycleMachine,
} from '../../machines/lifecycle';
import { chartDecisionCodeOf, decisionCodeOf, type LifecycleSnapshot } from '../../src/decision/machineDecision';
import type { Intent } from '../../src/intents/intent';
import type { ToolPath, ToolRequest } from '../../src/tools/toolRequest';

// decisionCodeOf follows the guard paths the chart was seen to take instead of asking the chart
// each time; these tests hold it to the chart's own answer over random states, contexts and requests

const INTENTS: readonly Intent[] = [
  { id: 'INT-A', name: 'a', owned_scope: ['src/a/**'] },
  { id: 'INT-B', name: 'b', owned_scope: ['src/b/**'] },
];

const toolPath: fc.Arbitrary<ToolPath> = fc.record(
  {
    input: fc.constantFrom('src/a/x.ts', 'src/b/y.ts', 'docs/z.md', '../out', '.orchestration/active_intents.yaml'),
    relative: fc.constantFrom('src/a/x.ts', 'src/b/y.ts', 'docs/z.md', '.orchestration/active_intents.yaml', undefined),
    ignored: fc.boolean(),
    protected: fc.boolean(),
    readOnly: fc.boolean(),
    unresolved: fc.constantFrom('built at run time', undefined),
  },
  { requiredKeys: ['input', 'relative', 'ignored', 'protected'] },
);

const request: fc.Arbitrary<ToolRequest> = fc.record({
  tool: fc.constantFrom(
    'select_active_intent',
    'attempt_completion',
    'read_file',
    'write_to_file',
    'execute_command',
    'mcp__x__y',
  ),
  toolClass: fc.constantFrom('SAFE' as const, 'DESTRUCTIVE' as const),
  hasArgs: fc.boolean(),
  intentId: fc.constantFrom('INT-A', 'INT-B', 'INT-404', undefined),
  paths: fc.array(toolPath, { maxLength: 3 }),
  risk: fc.record(
    {
      categories: fc.subarray(['FS_DELETE_OVERWRITE' as const, 'EXEC_ARBITRARY' as const]),
      unapproved: fc.subarray(['FS_DELETE_OVERWRITE' as const, 'EXEC_ARBITRARY' as const]),
      approvalId: fc.constantFrom('approval-1', undefined),
      askedBy: fc.constantFrom("the policy's ask rule", undefined),
    },
    { requiredKeys: ['categories', 'unapproved', 'approvalId'] },
  ),
});

const context: fc.Arbitrary<LifecycleContext> = fc.record({
  intents: fc.constantFrom(INTENTS, INTENTS.slice(0, 1), []),
  activeIntent: fc.constantFrom(...INTENTS, undefined),
  orchestrationPresent: fc.boolean(),
  destructiveRan: fc.boolean(),
  destructiveSinceAdoption: fc.boolean(),
  heldCalls: fc.array(
    fc.record({
      id: fc.constantFrom('approval-1', 'approval-2'),
      tool: fc.constant('write_to_file'),
      categories: fc.constant([]),
      destructive: fc.boolean(),
    }),
    { maxLength: 2 },
  ),
  heldChange: fc.constantFrom(undefined, { id: 'change-1', files: ['.intentignore'] }),
});

const stateValue = fc.record({
  state: fc.constantFrom('REQUEST', 'REASONING', 'ACTION'),
  substate: fc.constantFrom('ready', 'awaitingApproval'),
});

function snapshotOf(
  machine: LifecycleMachine,
  value: { readonly state: string; readonly substate: string },
  given: LifecycleContext,
): LifecycleSnapshot {
  return machine.resolveState({ value: { lifecycle: { [value.state]: value.substate } }, context: given });
}

describe('decisionCodeOf', () => {
  it("gives the chart's own answer for any state, context and request (shared machine, paths recorded across runs)", () => {
    fc.assert(
      fc.property(stateValue, context, request, (value, given, call) => {
        const snapshot = snapshotOf(lifecycleMachine, value, given);
        expect(decisionCodeOf(lifecycleMachine, snapshot, call)).toBe(
          chartDecisionCodeOf(lifecycleMachine, snapshot, call),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it("gives the chart's own answer asked twice in a row on a machine with no path recorded yet", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(stateValue, context, request), { minLength: 1, maxLength: 20 }), (steps) => {
        const machine = createLifecycleMachine();
        for (const [value, given, call] of steps) {
          const snapshot = snapshotOf(machine, value, given);
          const expected = chartDecisionCodeOf(machine, snapshot, call);
          // the first answer may record the path, the second follows it
          expect(decisionCodeOf(machine, snapshot, call)).toBe(expected);
          expect(decisionCodeOf(machine, snapshot, call)).toBe(expected);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('asks the chart when the snapshot comes from another machine, whose guards are its own', () => {
    const denyingSafeTools = lifecycleMachine.provide({ guards: { isSafeTool: () => false } });
    const snapshot = denyingSafeTools.resolveState({
      value: { lifecycle: { ACTION: 'ready' } },
      context: {
        ...snapshotOf(
          lifecycleMachine,
          { state: 'ACTION', substate: 'ready' },
          {
            intents: INTENTS,
            activeIntent: INTENTS[0],
            orchestrationPresent: true,
            destructiveRan: false,
            destructiveSinceAdoption: false,
            heldCalls: [],
            heldChange: undefined,
          },
        ).context,
      },
    });
    const read: ToolRequest = {
      tool: 'read_file',
      toolClass: 'SAFE',
      hasArgs: true,
      intentId: undefined,
      paths: [],
      risk: { categories: [], unapproved: [], approvalId: undefined },
    };
    // XState reads the guards of the snapshot's machine: this one's isSafeTool says no, so a SAFE read meets the scope rules
    expect(decisionCodeOf(lifecycleMachine, snapshot, read)).toBe(
      chartDecisionCodeOf(lifecycleMachine, snapshot, read),
    );
    expect(decisionCodeOf(lifecycleMachine, snapshot, read)).toBe('destructive_in_scope');
  });
});
