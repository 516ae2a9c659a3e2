import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGovernor, type Governor } from '../src/index';
import { SEED_CLASSIFICATION } from './machines/lifecycleOracle';
import { INTENTS_YAML, makeWorkspace } from './support/workspace';

const root = makeWorkspace({ intentsYaml: INTENTS_YAML, intentIgnore: 'secrets/\n' });

const isSeedSafe = (name: unknown): boolean =>
  typeof name === 'string' && Object.hasOwn(SEED_CLASSIFICATION, name) && SEED_CLASSIFICATION[name] === 'SAFE';

const toolName = fc.oneof(
  fc.constantFrom(...Object.keys(SEED_CLASSIFICATION)),
  fc.constantFrom(
    'Write_To_File',
    ' read_file',
    'read_file ',
    '__proto__',
    'constructor',
    'toString',
    'mcp__github__push',
    'use_mcp_tool',
    'glob',
  ),
  fc.string({ maxLength: 12 }),
);

const pathArg = fc.oneof(
  fc.constantFrom(
    'src/auth/a.ts',
    'tests/auth/b.ts',
    'docs/x.md',
    'src/x.ts',
    '../x',
    '/etc/passwd',
    'secrets/k',
    '.orchestration/active_intents.yaml',
    'src\\auth\\c.ts',
    '~/x',
  ),
  fc.string({ minLength: 1, maxLength: 20 }),
);

const callArgs = fc.record(
  { path: pathArg, intent_id: fc.constantFrom('INT-001', 'INT-002', 'INT-404'), content: fc.string({ maxLength: 5 }) },
  { requiredKeys: [] },
);

type Op =
  | { readonly kind: 'prompt' }
  | { readonly kind: 'reset' }
  | { readonly kind: 'select'; readonly id: string }
  | { readonly kind: 'call'; readonly tool: string; readonly args: Record<string, unknown> };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.constant<Op>({ kind: 'prompt' }),
  fc.constant<Op>({ kind: 'reset' }),
  fc.constantFrom('INT-001', 'INT-002', 'INT-404').map((id): Op => ({ kind: 'select', id })),
  fc.record({ tool: toolName, args: callArgs }).map((c): Op => ({ kind: 'call', ...c })),
);

function apply(governor: Governor, step: Op) {
  switch (step.kind) {
    case 'prompt':
      return governor.userPrompt('go');
    case 'reset':
      return governor.reset();
    case 'select':
      return governor.handleToolCall('select_active_intent', { intent_id: step.id });
    case 'call':
      return governor.handleToolCall(step.tool, step.args);
  }
}

const newGovernor = () => createGovernor({ workspaceRoot: root });

describe('invariants', () => {
  it('never allows a DESTRUCTIVE or unknown tool outside ACTION, by name or by call', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 25 }), fc.array(toolName, { maxLength: 8 }), (ops, probes) => {
        const governor = newGovernor();
        for (const step of ops) {
          const stateBefore = governor.state;
          const decision = apply(governor, step);
          if (decision && stateBefore !== 'ACTION' && !isSeedSafe(decision.tool)) expect(decision.allowed).toBe(false);
          if (governor.state === 'ACTION') continue;
          for (const name of probes) {
            if (!isSeedSafe(name)) expect(governor.isToolAllowed(name).allowed).toBe(false);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('toolsFor returns exactly the tools isToolAllowed allows in the current state', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 20 }), fc.uniqueArray(toolName, { maxLength: 30 }), (ops, catalogNames) => {
        const governor = newGovernor();
        const catalog = catalogNames.map((name, i) => ({
          name,
          definition: i % 2 === 0 ? { name } : { type: 'function' as const, function: { name } },
        }));
        const definitions = catalog.map((entry) => entry.definition);
        for (const step of ops) {
          apply(governor, step);
          const shown = new Set(governor.toolsFor(governor.state, definitions));
          for (const { name, definition } of catalog) {
            expect(shown.has(definition)).toBe(governor.isToolAllowed(name).allowed);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('toolsFor in any state shows a tool exactly when that name alone, asked of a copy of the governor, would be shown', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 12 }), fc.uniqueArray(toolName, { maxLength: 16 }), (ops, names) => {
        const governor = newGovernor();
        ops.forEach((step) => apply(governor, step));
        const snapshot = governor.persist();
        const definitions = names.map((name) => ({ name }));
        for (const state of ['REQUEST', 'REASONING', 'ACTION'] as const) {
          // the batch shares verdicts between names; each copy decides its one name afresh
          const shown = governor.toolsFor(state, definitions).map((definition) => definition.name);
          const alone = names.filter(
            (name) =>
              createGovernor({ workspaceRoot: root, restore: snapshot }).toolsFor(state, [{ name }]).length === 1,
          );
          expect(shown).toEqual(alone);
        }
        governor.stop();
      }),
      { numRuns: 60 },
    );
  });

  it('a query and a call on the same state reach the same decision', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 15 }), toolName, callArgs, (ops, tool, args) => {
        const governor = newGovernor();
        ops.forEach((step) => apply(governor, step));
        const queried = governor.isToolAllowed(tool, args);
        expect(governor.handleToolCall(tool, args)).toEqual(queried);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws and never allows on arbitrary input', () => {
    const governor = newGovernor();
    governor.userPrompt();
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (name, args) => {
        const decisions = [governor.isToolAllowed(name as string, args), governor.handleToolCall(name as string, args)];
        for (const decision of decisions) {
          expect(['allow', 'deny']).toContain(decision.verdict);
          expect(decision.reasons.length).toBeGreaterThan(0);
          if (typeof name !== 'string') expect(decision.allowed).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });
});
