import { HOST_RUNS_COMMANDS } from '../../src/containment/containmentPlan';
import { DEFAULT_FLOW_POLICY } from '../../src/flow/flowPolicy';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { IntentGateError } from '../../src/errors/IntentGateError';
import { InvalidOptionsError } from '../../src/errors/InvalidOptionsError';
import { IntentsFileError } from '../../src/errors/IntentsFileError';
import {
  DEFAULT_ORCHESTRATION_DIR,
  parseGovernorOptions,
  type GovernorConfig,
} from '../../src/governor/governorOptions';
import { parseIntentsFile } from '../../src/intents/intentsFile';
import { BUILTIN_SHELL } from '../../src/policy/shell/shellSetup';

const CWD = '/home/dev/project';

/** Runs `run`, expecting an InvalidOptionsError, and returns it. */
function invalidOptions(run: () => unknown): InvalidOptionsError {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(InvalidOptionsError);
  const error = thrown as InvalidOptionsError;
  expect(error).toBeInstanceOf(IntentGateError);
  expect(error.code).toBe('invalid_options');
  expect(error.issues.every((issue) => error.message.includes(issue))).toBe(true);
  return error;
}

// the field an issue names: the text before the first ': '
const subjects = (issues: readonly string[]): string[] => issues.map((issue) => issue.split(': ')[0] ?? issue);

const defaults = (root: string): GovernorConfig => ({
  workspaceRoot: root,
  orchestrationDir: `${root}/.orchestration`,
  orchestrationDirLabel: '.orchestration',
  intents: undefined,
  classification: {},
  modes: {},
  safeMode: true,
  sessionId: undefined,
  locale: 'en',
  trace: `${root}/.orchestration/agent_trace.jsonl`,
  toolKinds: {},
  sandboxRoot: root.slice(0, root.lastIndexOf('/')) || '/',
  homeDir: undefined,
  shell: BUILTIN_SHELL,
  inspect: undefined,
  heldCallTtlMs: 15 * 60 * 1000,
  now: Date.now,
  shellContainment: HOST_RUNS_COMMANDS,
  readOnlyShellBeforeIntent: false,
  flow: DEFAULT_FLOW_POLICY,
});

describe('parseGovernorOptions defaults', () => {
  const cases: ReadonlyArray<{ name: string; options: unknown; cwd: string; expected: GovernorConfig }> = [
    { name: 'applies every default when options are undefined', options: undefined, cwd: CWD, expected: defaults(CWD) },
    { name: 'applies every default when options are null', options: null, cwd: CWD, expected: defaults(CWD) },
    { name: 'applies every default to an empty object', options: {}, cwd: CWD, expected: defaults(CWD) },
    {
      name: 'resolves a cwd with a trailing slash and dots',
      options: {},
      cwd: '/home/dev/./project/',
      expected: defaults(CWD),
    },
    {
      name: 'resolves a relative workspaceRoot against the cwd',
      options: { workspaceRoot: 'packages/app' },
      cwd: CWD,
      expected: defaults(`${CWD}/packages/app`),
    },
    {
      name: 'keeps an absolute workspaceRoot whatever the cwd',
      options: { workspaceRoot: '/srv/repo' },
      cwd: CWD,
      expected: defaults('/srv/repo'),
    },
    {
      name: 'resolves a relative orchestrationDir against the workspace root and keeps its label',
      options: { workspaceRoot: '/srv/repo', orchestrationDir: '.gov' },
      cwd: CWD,
      expected: {
        ...defaults('/srv/repo'),
        orchestrationDir: '/srv/repo/.gov',
        orchestrationDirLabel: '.gov',
        trace: '/srv/repo/.gov/agent_trace.jsonl',
      },
    },
    {
      name: 'keeps an absolute orchestrationDir',
      options: { workspaceRoot: '/srv/repo', orchestrationDir: '/etc/intentgate' },
      cwd: CWD,
      expected: {
        ...defaults('/srv/repo'),
        orchestrationDir: '/etc/intentgate',
        orchestrationDirLabel: '/etc/intentgate',
        trace: '/etc/intentgate/agent_trace.jsonl',
      },
    },
    {
      name: 'turns safe mode off when asked',
      options: { safeMode: false },
      cwd: CWD,
      expected: { ...defaults(CWD), safeMode: false },
    },
    {
      name: 'keeps valid classification overrides',
      options: { classification: { glob: 'SAFE', read_file: 'DESTRUCTIVE', select_active_intent: 'SAFE' } },
      cwd: CWD,
      expected: {
        ...defaults(CWD),
        classification: { glob: 'SAFE', read_file: 'DESTRUCTIVE', select_active_intent: 'SAFE' },
      },
    },
    {
      name: 'keeps valid modes',
      options: { modes: { ask: { tools: ['read_file', 'list_*'] }, none: { tools: [] } } },
      cwd: CWD,
      expected: { ...defaults(CWD), modes: { ask: { tools: ['read_file', 'list_*'] }, none: { tools: [] } } },
    },
    {
      name: 'keeps valid intents, trimming ids',
      options: { intents: [{ id: ' INT-1 ', owned_scope: ['src/**'] }] },
      cwd: CWD,
      expected: { ...defaults(CWD), intents: [{ id: 'INT-1', owned_scope: ['src/**'] }] },
    },
  ];

  it.each(cases)('$name', ({ options, cwd, expected }) => {
    expect(parseGovernorOptions(options, cwd)).toEqual(expected);
  });

  it("names the default orchestration directory '.orchestration'", () => {
    expect(DEFAULT_ORCHESTRATION_DIR).toBe('.orchestration');
  });

  it('returns absolute paths', () => {
    const config = parseGovernorOptions({ workspaceRoot: 'a/../b', orchestrationDir: 'c/d' }, CWD);
    expect([path.isAbsolute(config.workspaceRoot), path.isAbsolute(config.orchestrationDir)]).toEqual([true, true]);
  });

  it('freezes the config tables and intents', () => {
    const config = parseGovernorOptions(
      {
        classification: { glob: 'SAFE' },
        modes: { ask: { tools: ['read_file'] } },
        intents: [{ id: 'A', owned_scope: ['src/**'] }],
      },
      CWD,
    );
    expect([
      Object.isFrozen(config.classification),
      Object.isFrozen(config.modes),
      Object.isFrozen(config.intents),
      Object.isFrozen(config.intents?.[0]),
      Object.isFrozen(config.intents?.[0]?.owned_scope),
    ]).toEqual([true, true, true, true, true]);
  });

  it('does not share the caller’s classification object', () => {
    const classification: Record<string, 'SAFE' | 'DESTRUCTIVE'> = { glob: 'SAFE' };
    const config = parseGovernorOptions({ classification }, CWD);
    classification.glob = 'DESTRUCTIVE';
    classification.write_file = 'SAFE';
    expect(config.classification).toEqual({ glob: 'SAFE' });
  });
});

