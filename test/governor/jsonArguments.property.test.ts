import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGovernor, type Decision, type Governor } from '../../src/index';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

// Invariant: a call whose arguments are the JSON text of an object gets the verdict and codes of
// the call with that object, in every state a sequence of calls reaches. Two governors take the
// same steps, one given objects, the other their JSON texts.

const TOOLS = [
  'read_file',
  'write_to_file',
  'delete_file',
  'execute_command',
  'list_files',
  'web_fetch',
  'select_active_intent',
  'attempt_completion',
  'my_tool',
];
const PATHS = [
  'src/auth/a.ts',
  'docs/b.md',
  'README.md',
  '.intentignore',
  '../outside',
  '.orchestration/active_intents.yaml',
  '',
  7,
];
const COMMANDS = [
  'ls src',
  'git push origin main',
  'rm -rf src/auth',
  'npm install left-pad',
  'echo hi > docs/x.md',
  '',
];

/** Arguments: the keys tools read, with values of any JSON type, and keys of any name, `__proto__` among them. */
const argumentsArbitrary: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    path: fc.oneof(fc.constantFrom(...PATHS), fc.jsonValue({ maxDepth: 1 })),
    command: fc.oneof(fc.constantFrom(...COMMANDS), fc.jsonValue({ maxDepth: 1 })),
    intent_id: fc.constantFrom('INT-001', 'INT-002', 'NOPE', 3),
    url: fc.constantFrom('https://example.com', 'file:///etc/passwd'),
    content: fc.string({ maxLength: 20 }),
    ['__proto__']: fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
    other: fc.jsonValue({ maxDepth: 2 }),
  },
  { requiredKeys: [] },
);

const stepArbitrary = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('call' as const),
      tool: fc.constantFrom(...TOOLS),
      args: argumentsArbitrary,
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'select' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'prompt' as const }) },
);

type Step = ReturnType<typeof stepArbitrary.generate>['value'];

const codesOf = (decision: Decision) => ({
  verdict: decision.verdict,
  code: decision.code,
  codes: decision.reasons.map((each) => each.code),
});

function apply(governor: Governor, step: Step, asText: boolean): unknown {
  if (step.kind === 'prompt') return governor.userPrompt('next');
  if (step.kind === 'select')
    return codesOf(
      governor.handleToolCall('select_active_intent', asText ? '{"intent_id":"INT-001"}' : { intent_id: 'INT-001' }),
    );
  // the object is the one its text reads back to: what a host gets from JSON.parse of OpenAI's arguments
  const text = JSON.stringify(step.args);
  const args: unknown = asText ? text : JSON.parse(text);
  return {
    asked: codesOf(governor.isToolAllowed(step.tool, args)),
    called: codesOf(governor.handleToolCall(step.tool, args)),
  };
}

describe('arguments as a JSON text', () => {
  it('get the verdict and codes of their object in every state', () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    fc.assert(
      fc.property(fc.array(stepArbitrary, { minLength: 1, maxLength: 12 }), (steps) => {
        const withObjects = createGovernor({ workspaceRoot: root, trace: () => undefined });
        const withTexts = createGovernor({ workspaceRoot: root, trace: () => undefined });
        withObjects.userPrompt('start');
        withTexts.userPrompt('start');
        for (const step of steps) expect(apply(withTexts, step, true)).toEqual(apply(withObjects, step, false));
        expect(Object.prototype).not.toHaveProperty('polluted');
      }),
      { numRuns: 200 },
    );
  });
});
