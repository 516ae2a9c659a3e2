import fc from 'fast-check';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGovernor } from '../../src/index';
import { ARGUMENT_WALK_LIMITS } from '../../src/tools/argumentStrings';
import { makeWorkspace } from '../support/workspace';

// Whatever a DESTRUCTIVE tool's argument is called and however deep a control file's path sits
// within the walk's bounds, the call is never allowed (issue 33, finding 7).

const INTENTS =
  'active_intents:\n  - id: INT-001\n    name: everything\n    status: IN_PROGRESS\n    owned_scope: ["**"]\n';
const root = makeWorkspace({ intentsYaml: INTENTS, intentIgnore: '' });

/** The ways a control file can be written: relative, ./, absolute, a file: URI, another case, padded. */
const controlPath = fc
  .tuple(
    fc.constantFrom(
      '.orchestration/active_intents.yaml',
      '.intentignore',
      '.orchestration/sessions/s.json',
      '.Orchestration/ACTIVE_INTENTS.yaml',
    ),
    fc.constantFrom('relative', 'dot', 'absolute', 'uri'),
    fc.constantFrom('', ' ', '\t', '\n'),
  )
  .map(([file, form, pad]) => {
    const written =
      form === 'relative'
        ? file
        : form === 'dot'
          ? `./${file}`
          : form === 'absolute'
            ? path.join(root, file)
            : `file://${path.join(root, file)}`;
    return `${pad}${written}${pad}`;
  });

/** One step down: a key of an object (any text) or an index of an array with other values beside it. */
const step = fc.oneof(fc.record({ key: fc.string({ maxLength: 12 }) }), fc.record({ index: fc.nat({ max: 3 }) }));

/** The path placed under the steps; the arguments object is the top. */
function place(steps: readonly ({ key: string } | { index: number })[], leaf: unknown, filler: unknown): unknown {
  return steps.reduceRight<unknown>((inner, at) => {
    if ('key' in at)
      return Object.fromEntries([
        [at.key, inner],
        [`${at.key}_other`, filler],
      ]);
    return [...Array.from({ length: at.index }, () => filler), inner];
  }, leaf);
}

describe('a control file among the arguments of a tool no kind describes', () => {
  const governor = createGovernor({ workspaceRoot: root });
  governor.userPrompt('go');
  governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });

  it('is never allowed, under any key and at any depth within the bounds', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^mcp__[a-z]{1,6}__[a-z_]{1,10}$/),
        fc.string({ maxLength: 12 }),
        fc.array(step, { maxLength: ARGUMENT_WALK_LIMITS.depth - 2 }),
        controlPath,
        fc.oneof(fc.constant('hello'), fc.integer(), fc.boolean(), fc.constant(null)),
        (tool, topKey, steps, leaf, filler) => {
          const args = Object.fromEntries([[topKey, place(steps, leaf, filler)]]);
          const decision = governor.handleToolCall(tool, args);
          expect(decision.verdict).not.toBe('allow');
          // refused for the path itself, or as malformed where a known path argument holds no string
          expect(decision.reasons.map((reason) => reason.code)).toEqual(
            expect.arrayContaining([expect.stringMatching(/^(protected_path|invalid_arguments)$/)]),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