describe('parseGovernorOptions rejects', () => {
  const cases: ReadonlyArray<{ name: string; options: unknown; names: string[] }> = [
    { name: 'rejects an unknown option key, naming it', options: { workspace: '/x' }, names: ['"workspace"'] },
    { name: 'rejects a misspelt option key, naming it', options: { safemode: false }, names: ['"safemode"'] },
    { name: 'rejects options that are a string', options: 'strict', names: ['(root)'] },
    { name: 'rejects options that are an array', options: [], names: ['(root)'] },
    { name: 'rejects an empty workspaceRoot', options: { workspaceRoot: '' }, names: ['workspaceRoot'] },
    { name: 'rejects an empty orchestrationDir', options: { orchestrationDir: '' }, names: ['orchestrationDir'] },
    { name: 'rejects a non-boolean safeMode', options: { safeMode: 'yes' }, names: ['safeMode'] },
    {
      name: "rejects the class 'READONLY', naming the tool",
      options: { classification: { glob: 'READONLY' } },
      names: ['classification.glob'],
    },
    {
      name: 'rejects a lower-case class, naming the tool',
      options: { classification: { glob: 'safe' } },
      names: ['classification.glob'],
    },
    {
      name: 'rejects a boolean class, naming the tool',
      options: { classification: { glob: true } },
      names: ['classification.glob'],
    },
    {
      name: 'rejects a classification key with a leading space',
      options: { classification: { ' glob': 'SAFE' } },
      names: ['classification. glob'],
    },
    {
      name: 'rejects a classification key with a trailing newline',
      options: { classification: { 'glob\n': 'SAFE' } },
      names: ['classification.glob\n'],
    },
    {
      name: 'rejects an empty classification key',
      options: { classification: { '': 'SAFE' } },
      names: ['classification.'],
    },
    {
      name: 'rejects a __proto__ classification key from JSON rather than dropping it',
      options: { classification: JSON.parse('{"__proto__":"SAFE"}') as unknown },
      names: ['classification.__proto__'],
    },
    {
      name: 'rejects a 257-character classification key',
      options: { classification: { ['t'.repeat(257)]: 'SAFE' } },
      names: [`classification.${'t'.repeat(257)}`],
    },
    {
      name: 'rejects select_active_intent overridden to DESTRUCTIVE',
      options: { classification: { select_active_intent: 'DESTRUCTIVE' } },
      names: ['classification.select_active_intent'],
    },
    {
      name: 'rejects attempt_completion overridden to DESTRUCTIVE',
      options: { classification: { attempt_completion: 'DESTRUCTIVE' } },
      names: ['classification.attempt_completion'],
    },
    {
      name: 'rejects a mode whose tools is a string',
      options: { modes: { code: { tools: 'read_file' } } },
      names: ['modes.code.tools'],
    },
    { name: 'rejects a mode without tools', options: { modes: { code: {} } }, names: ['modes.code.tools'] },
    {
      name: 'rejects a mode with an empty tool pattern',
      options: { modes: { code: { tools: [''] } } },
      names: ['modes.code.tools[0]'],
    },
    {
      name: 'rejects a mode with an unknown key, naming it',
      options: { modes: { code: { tools: [], allow: [] } } },
      names: ['"allow"'],
    },
    { name: 'rejects intents that are not an array', options: { intents: { id: 'A' } }, names: ['intents'] },
    {
      name: 'rejects an intent whose owned_scope is a string',
      options: { intents: [{ id: 'A', owned_scope: 'src/**' }] },
      names: ['intents[0].owned_scope'],
    },
    { name: 'rejects an intent without an id', options: { intents: [{ owned_scope: [] }] }, names: ['intents[0].id'] },
    {
      name: 'rejects duplicate intent ids, naming the second',
      options: {
        intents: [
          { id: 'A', owned_scope: [] },
          { id: 'A', owned_scope: [] },
        ],
      },
      names: ['intents[1].id'],
    },
    {
      name: "rejects an intent scope with '..'",
      options: { intents: [{ id: 'A', owned_scope: ['../x'] }] },
      names: ['intents[0].owned_scope[0]'],
    },
    {
      name: 'rejects an absolute intent scope',
      options: { intents: [{ id: 'A', owned_scope: ['/etc/**'] }] },
      names: ['intents[0].owned_scope[0]'],
    },
  ];

  it.each(cases)('$name', ({ options, names }) => {
    const error = invalidOptions(() => parseGovernorOptions(options, CWD));
    expect(names.every((name) => error.issues.some((issue) => issue.includes(name)))).toBe(true);
    expect(error.issues).toHaveLength(names.length);
  });

  it('names the offending key in the issue subject for a bad class', () => {
    const error = invalidOptions(() => parseGovernorOptions({ classification: { glob: 'READONLY' } }, CWD));
    expect(subjects(error.issues)).toEqual(['classification.glob']);
  });

  it('reports several problems at once', () => {
    const error = invalidOptions(() =>
      parseGovernorOptions(
        {
          verbose: true,
          safeMode: 'yes',
          classification: { glob: 'READONLY' },
          modes: { code: { tools: 'read_file' } },
          intents: [{ id: 'A', owned_scope: 'src/**' }],
        },
        CWD,
      ),
    );
    expect(error.issues.length).toBeGreaterThanOrEqual(2);
    expect(
      ['"verbose"', 'safeMode', 'classification.glob', 'modes.code.tools', 'intents[0].owned_scope'].map((name) =>
        error.issues.some((issue) => issue.includes(name)),
      ),
    ).toEqual([true, true, true, true, true]);
  });

  it('reports a handshake tool override together with problems in other options', () => {
    const error = invalidOptions(() =>
      parseGovernorOptions(
        { safeMode: 'yes', classification: { attempt_completion: 'DESTRUCTIVE', glob: 'SAFE' } },
        CWD,
      ),
    );
    expect(subjects(error.issues).sort()).toEqual(['classification.attempt_completion', 'safeMode']);
  });
});

