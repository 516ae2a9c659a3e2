import { describe, expect, it } from 'vitest';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { cli, jsonLines, tempFile } from './cliHarness';

const governed = (): string => makeWorkspace({ intentsYaml: INTENTS_YAML });
const line = (tool: string, args?: Record<string, unknown>): string =>
  JSON.stringify(args === undefined ? { tool } : { tool, args });
const pick = (decision: Record<string, unknown>): Record<string, unknown> => ({
  verdict: decision.verdict,
  code: decision.code,
  state: decision.state,
});

describe('intentgate decide: one call from flags', () => {
  interface FlagCase {
    readonly name: string;
    readonly argv: readonly string[];
    readonly expected: Record<string, unknown>;
  }

  const CASES: readonly FlagCase[] = [
    {
      name: 'a SAFE read in REQUEST, the default state',
      argv: ['--tool', 'read_file', '--args', '{"path":"src/a.ts"}'],
      expected: { verdict: 'allow', code: 'safe_tool', state: 'REQUEST' },
    },
    {
      name: 'a write in REASONING',
      argv: ['--state', 'REASONING', '--tool', 'write_to_file', '--args', '{"path":"src/auth/a.ts"}'],
      expected: { verdict: 'deny', code: 'state_violation', state: 'REASONING' },
    },
    {
      name: 'a write in scope under --intent (ACTION implied), held by safe mode',
      argv: ['--intent', 'INT-001', '--tool', 'write_to_file', '--args', '{"path":"src/auth/a.ts"}'],
      expected: { verdict: 'ask', code: 'needs_approval', state: 'ACTION' },
    },
    {
      name: 'the same write with --safe-mode off',
      argv: [
        '--intent',
        'INT-001',
        '--safe-mode',
        'off',
        '--tool',
        'write_to_file',
        '--args',
        '{"path":"src/auth/a.ts"}',
      ],
      expected: { verdict: 'allow', code: 'destructive_in_scope', state: 'ACTION' },
    },
    {
      name: 'a write out of scope',
      argv: [
        '--state',
        'ACTION',
        '--intent',
        'INT-002',
        '--tool',
        'write_to_file',
        '--args',
        '{"path":"src/auth/a.ts"}',
      ],
      expected: { verdict: 'deny', code: 'scope_violation', state: 'ACTION' },
    },
    {
      name: 'REASONING after ACTION keeps the intent',
      argv: ['--state', 'REASONING', '--intent', 'INT-001', '--tool', 'attempt_completion'],
      expected: { verdict: 'allow', code: 'task_completed', state: 'REASONING' },
    },
    {
      name: 'a question by name with --query',
      argv: ['--query', '--intent', 'INT-001', '--tool', 'write_to_file'],
      expected: { verdict: 'allow', code: 'destructive_in_scope', state: 'ACTION' },
    },
    {
      name: 'a call with no --args, decided with empty arguments',
      argv: ['--intent', 'INT-001', '--tool', 'write_to_file'],
      expected: { verdict: 'deny', code: 'invalid_arguments', state: 'ACTION' },
    },
  ];

  it.each(CASES)('decides $name', async ({ argv, expected }) => {
    const run = await cli(['decide', ...argv], { cwd: governed() });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const decisions = jsonLines(run.stdout);
    expect(decisions.map(pick)).toEqual([expected]);
  });

  it('prints the whole decision, reasons included', async () => {
    const run = await cli(['decide', '--tool', 'write_to_file', '--args', '{"path":"src/a.ts"}'], { cwd: governed() });
    expect(jsonLines(run.stdout)).toEqual([
      expect.objectContaining({
        allowed: false,
        verdict: 'deny',
        code: 'state_violation',
        reason:
          "State Violation: Intent Handshake required for DESTRUCTIVE actions. Call 'select_active_intent' first.",
        tool: 'write_to_file',
        toolClass: 'DESTRUCTIVE',
        categories: ['FS_DELETE_OVERWRITE'],
      }),
    ]);
  });

  it('uses the workspace from --workspace, and the fail-safe where there is no .orchestration/', async () => {
    const bare = makeWorkspace({ orchestration: false });
    const run = await cli(['decide', '--workspace', bare, '--tool', 'read_file', '--args', '{"path":"a"}'], {
      cwd: governed(),
    });
    expect(jsonLines(run.stdout).map(pick)).toEqual([
      { verdict: 'deny', code: 'orchestration_missing', state: 'REQUEST' },
    ]);
  });

  it("applies the policy's options, and the flags over them", async () => {
    const workspace = governed();
    const policy = tempFile(
      'policy.yaml',
      `version: 1\nworkspaceRoot: ${JSON.stringify(workspace)}\nsafeMode: false\nclassification: { deploy_app: SAFE }\n`,
    );
    const safe = await cli(['decide', '--policy', policy, '--tool', 'deploy_app'], { cwd: '/' });
    expect(jsonLines(safe.stdout).map(pick)).toEqual([{ verdict: 'allow', code: 'safe_tool', state: 'REQUEST' }]);
    const args = [
      '--policy',
      policy,
      '--intent',
      'INT-001',
      '--tool',
      'write_to_file',
      '--args',
      '{"path":"src/auth/a.ts"}',
    ];
    expect(jsonLines((await cli(['decide', ...args], { cwd: '/' })).stdout).map(pick)).toEqual([
      { verdict: 'allow', code: 'destructive_in_scope', state: 'ACTION' },
    ]);
    expect(jsonLines((await cli(['decide', ...args, '--safe-mode', 'on'], { cwd: '/' })).stdout).map(pick)).toEqual([
      { verdict: 'ask', code: 'needs_approval', state: 'ACTION' },
    ]);
  });

  it('exits 1 with every issue when the policy is invalid', async () => {
    const policy = tempFile('policy.json', '{"version": 1, "locale": "fr", "colour": 1}');
    const run = await cli(['decide', '--policy', policy, '--tool', 'read_file']);
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr:
        `error: Invalid policy ${policy}:\n- locale: Invalid option: expected one of ` +
        `"en"|"ru"\n- colour: unknown key; remove it or correct its spelling\n`,
    });
  });

  it('exits 1 when the workspace intents file is broken', async () => {
    const run = await cli(['decide', '--state', 'REASONING', '--tool', 'read_file'], {
      cwd: makeWorkspace({ intentsYaml: 'active_intents: 7\n' }),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: Invalid intents file .*active_intents\.yaml:\n- active_intents: /);
  });
});

