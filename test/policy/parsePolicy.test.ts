import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IntentGateError } from '../../src/errors/IntentGateError';
import { PolicyError } from '../../src/errors/PolicyError';
import { parsePolicy, type Policy } from '../../src/policy/parsePolicy';
import { INVALID_CASES } from './policyCases';

const BASE = path.resolve('/srv/policies');
const at = (name: string): string => path.join(BASE, name);

function issuesOf(text: string, file: string): readonly string[] {
  try {
    parsePolicy(text, { file });
  } catch (error) {
    if (error instanceof PolicyError) return error.issues;
    throw error;
  }
  throw new Error('expected a PolicyError');
}

const FULL_YAML = `# every section
version: 1
workspaceRoot: repo
orchestrationDir: repo/.control
sandboxRoot: .
trace: logs/trace.jsonl
safeMode: false
locale: ru
classification:
  run_shell_command: DESTRUCTIVE
  web_fetch: SAFE
modes:
  ask: { tools: [read_*, web_fetch] }
intents:
  - id: INT-1
    name: Login
    owned_scope: [src/auth/**]
toolKinds:
  run_shell_command: { kind: shell, command: command, cwd: dir_path }
  web_fetch: { kind: web, url: url }
service:
  host: 0.0.0.0
  port: 9000
  prefix: /gate
  maxBodyBytes: 65536
  maxSessions: 10
mcp:
  trustedServers: [secure-filesystem-server]
`;

interface ValidCase {
  readonly name: string;
  readonly file: string;
  readonly text: string;
  readonly expected: Omit<Policy, 'file'>;
}

const VALID_CASES: readonly ValidCase[] = [
  {
    name: 'the smallest JSON policy',
    file: 'p.json',
    text: '{"version": 1}',
    expected: { governor: {}, service: {}, mcp: {}, checked: { examples: 0, checks: 0 } },
  },
  {
    name: 'a JSON policy with $schema for editors',
    file: 'p.json',
    text: '{"$schema": "./policy.schema.json", "version": 1, "safeMode": true}',
    expected: { governor: { safeMode: true }, service: {}, mcp: {}, checked: { examples: 0, checks: 0 } },
  },
  {
    name: 'a .yml file',
    file: 'p.yml',
    text: 'version: 1\nlocale: en\n',
    expected: { governor: { locale: 'en' }, service: {}, mcp: {}, checked: { examples: 0, checks: 0 } },
  },
  {
    name: 'every section in YAML, paths resolved against the file folder',
    file: 'full.yaml',
    text: FULL_YAML,
    expected: {
      governor: {
        workspaceRoot: at('repo'),
        orchestrationDir: at('repo/.control'),
        sandboxRoot: BASE,
        trace: at('logs/trace.jsonl'),
        intents: [{ id: 'INT-1', name: 'Login', owned_scope: ['src/auth/**'] }],
        classification: { run_shell_command: 'DESTRUCTIVE', web_fetch: 'SAFE' },
        modes: { ask: { tools: ['read_*', 'web_fetch'] } },
        safeMode: false,
        locale: 'ru',
        toolKinds: {
          run_shell_command: { kind: 'shell', command: 'command', cwd: 'dir_path' },
          web_fetch: { kind: 'web', url: 'url' },
        },
      },
      service: { host: '0.0.0.0', port: 9000, prefix: '/gate', maxBodyBytes: 65536, maxSessions: 10 },
      mcp: { trustedServers: ['secure-filesystem-server'] },
      checked: { examples: 0, checks: 0 },
    },
  },
  {
    name: 'absolute paths kept as they are',
    file: 'p.json',
    text: JSON.stringify({ version: 1, workspaceRoot: path.resolve('/work/repo') }),
    expected: {
      governor: { workspaceRoot: path.resolve('/work/repo') },
      service: {},
      mcp: {},
      checked: { examples: 0, checks: 0 },
    },
  },
];

