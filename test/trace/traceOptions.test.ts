import { describe, expect, it } from 'vitest';
import { InvalidOptionsError } from '../../src/errors/InvalidOptionsError';
import { PolicyError } from '../../src/errors/PolicyError';
import { parseGovernorOptions } from '../../src/governor/governorOptions';
import { parsePolicy } from '../../src/policy/parsePolicy';

const CWD = '/srv/repo';

/** The issues `run` throws, from an InvalidOptionsError or a PolicyError. */
function issuesOf(run: () => unknown): readonly string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidOptionsError || error instanceof PolicyError) return error.issues;
    throw error;
  }
  throw new Error('expected the options to be refused');
}

describe('the traceRotation and traceFsync options', () => {
  it.each([
    { name: 'leave the trace file as it always was when not given', options: {}, expected: undefined },
    {
      name: 'take a rotation',
      options: { traceRotation: { maxBytes: 4096, keep: 1 } },
      expected: { rotation: { maxBytes: 4096, keep: 1 }, fsync: undefined },
    },
    {
      name: 'take the largest rotation',
      options: { traceRotation: { maxBytes: 2 ** 28, keep: 100 } },
      expected: { rotation: { maxBytes: 2 ** 28, keep: 100 }, fsync: undefined },
    },
    { name: 'take fsync alone', options: { traceFsync: true }, expected: { rotation: undefined, fsync: true } },
    {
      name: 'take both',
      options: { traceRotation: { maxBytes: 10_000_000, keep: 5 }, traceFsync: false },
      expected: { rotation: { maxBytes: 10_000_000, keep: 5 }, fsync: false },
    },
  ])('$name', ({ options, expected }) => {
    expect(parseGovernorOptions(options, CWD).traceFile).toEqual(expected);
  });

  it.each([
    {
      name: 'maxBytes under 4 KiB',
      options: { traceRotation: { maxBytes: 4095, keep: 3 } },
      issue: /^traceRotation\.maxBytes: maxBytes must be at least 4096/,
    },
    {
      name: 'maxBytes over 256 MiB',
      options: { traceRotation: { maxBytes: 2 ** 28 + 1, keep: 3 } },
      issue: /^traceRotation\.maxBytes: maxBytes must be at most 268435456 \(256 MiB\)/,
    },
    {
      name: 'maxBytes not a whole number',
      options: { traceRotation: { maxBytes: 5000.5, keep: 3 } },
      issue: /^traceRotation\.maxBytes: /,
    },
    {
      name: 'keep 0',
      options: { traceRotation: { maxBytes: 8192, keep: 0 } },
      issue: /^traceRotation\.keep: keep at least 1/,
    },
    {
      name: 'keep over 100',
      options: { traceRotation: { maxBytes: 8192, keep: 101 } },
      issue: /^traceRotation\.keep: keep at most 100/,
    },
    { name: 'keep missing', options: { traceRotation: { maxBytes: 8192 } }, issue: /^traceRotation\.keep: / },
    {
      name: 'an unknown key',
      options: { traceRotation: { maxBytes: 8192, keep: 2, maxFiles: 3 } },
      issue: /^traceRotation: .*maxFiles/,
    },
    {
      name: 'a size as text',
      options: { traceRotation: { maxBytes: '10MB', keep: 2 } },
      issue: /^traceRotation\.maxBytes: /,
    },
    { name: 'fsync as text', options: { traceFsync: 'yes' }, issue: /^traceFsync: / },
  ])('refuse $name', ({ options, issue }) => {
    const issues = issuesOf(() => parseGovernorOptions(options, CWD));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(issue);
  });
});

describe("a policy's traceRotation and traceFsync", () => {
  it('become the governor options', () => {
    const text =
      'version: 1\ntrace: logs/trace.jsonl\ntraceRotation: { maxBytes: 10485760, keep: 5 ' +
      '}\ntraceFsync: true\nchecks:\n  - { tool: read_file, state: REQUEST, verdict: allow }\n';
    const policy = parsePolicy(text, { file: '/srv/p/intentgate.policy.yaml' });
    // the checks ran on a governor that writes no trace
    expect(policy.checked.checks).toBe(1);
    expect(policy.governor).toEqual({
      trace: '/srv/p/logs/trace.jsonl',
      traceRotation: { maxBytes: 10_485_760, keep: 5 },
      traceFsync: true,
    });
  });

  it('are checked when the policy loads', () => {
    const issues = issuesOf(() =>
      parsePolicy('version: 1\ntraceRotation: { maxBytes: 100, keep: 500 }\ntraceFsync: 1\n', {
        file: '/srv/p/intentgate.policy.yaml',
      }),
    );
    expect(issues.map((issue) => issue.split(':')[0])).toEqual([
      'traceRotation.maxBytes',
      'traceRotation.keep',
      'traceFsync',
    ]);
  });
});
