import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGovernor } from '../../src/governor/createGovernor';
import { observeDecisions, type ObservedDecision } from '../../src/server/observeDecisions';
import { makeServiceWorkspace } from './serviceHarness';

const workspace = makeServiceWorkspace();
const governorFor = (sessionId: string) =>
  createGovernor({ workspaceRoot: workspace, sessionId, trace: () => undefined });

const call = fc.record({
  tool: fc.constantFrom(
    'read_file',
    'write_to_file',
    'select_active_intent',
    'execute_command',
    'attempt_completion',
    'no_such_tool',
  ),
  args: fc.record({
    path: fc.constantFrom('src/a.ts', 'docs/x.md', '../x'),
    intent_id: fc.constantFrom('INT-001', 'INT-404'),
    command: fc.constantFrom('ls', 'npm i left-pad', 'rm -rf src'),
  }),
});
const step = fc.oneof(
  call.map((each) => ({ kind: 'call' as const, ...each })),
  fc.constant({ kind: 'prompt' as const }),
  fc.constant({ kind: 'continue' as const }),
);

describe('observeDecisions', () => {
  it('decides exactly as the governor it wraps, and reports each decision with effects once', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), (steps) => {
        const plain = governorFor('plain');
        const observed: ObservedDecision[] = [];
        const wrapped = observeDecisions(governorFor('wrapped'), (each) => observed.push(each));
        let decided = 0;
        for (const each of steps) {
          if (each.kind === 'prompt') {
            plain.userPrompt('x');
            wrapped.userPrompt('x');
          } else if (each.kind === 'continue') {
            const plainHeld = plain.pendingApproval?.approval?.id;
            const wrappedHeld = wrapped.pendingApproval?.approval?.id;
            expect(wrappedHeld === undefined).toBe(plainHeld === undefined);
            if (plainHeld === undefined || wrappedHeld === undefined) continue;
            const answered = wrapped.resolveApproval(wrappedHeld, 'continue');
            expect({ ...answered, approval: undefined }).toEqual({
              ...plain.resolveApproval(plainHeld, 'continue'),
              approval: undefined,
            });
            decided += 1;
          } else {
            const decision = wrapped.handleToolCall(each.tool, each.args);
            expect(decision.verdict).toBe(plain.handleToolCall(each.tool, each.args).verdict);
            expect(observed.at(-1)?.decision).toBe(decision);
            decided += 1;
          }
          expect(wrapped.state).toBe(plain.state);
        }
        expect(observed).toHaveLength(decided);
        expect(observed.every((each) => each.sessionId === 'wrapped' && each.seconds >= 0)).toBe(true);
        plain.stop();
        wrapped.stop();
      }),
      { numRuns: 60 },
    );
  });

  const cases = [
    {
      name: 'a tool call is a call',
      run: (governor: ReturnType<typeof governorFor>) => governor.handleToolCall('read_file', { path: 'src/a.ts' }),
      source: 'call',
    },
    {
      name: 'a what-if is not counted',
      run: (governor: ReturnType<typeof governorFor>) => governor.isToolAllowed('write_to_file', { path: 'src/a.ts' }),
      source: undefined,
    },
  ];

  it.each(cases)('reports by source: $name', ({ run, source }) => {
    const observed: ObservedDecision[] = [];
    const governor = observeDecisions(governorFor('s'), (each) => observed.push(each));
    governor.userPrompt('x');
    run(governor);
    expect(observed.map((each) => each.source)).toEqual(source === undefined ? [] : [source]);
    governor.stop();
  });

  it('decides even when the observer throws', () => {
    const governor = observeDecisions(governorFor('s'), () => {
      throw new Error('metrics broke');
    });
    governor.userPrompt('x');
    expect(governor.handleToolCall('read_file', { path: 'src/a.ts' })).toMatchObject({ verdict: 'allow' });
    governor.stop();
  });
});