describe('parsePolicy: valid policies', () => {
  it.each(VALID_CASES)('$name', ({ file, text, expected }) => {
    expect(parsePolicy(text, { file: at(file) })).toEqual({ file: at(file), ...expected });
  });

  it('strips examples from the tool kinds the governor gets', () => {
    const text = JSON.stringify({
      version: 1,
      toolKinds: {
        sh: {
          kind: 'shell',
          command: 'c',
          examples: [{ args: { c: 'npm i x' }, categories: ['DEPS_INSTALL_UPDATE'] }],
        },
      },
    });
    expect(parsePolicy(text, { file: at('p.json') }).governor.toolKinds).toEqual({
      sh: { kind: 'shell', command: 'c' },
    });
  });

  it('gives the governor the class of each classification rule, without its examples', () => {
    const text = JSON.stringify({
      version: 1,
      classification: {
        web_fetch: 'SAFE',
        deploy_app: { class: 'DESTRUCTIVE', examples: [{ args: { env: 'prod' } }] },
        read_notes: { class: 'SAFE' },
      },
    });
    const policy = parsePolicy(text, { file: at('p.json') });
    expect(policy.governor.classification).toEqual({
      web_fetch: 'SAFE',
      deploy_app: 'DESTRUCTIVE',
      read_notes: 'SAFE',
    });
    expect(policy.checked).toEqual({ examples: 1, checks: 0 });
  });

  it('takes the format from the option over the file name', () => {
    expect(parsePolicy('version: 1', { file: at('policy.txt'), format: 'yaml' }).governor).toEqual({});
  });

  it('returns a frozen policy', () => {
    expect(Object.isFrozen(parsePolicy('version: 1', { file: at('p.yaml') }))).toBe(true);
  });
});

describe('parsePolicy: invalid policies', () => {
  it.each(INVALID_CASES)('reports $name', ({ file, text, issues }) => {
    const found = issuesOf(text, at(file));
    expect(found).toHaveLength(issues.length);
    issues.forEach((issue, index) =>
      typeof issue === 'string' ? expect(found[index]).toBe(issue) : expect(found[index]).toMatch(issue),
    );
  });

  it("reports every issue at once, each with its path, in the schema's key order", () => {
    const text = [
      'version: 1',
      'safeMode: sometimes',
      'classification: { select_active_intent: DESTRUCTIVE, web_fetch: MAYBE }',
      'toolKinds:',
      '  run_shell_command: { kind: shell, command: 7 }',
      '  write_file: { kind: file_write, path: file_path, extra: 1 }',
      'service: { port: -1 }',
      'colour: blue',
    ].join('\n');
    expect(issuesOf(text, at('p.yaml'))).toEqual([
      'classification.web_fetch: Invalid option: expected one of "SAFE"|"DESTRUCTIVE", or a rule { class, examples?, notExamples? }',
      'safeMode: Invalid input: expected boolean, received string',
      'toolKinds.run_shell_command.command: Invalid input: expected string, received number',
      'toolKinds.write_file.extra: unknown key; remove it or correct its spelling',
      'service.port: Too small: expected number to be >=0',
      'colour: unknown key; remove it or correct its spelling',
      "classification.select_active_intent: 'select_active_intent' drives the lifecycle and stays SAFE",
    ]);
  });

  it('refuses a file name whose extension names no format', () => {
    expect(issuesOf('version: 1', at('policy.toml'))).toEqual([
      "the file name must end in .json, .yaml or .yml to name its format, got 'policy.toml'",
    ]);
  });

  it('throws a PolicyError: an IntentGateError with code invalid_policy, the file and the issues', () => {
    const file = at('bad.json');
    const error = (() => {
      try {
        parsePolicy('{"version": 2}', { file });
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(PolicyError);
    expect(error).toBeInstanceOf(IntentGateError);
    expect(error).toMatchObject({
      name: 'PolicyError',
      code: 'invalid_policy',
      file,
      issues: ['version: Invalid input: expected 1'],
      message: `Invalid policy ${file}:\n- version: Invalid input: expected 1`,
    });
  });
});
