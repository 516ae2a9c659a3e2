import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGovernor, type Governor } from '../src/index';
import { SEED_CLASSIFICATION } from './machines/lifecycleOracle';
import { INTENTS_YAML, makeWorkspace } from './support/workspace';

// the invariants of test/properties.test.ts with the orchestration directory coming and going, and with modes

const names = fc.oneof(
  fc.constantFrom(...Object.keys(SEED_CLASSIFICATION)),
  fc.constantFrom('mcp__x__y', 'Read_File', 'glob'),
);

type Step =
  | { readonly kind: 'prompt' }
  | { readonly kind: 'select'; readonly id: string }
  | { readonly kind: 'remove' }
  | { readonly kind: 'restore' }
  | { readonly kind: 'call'; readonly tool: string };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant<Step>({ kind: 'prompt' }),
  fc.constantFrom('INT-001', 'INT-404').map((id): Step => ({ kind: 'select', id })),
  fc.constant<Step>({ kind: 'remove' }),
  fc.constant<Step>({ kind: 'restore' }),
  names.map((tool): Step => ({ kind: 'call', tool })),
);

function run(governor: Governor, root: string, taken: Step): void {
  const dir = path.join(root, '.orchestration');
  switch (taken.kind) {
    case 'prompt':
      return governor.userPrompt('go');
    case 'select':
      governor.handleToolCall('select_active_intent', { intent_id: taken.id });
      return;
    case 'remove':
      return rmSync(dir, { recursive: true, force: true });
    case 'restore':
      mkdirSync(dir, { recursive: true });
      return;
    case 'call':
      governor.handleToolCall(taken.tool, { path: 'src/auth/a.ts', command: 'ls', content: '' });
  }
}

const present = (root: string): boolean => existsSync(path.join(root, '.orchestration'));

describe('invariants with the fail-safe and modes', () => {
  it('allows nothing but select_active_intent while the orchestration directory is missing at a call', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 15 }), names, (steps, probe) => {
        const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
        const governor = createGovernor({ workspaceRoot: root, safeMode: false, trace: () => undefined });
        steps.forEach((taken) => run(governor, root, taken));
        if (present(root)) return;
        const decision = governor.handleToolCall(probe, { path: 'src/auth/a.ts', command: 'ls', content: '' });
        if (probe !== 'select_active_intent') expect(decision.code).toBe('orchestration_missing');
        if (probe !== 'select_active_intent') expect(governor.isToolAllowed(probe).allowed).toBe(false);
      }),
      { numRuns: 150 },
    );
  });

  it('toolsFor in a mode shows exactly the tools the mode lists that isToolAllowed allows', () => {
    const modes = {
      ask: { tools: ['read_*', 'list_*', 'select_active_intent'] },
      code: { tools: ['*'] },
      none: { tools: [] },
    };
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 12 }),
        fc.constantFrom('ask', 'code', 'none'),
        fc.uniqueArray(names, { maxLength: 20 }),
        (steps, mode, catalog) => {
          const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
          const governor = createGovernor({ workspaceRoot: root, safeMode: false, trace: () => undefined, modes });
          steps.forEach((taken) => run(governor, root, taken));
          const tools = catalog.map((name) => ({ name }));
          const shown = new Set(governor.toolsFor(governor.state, tools, { mode }).map((tool) => tool.name));
          const all = new Set(governor.toolsFor(governor.state, tools).map((tool) => tool.name));
          for (const { name } of tools) {
            const listed =
              mode === 'code' || (mode === 'ask' && (/^(read|list)_/.test(name) || name === 'select_active_intent'));
            expect(shown.has(name)).toBe(listed && governor.isToolAllowed(name).allowed);
            if (shown.has(name)) expect(all.has(name)).toBe(true);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