describe('parseGovernorOptions intents', () => {
  // each list is checked by the options schema and by the intents-file parser; both must agree
  const cases: ReadonlyArray<{ name: string; intents: unknown[] }> = [
    {
      name: 'agrees with the intents file on a valid list',
      intents: [{ id: 'A', name: 'n', owned_scope: ['src/**', 'docs'] }],
    },
    { name: 'agrees with the intents file on a string owned_scope', intents: [{ id: 'A', owned_scope: 'src/**' }] },
    { name: 'agrees with the intents file on a missing id', intents: [{ owned_scope: [] }] },
    { name: 'agrees with the intents file on an empty id', intents: [{ id: ' ', owned_scope: [] }] },
    {
      name: 'agrees with the intents file on duplicate ids',
      intents: [
        { id: 'A', owned_scope: [] },
        { id: 'A', owned_scope: [] },
      ],
    },
    { name: "agrees with the intents file on a '..' scope", intents: [{ id: 'A', owned_scope: ['src/../../x'] }] },
    { name: 'agrees with the intents file on a drive-letter scope', intents: [{ id: 'A', owned_scope: ['c:/x'] }] },
    {
      name: 'agrees with the intents file on a non-string constraint',
      intents: [{ id: 'A', owned_scope: [], constraints: [1] }],
    },
  ];

  const fromFile = (intents: unknown[]): { intents?: unknown; issues?: string[] } => {
    try {
      return { intents: parseIntentsFile(stringify({ active_intents: intents }), 'f.yaml') };
    } catch (error) {
      if (!(error instanceof IntentsFileError)) throw error;
      return { issues: error.issues.map((issue) => issue.replace(/^active_intents/, 'intents')) };
    }
  };

  const fromOptions = (intents: unknown[]): { intents?: unknown; issues?: string[] } => {
    try {
      return { intents: parseGovernorOptions({ intents }, CWD).intents };
    } catch (error) {
      if (!(error instanceof InvalidOptionsError)) throw error;
      return { issues: [...error.issues] };
    }
  };

  it.each(cases)('$name', ({ intents }) => {
    expect(fromOptions(intents)).toEqual(fromFile(intents));
  });
});
