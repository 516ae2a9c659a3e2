import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGovernor, type Governor, type GovernorOptions, type TraceRecord } from '../../src/index';
import { RISK_CATEGORIES, type RiskCategory } from '../../src/categories/riskCategories';
import { makeWorkspace } from '../support/workspace';

// Invariant: a governor restored from a snapshot decides exactly as the one it was taken from.
// One governor runs a random sequence of steps; from a random step on, a second one is restored
// from the first one's JSON snapshot before every step (as an agent hook, a new process per
// event, restores it), and both answer every step, query and trace record the same.

const INTENTS_YAML =
  "active_intents:\n  - id: INT-1\n    owned_scope: ['src/**']\n  - id: INT-2\n    owned_scope: ['docs/**']\n";
const IGNORE_TEXTS = ['private/\n', '', 'docs/\n'] as const;
const TOOLS = [
  'read_file',
  'write_to_file',
  'execute_command',
  'delete_file',
  'list_files',
  'select_active_intent',
  'attempt_completion',
  'web_fetch',
];

type Step =
  | { readonly kind: 'call'; readonly tool: string; readonly args: Record<string, unknown> }
  | { readonly kind: 'prompt' | 'reset' | 'refresh' }
  | { readonly kind: 'approve'; readonly categories: readonly RiskCategory[] }
  | { readonly kind: 'answer'; readonly answer: 'continue' | 'cancel' | 'details' | 'edit' | 'wrong-id' }
  | { readonly kind: 'session'; readonly id: string }
  | { readonly kind: 'ignore'; readonly text: string }
  | { readonly kind: 'orchestration'; readonly present: boolean };

const calls: readonly Step[] = [
  { kind: 'call', tool: 'read_file', args: { path: 'src/a.ts' } },
  { kind: 'call', tool: 'read_file', args: { path: 'private/key.pem' } },
  { kind: 'call', tool: 'list_files', args: { path: '.' } },
  { kind: 'call', tool: 'write_to_file', args: { path: 'src/a.ts', content: 'a' } },
  { kind: 'call', tool: 'write_to_file', args: { path: 'docs/b.md', content: 'b' } },
  { kind: 'call', tool: 'write_to_file', args: { path: 'README.md', content: 'c' } },
  { kind: 'call', tool: 'write_to_file', args: { path: '.intentignore', content: '' } },
  { kind: 'call', tool: 'delete_file', args: { path: 'src/old.ts' } },
  { kind: 'call', tool: 'execute_command', args: { command: 'ls src' } },
  { kind: 'call', tool: 'execute_command', args: { command: 'npm install left-pad' } },
  { kind: 'call', tool: 'execute_command', args: { command: 'echo hi > .intentignore' } },
  { kind: 'call', tool: 'web_fetch', args: { url: 'https://example.com' } },
  { kind: 'call', tool: 'select_active_intent', args: { intent_id: 'INT-1' } },
  { kind: 'call', tool: 'select_active_intent', args: { intent_id: 'INT-2' } },
  { kind: 'call', tool: 'select_active_intent', args: { intent_id: 'NOPE' } },
  { kind: 'call', tool: 'attempt_completion', args: { result: 'done' } },
];

// risky calls are held only in ACTION or for SAFE tools, so selections come often and the fail-safe rarely
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom(...calls) },
  {
    weight: 3,
    arbitrary: fc.constant<Step>({ kind: 'call', tool: 'select_active_intent', args: { intent_id: 'INT-1' } }),
  },
  fc.constantFrom<Step>({ kind: 'prompt' }, { kind: 'reset' }, { kind: 'refresh' }),
  fc.record({
    kind: fc.constant('approve' as const),
    categories: fc.subarray([...RISK_CATEGORIES], { minLength: 1, maxLength: 3 }),
  }),
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('answer' as const),
      answer: fc.constantFrom('continue', 'cancel', 'details', 'edit', 'wrong-id'),
    }),
  },
  fc.record({ kind: fc.constant('session' as const), id: fc.constantFrom('s1', 's2') }),
  fc.record({ kind: fc.constant('ignore' as const), text: fc.constantFrom(...IGNORE_TEXTS) }),
  fc.constantFrom<Step>(
    { kind: 'orchestration', present: false },
    { kind: 'orchestration', present: true },
    { kind: 'orchestration', present: true },
  ),
);

