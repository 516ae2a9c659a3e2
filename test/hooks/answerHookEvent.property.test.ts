import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerHookEvent } from '../../src/hooks/answerHookEvent';
import { approveOutsideAgent } from '../../src/hooks/approveOutsideAgent';
import type { HookEvent } from '../../src/hooks/hookEvent';
import { RISK_CATEGORIES, type RiskCategory } from '../../src/categories/riskCategories';
import { createMemorySessions } from '../../src/sessions/memorySessions';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

// Invariant: whatever the agent sends (prompts, calls, calls that ran, tool lists, stops, ends)
// and whatever a human approves outside the agent, no DESTRUCTIVE call is allowed unless the
// session's lifecycle is in ACTION when it is decided.

const CWD = '/project';
const CALLS: readonly { tool: string; args: Record<string, unknown> }[] = [
  { tool: 'write_to_file', args: { path: 'src/auth/login.ts', content: 'x' } },
  { tool: 'write_to_file', args: { path: 'README.md', content: 'x' } },
  { tool: 'delete_file', args: { path: 'docs/old.md' } },
  { tool: 'execute_command', args: { command: 'npm test' } },
  { tool: 'apply_patch', args: { input: '*** Begin Patch\n*** Add File: src/auth/a.ts\n+x\n*** End Patch' } },
  { tool: 'mcp__files__write', args: { path: 'src/auth/b.ts' } },
  { tool: 'read_file', args: { path: 'src/auth/login.ts' } },
  { tool: 'select_active_intent', args: { intent_id: 'INT-001' } },
  { tool: 'select_active_intent', args: { intent_id: 'INT-002' } },
  { tool: 'attempt_completion', args: { result: 'done' } },
];

type Step =
  | { readonly kind: 'event'; readonly event: HookEvent }
  | { readonly kind: 'human'; readonly categories: readonly RiskCategory[] }
  | { readonly kind: 'continue' | 'cancel' };

const event = (sessionId: string) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .constantFrom(...CALLS)
        .map((call): HookEvent => ({ kind: 'pre_tool', sessionId, cwd: CWD, ...call })),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...CALLS)
        .map((call): HookEvent => ({ kind: 'post_tool', sessionId, cwd: CWD, ...call })),
    },
    fc.constantFrom<HookEvent>(
      { kind: 'user_prompt', sessionId, cwd: CWD, prompt: 'next' },
      { kind: 'session_start', sessionId, cwd: CWD },
      { kind: 'stop', sessionId, cwd: CWD },
      { kind: 'session_end', sessionId, cwd: CWD },
      { kind: 'tool_selection', sessionId, cwd: CWD, tools: CALLS.map((call) => call.tool) },
    ),
  );

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .constantFrom('s1', 's2')
      .chain(event)
      .map((hookEvent): Step => ({ kind: 'event', event: hookEvent })),
  },
  fc.subarray([...RISK_CATEGORIES], { minLength: 1 }).map((categories): Step => ({ kind: 'human', categories })),
  fc.constantFrom<Step>({ kind: 'continue' }, { kind: 'cancel' }),
);

describe('answerHookEvent (property)', () => {
  it('never allows a DESTRUCTIVE call outside ACTION, whatever the events and the human approvals', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40, size: 'max' }), fc.boolean(), async (steps, safeMode) => {
        const sessions = createMemorySessions({
          workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }),
          safeMode,
          trace: () => undefined,
        });
        for (const next of steps) {
          if (next.kind !== 'event') {
            // a human answers in a terminal; a refused answer (nothing held) changes nothing
            await sessions
              .withSession('s1', (governor, notes) => {
                const approvalId = governor.pendingApproval?.approval?.id ?? 'approval-0';
                const answer =
                  next.kind === 'human'
                    ? { kind: 'categories' as const, categories: next.categories }
                    : { kind: 'held' as const, approvalId, cancel: next.kind === 'cancel' };
                return approveOutsideAgent(governor, notes, answer);
              })
              .catch(() => undefined);
            continue;
          }
          const stateBefore = await sessions.withSession(next.event.sessionId, (governor) => governor.state);
          const answer = await answerHookEvent(next.event, sessions);
          if (answer.kind === 'allow' && answer.decision.toolClass === 'DESTRUCTIVE') {
            expect({ before: stateBefore, decided: answer.decision.state }).toEqual({
              before: 'ACTION',
              decided: 'ACTION',
            });
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
