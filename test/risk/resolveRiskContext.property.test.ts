import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRiskContext } from '../../src/risk/categorize';

// the same options with no prototype take the schema's route: both must give the same answer
const viaSchema = (options: Record<string, unknown>): Record<string, unknown> =>
  Object.assign(Object.create(null) as Record<string, unknown>, options);

const outcome = (read: () => unknown): unknown => {
  try {
    return { context: read() };
  } catch (error) {
    return { error: String(error) };
  }
};

const value = fc.oneof(
  fc.constantFrom('', '/ws', 'project', '../up', ' spaced '),
  fc.constant(undefined),
  fc.integer(),
  fc.constant(null),
  fc.constant({}),
);
const options = fc.dictionary(
  fc.constantFrom('workspaceRoot', 'sandboxRoot', 'homeDir', 'toolKinds', 'cwd', 'extra'),
  value,
);

describe('resolveRiskContext', () => {
  it('reads folder-only options as the schema does', () => {
    fc.assert(
      fc.property(options, (given) => {
        expect(outcome(() => resolveRiskContext(given, '/here'))).toEqual(
          outcome(() => resolveRiskContext(viaSchema(given), '/here')),
        );
      }),
    );
  });

  it('answers a sequence of calls as the schema answers each alone, whichever folders and working folder change between them', () => {
    const folders = fc.record(
      {
        workspaceRoot: fc.constantFrom('/ws', 'project'),
        sandboxRoot: fc.constantFrom('/sb', 'sb'),
        homeDir: fc.constantFrom('/home/a', '/home/b'),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(folders, fc.constantFrom('/here', '/there')), { minLength: 2, maxLength: 8 }),
        (calls) => {
          for (const [given, cwd] of calls)
            expect(resolveRiskContext(given, cwd)).toEqual(resolveRiskContext(viaSchema(given), cwd));
        },
      ),
    );
  });

  const cases = [
    { name: 'no options', given: undefined, workspaceRoot: '/here' },
    { name: 'a relative workspace', given: { workspaceRoot: 'ws' }, workspaceRoot: '/here/ws' },
    { name: 'a sandbox only', given: { sandboxRoot: '/sb' }, workspaceRoot: '/sb/project' },
  ];
  it.each(cases)('$name', ({ given, workspaceRoot }) => {
    expect(resolveRiskContext(given, '/here').workspaceRoot).toBe(workspaceRoot);
  });

  it('refuses an unknown key and an empty folder', () => {
    expect(() => resolveRiskContext({ workspaceRoot: '/ws', extra: 1 }, '/here')).toThrow(/extra|unrecognized/i);
    expect(() => resolveRiskContext({ workspaceRoot: '' }, '/here')).toThrow(/workspaceRoot/);
  });
});
