import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGovernor, IntentGateError, type Governor } from '../../src/index';
import { makeWorkspace } from '../support/workspace';

// Invariant: the intents and the .intentignore rules a governor enforces change only when a
// human accepted a held change, or at a re-reading (a prompt, a reset, refresh()) with no
// DESTRUCTIVE call run since the last adoption. The steps are tool calls (allowed and refused),
// writes to the control files on disk (standing for any route the analysis missed, or for a
// human's edit: which one it is, only the calls before it can tell), re-readings and answers.

const INTENTS = path.join('.orchestration', 'active_intents.yaml');
const INTENTS_TEXTS = [
  "active_intents:\n  - id: INT-1\n    owned_scope: ['src/**']\n",
  "active_intents:\n  - id: INT-1\n    owned_scope: ['**']\n",
  "active_intents:\n  - id: INT-1\n    owned_scope: ['src/**']\n  - id: INT-2\n    owned_scope: ['docs/**']\n",
  'active_intents: []\n',
  'active_intents: [',
  undefined, // removed
] as const;
const IGNORE_TEXTS = ['private/\n', '', 'docs/\nprivate/\n', '# none\n', undefined] as const;

type Step =
  | {
      readonly kind: 'call';
      readonly tool: 'write_to_file' | 'read_file' | 'select_active_intent' | 'attempt_completion';
      readonly args: Record<string, unknown>;
    }
  | { readonly kind: 'write'; readonly file: 'intents' | 'ignore'; readonly text: string | undefined }
  | { readonly kind: 'reread'; readonly how: 'prompt' | 'refresh' | 'reset' }
  | { readonly kind: 'answer'; readonly answer: 'continue' | 'cancel' };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.constantFrom<Step>(
    { kind: 'call', tool: 'write_to_file', args: { path: 'src/a.ts', content: 'a' } },
    { kind: 'call', tool: 'write_to_file', args: { path: 'docs/b.md', content: 'b' } },
    { kind: 'call', tool: 'read_file', args: { path: 'src/a.ts' } },
    { kind: 'call', tool: 'select_active_intent', args: { intent_id: 'INT-1' } },
    { kind: 'call', tool: 'select_active_intent', args: { intent_id: 'INT-2' } },
    { kind: 'call', tool: 'attempt_completion', args: {} },
  ),
  fc.record({
    kind: fc.constant('write' as const),
    file: fc.constant('intents' as const),
    text: fc.constantFrom(...INTENTS_TEXTS),
  }),
  fc.record({
    kind: fc.constant('write' as const),
    file: fc.constant('ignore' as const),
    text: fc.constantFrom(...IGNORE_TEXTS),
  }),
  fc.constantFrom<Step>(
    { kind: 'reread', how: 'prompt' },
    { kind: 'reread', how: 'refresh' },
    { kind: 'reread', how: 'reset' },
  ),
  fc.constantFrom<Step>({ kind: 'answer', answer: 'continue' }, { kind: 'answer', answer: 'cancel' }),
);

function writeControlFile(root: string, file: 'intents' | 'ignore', text: string | undefined): void {
  const target = path.join(root, file === 'intents' ? INTENTS : '.intentignore');
  if (text === undefined) rmSync(target, { force: true });
  else writeFileSync(target, text);
}

/** The ignore rules in effect, seen through two reads; undefined while a held change makes every call wait. */
function ignoreRules(governor: Governor): string | undefined {
  if (governor.pendingApproval?.code === 'control_file_changed') return undefined;
  return ['private/x.md', 'docs/x.md']
    .map((file) => governor.isToolAllowed('read_file', { path: file }).code)
    .join(',');
}

describe('the enforced control files (property)', () => {
  it('change only when a human accepted, or at a re-reading with no DESTRUCTIVE call since the last adoption', () => {
    fc.assert(
      fc.property(fc.array(stepArbitrary, { minLength: 1, maxLength: 30 }), (steps) => {
        const root = makeWorkspace({ intentsYaml: INTENTS_TEXTS[0], intentIgnore: IGNORE_TEXTS[0] });
        mkdirSync(path.join(root, 'src'));
        const governor = createGovernor({ workspaceRoot: root, trace: () => undefined });
        governor.approveSession(['FS_DELETE_OVERWRITE']);
        // the model's own record: a DESTRUCTIVE call ran since the last adoption it saw
        let destructiveSinceAdoption = false;
        // something that may change the enforced content happened since the last look
        let authorized = false;
        let intents = JSON.stringify(governor.intents);
        let ignore = ignoreRules(governor);

        for (const step of steps) {
          switch (step.kind) {
            case 'call': {
              const decision = governor.handleToolCall(step.tool, step.args);
              if (decision.code === 'destructive_in_scope') destructiveSinceAdoption = true;
              break;
            }
            case 'write':
              writeControlFile(root, step.file, step.text);
              break;
            case 'reread': {
              if (!destructiveSinceAdoption) authorized = true;
              try {
                if (step.how === 'prompt') governor.userPrompt('next');
                else if (step.how === 'refresh') governor.refresh();
                else governor.reset();
              } catch (error) {
                // a file that cannot be used, found with nothing to hold it for: a typed error, nothing adopted
                expect(error).toBeInstanceOf(IntentGateError);
              }
              break;
            }
            case 'answer': {
              const held = governor.pendingApproval;
              if (held?.code !== 'control_file_changed' || !held.approval) break;
              const answered = governor.resolveApproval(held.approval.id, step.answer);
              if (answered.code === 'control_file_accepted') {
                authorized = true;
                destructiveSinceAdoption = false;
              }
              break;
            }
          }
          const nowIntents = JSON.stringify(governor.intents);
          const nowIgnore = ignoreRules(governor);
          const changed =
            nowIntents !== intents || (nowIgnore !== undefined && ignore !== undefined && nowIgnore !== ignore);
          if (changed) {
            expect(authorized, `${JSON.stringify(step)} changed the enforced content`).toBe(true);
            // an adoption accounts for every call before it
            destructiveSinceAdoption = false;
          }
          intents = nowIntents;
          if (nowIgnore !== undefined) {
            ignore = nowIgnore;
            authorized = false;
          } else if (changed) authorized = false;
        }
        rmSync(root, { recursive: true, force: true });
      }),
      { numRuns: 150 },
    );
  });
});