/** Changes the shared disk: both governors see it. */
function changeDisk(root: string, step: Step): void {
  if (step.kind === 'ignore') writeFileSync(path.join(root, '.intentignore'), step.text);
  if (step.kind !== 'orchestration') return;
  const dir = path.join(root, '.orchestration');
  if (!step.present) rmSync(dir, { recursive: true, force: true });
  else {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'active_intents.yaml'), INTENTS_YAML);
  }
}

/** What the governor answers to a step: its decision, what it returns, or the error it throws. */
function apply(governor: Governor, step: Step): unknown {
  try {
    switch (step.kind) {
      case 'call':
        return governor.handleToolCall(step.tool, step.args);
      case 'prompt':
        return governor.userPrompt('next');
      case 'reset':
        return governor.reset();
      case 'refresh':
        return governor.refresh();
      case 'approve':
        return governor.approveSession(step.categories);
      case 'answer': {
        const id =
          step.answer === 'wrong-id' ? 'approval-999' : (governor.pendingApproval?.approval?.id ?? 'approval-0');
        const answer =
          step.answer === 'edit'
            ? { edit: { path: 'src/edited.ts', content: 'e' } }
            : step.answer === 'wrong-id'
              ? 'continue'
              : step.answer;
        return governor.resolveApproval(id, answer);
      }
      case 'session':
        return governor.setSession(step.id);
      case 'ignore':
      case 'orchestration':
        return undefined;
    }
  } catch (error) {
    return { thrown: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/** Everything a host can read of a governor between steps. */
function observe(governor: Governor): unknown {
  return {
    state: governor.state,
    activeIntent: governor.activeIntent,
    intents: governor.intents,
    sessionId: governor.sessionId,
    approved: governor.approvedCategories,
    pending: governor.pendingApproval,
    traceChanges: governor.traceChanges,
    shown: governor.toolsFor(governor.state, TOOLS),
    byName: TOOLS.map((tool) => governor.isToolAllowed(tool).code),
    prompt: governor.handshakePrompt(),
  };
}

const withoutTime = (records: readonly TraceRecord[]) => records.map(({ time: _time, ...rest }) => rest);

describe('a restored governor (property)', () => {
  it('decides exactly as the governor its snapshot was taken from, restored before every step', () => {
    fc.assert(
      fc.property(
        fc.array(stepArbitrary, { minLength: 1, maxLength: 40, size: 'max' }),
        fc.nat(10),
        (steps, restoreAt) => {
          const root = makeWorkspace({ intentsYaml: INTENTS_YAML, intentIgnore: 'private/\n' });
          const originalTrace: TraceRecord[] = [];
          const restoredTrace: TraceRecord[] = [];
          const options = (trace: TraceRecord[]): GovernorOptions => ({
            workspaceRoot: root,
            trace: (record) => void trace.push(record),
          });
          const original = createGovernor({ ...options(originalTrace), sessionId: 's1' });
          const from = Math.min(restoreAt, steps.length - 1);
          steps.slice(0, from).forEach((step) => {
            changeDisk(root, step);
            apply(original, step);
          });
          const tracedBefore = originalTrace.length;
          for (const step of steps.slice(from)) {
            // the snapshot travels as JSON text, as it does through a file
            const snapshot: unknown = JSON.parse(JSON.stringify(original.persist()));
            const restored = createGovernor({ ...options(restoredTrace), restore: snapshot });
            expect(observe(restored)).toEqual(observe(original));
            changeDisk(root, step);
            expect(apply(restored, step)).toEqual(apply(original, step));
            expect(observe(restored)).toEqual(observe(original));
            restored.stop();
          }
          expect(withoutTime(restoredTrace)).toEqual(withoutTime(originalTrace.slice(tracedBefore)));
          original.stop();
          rmSync(root, { recursive: true, force: true });
        },
      ),
      { numRuns: 60 },
    );
  });
});