describe('intentgate decide: JSON lines on stdin', () => {
  it('applies each call before the next: a stream selects an intent, then writes', async () => {
    const stdin = [
      line('write_to_file', { path: 'src/auth/a.ts', content: 'x' }),
      line('select_active_intent', { intent_id: 'INT-001' }),
      line('write_to_file', { path: 'src/auth/a.ts', content: 'x' }),
      line('write_to_file', { path: 'docs/a.md', content: 'x' }),
      line('attempt_completion', {}),
      line('read_file', { path: 'src/auth/a.ts' }),
    ].join('\n');
    const run = await cli(['decide', '--state', 'REASONING', '--safe-mode', 'off'], { cwd: governed(), stdin });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(jsonLines(run.stdout).map(pick)).toEqual([
      { verdict: 'deny', code: 'state_violation', state: 'REASONING' },
      { verdict: 'allow', code: 'intent_selected', state: 'REASONING' },
      { verdict: 'allow', code: 'destructive_in_scope', state: 'ACTION' },
      { verdict: 'deny', code: 'scope_violation', state: 'ACTION' },
      { verdict: 'allow', code: 'task_completed', state: 'ACTION' },
      { verdict: 'allow', code: 'safe_tool', state: 'REQUEST' },
    ]);
  });

  it('with --query, applies nothing: the selection does not reach ACTION', async () => {
    const stdin = [
      line('select_active_intent', { intent_id: 'INT-001' }),
      line('write_to_file', { path: 'src/auth/a.ts' }),
    ].join('\n');
    const run = await cli(['decide', '--state', 'REASONING', '--query'], { cwd: governed(), stdin });
    expect(jsonLines(run.stdout).map(pick)).toEqual([
      { verdict: 'allow', code: 'intent_selected', state: 'REASONING' },
      { verdict: 'deny', code: 'state_violation', state: 'REASONING' },
    ]);
  });

  it('reports a bad line with its number, answers it with an error object, goes on, and exits 1', async () => {
    const stdin = [
      line('read_file', { path: 'a' }),
      '',
      '{"tool": "read_file",',
      '{"tool": "write_to_file", "arguments": {}}',
      '["read_file"]',
      line('list_files', { path: '.' }),
      '',
    ].join('\r\n');
    const run = await cli(['decide'], { cwd: governed(), stdin });
    expect(run.code).toBe(1);
    const output = jsonLines(run.stdout);
    expect(output.map((entry) => (entry.error === undefined ? entry.code : entry))).toEqual([
      'safe_tool',
      { line: 3, error: { code: 'invalid_json', message: expect.stringMatching(/^invalid JSON: /) } },
      {
        line: 4,
        error: {
          code: 'invalid_call',
          message:
            'not a call {"tool": "...", "args": {...}}: arguments: unknown key; remove it or correct its spelling',
        },
      },
      {
        line: 5,
        error: {
          code: 'invalid_call',
          message: 'not a call {"tool": "...", "args": {...}}: (root): Invalid input: expected object, received array',
        },
      },
      'safe_tool',
    ]);
    expect(run.stderr.split('\n')).toEqual([
      expect.stringMatching(/^line 3: invalid JSON: /),
      'line 4: not a call {"tool": "...", "args": {...}}: arguments: unknown key; remove it or correct its spelling',
      'line 5: not a call {"tool": "...", "args": {...}}: (root): Invalid input: expected object, received array',
      '',
    ]);
  });

  it('lets the governor refuse arguments that are not an object', async () => {
    const run = await cli(['decide', '--intent', 'INT-001'], {
      cwd: governed(),
      stdin: '{"tool": "write_to_file", "args": "src/auth/a.ts"}\n',
    });
    expect(jsonLines(run.stdout).map(pick)).toEqual([{ verdict: 'deny', code: 'invalid_arguments', state: 'ACTION' }]);
    expect(run.code).toBe(0);
  });

  it('prints nothing and exits 0 on an empty stream', async () => {
    expect(await cli(['decide'], { cwd: governed(), stdin: '' })).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});
