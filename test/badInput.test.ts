import { describe, expect, it } from 'vitest';
import { createGovernor, InvalidArgumentError, InvalidOptionsError, type Governor } from '../src/index';
import { INTENTS_YAML, makeWorkspace } from './support/workspace';

const MEGABYTE = 1024 * 1024;

function governorInAction(): Governor {
  const governor = createGovernor({ workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }) });
  governor.userPrompt();
  governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
  return governor;
}

const hostile = new Proxy(
  {},
  {
    has: () => true,
    get: () => {
      throw new Error('boom');
    },
    getOwnPropertyDescriptor: () => ({ configurable: true, enumerable: true, value: 1 }),
  },
);

const BAD_CALLS: { name: string; tool: unknown; args: unknown; code: string; message: RegExp }[] = [
  {
    name: 'a numeric tool name',
    tool: 42,
    args: {},
    code: 'invalid_tool_name',
    message: /must be a string, got number/,
  },
  { name: 'a null tool name', tool: null, args: {}, code: 'invalid_tool_name', message: /got null/ },
  {
    name: 'an object tool name',
    tool: { toString: () => 'write_to_file' },
    args: {},
    code: 'invalid_tool_name',
    message: /got object/,
  },
  { name: 'a symbol tool name', tool: Symbol('write'), args: {}, code: 'invalid_tool_name', message: /got symbol/ },
  { name: 'an empty tool name', tool: '', args: {}, code: 'invalid_tool_name', message: /empty/ },
  {
    name: 'a 1 MB tool name',
    tool: 'w'.repeat(MEGABYTE),
    args: {},
    code: 'invalid_tool_name',
    message: /1048576 characters/,
  },
  {
    name: 'arguments that are an array',
    tool: 'write_to_file',
    args: ['src/auth/a.ts'],
    code: 'invalid_arguments',
    message: /got an array/,
  },
  { name: 'arguments that are null', tool: 'read_file', args: null, code: 'invalid_arguments', message: /got null/ },
  {
    name: 'arguments that are a JSON array string',
    tool: 'write_to_file',
    args: '["src/auth/a.ts"]',
    code: 'invalid_arguments',
    message: /JSON string of an array, not of an object; pass the arguments as an object/,
  },
  {
    name: 'arguments that are a string of no JSON',
    tool: 'write_to_file',
    args: 'src/auth/a.ts',
    code: 'invalid_arguments',
    message: /a string that is not JSON/,
  },
  {
    name: 'arguments that are a 2 MB string',
    tool: 'write_to_file',
    args: `{"path":"${'a'.repeat(2 * MEGABYTE)}"}`,
    code: 'invalid_arguments',
    message: /over the 1024 KiB read as JSON/,
  },
  {
    name: 'a numeric path',
    tool: 'write_to_file',
    args: { path: 7 },
    code: 'invalid_arguments',
    message: /'path' must be a string/,
  },
  {
    name: 'a 1 MB path',
    tool: 'write_to_file',
    args: { path: `src/auth/${'a'.repeat(MEGABYTE)}` },
    code: 'invalid_arguments',
    message: /limited to 4096/,
  },
  {
    name: 'a path with a NUL byte',
    tool: 'write_to_file',
    args: { path: 'src/auth/a.ts\0.txt' },
    code: 'invalid_arguments',
    message: /NUL/,
  },
  {
    name: 'a write that names no file',
    tool: 'write_to_file',
    args: { content: 'x' },
    code: 'invalid_arguments',
    message: /names no file/,
  },
  {
    name: 'a numeric intent id',
    tool: 'select_active_intent',
    args: { intent_id: 1 },
    code: 'invalid_arguments',
    message: /'intent_id' must be a string/,
  },
  {
    name: 'arguments whose getters throw',
    tool: 'write_to_file',
    args: hostile,
    code: 'invalid_arguments',
    message: /could not be read/,
  },
];

describe('bad input', () => {
  it.each(BAD_CALLS)('denies $name with a reason and never throws', ({ tool, args, code, message }) => {
    const governor = governorInAction();
    for (const decide of [governor.handleToolCall, governor.isToolAllowed]) {
      const decision = decide(tool as string, args);
      expect(decision).toMatchObject({ allowed: false, verdict: 'deny', code });
      if (code === 'invalid_tool_name') expect(decision.toolClass).toBe('DESTRUCTIVE');
      expect(decision.reason).toMatch(message);
    }
    expect(governor.state).toBe('ACTION');
  });

  it('keeps the tool name in a decision short', () => {
    const decision = governorInAction().isToolAllowed('x'.repeat(MEGABYTE));
    expect(decision.tool.length).toBeLessThanOrEqual(257);
  });

  it.each([
    { name: 'options that are not an object', options: 'strict' },
    { name: 'an unknown option', options: { workspaceRoot: '.', safemode: true } },
    { name: 'an empty workspace root', options: { workspaceRoot: '' } },
    { name: 'intents that are not a list', options: { intents: { id: 'x' } } },
    {
      name: 'an intent with a scope outside the workspace',
      options: { intents: [{ id: 'x', owned_scope: ['../**'] }] },
    },
    { name: 'a classification key with whitespace', options: { classification: { ' read_file': 'SAFE' } } },
    {
      name: 'select_active_intent made DESTRUCTIVE',
      options: { classification: { select_active_intent: 'DESTRUCTIVE' } },
    },
  ])('rejects $name with InvalidOptionsError', ({ options }) => {
    expect(() => createGovernor(options as never)).toThrowError(InvalidOptionsError);
  });

  it('rejects a prompt that is not text', () => {
    const governor = governorInAction();
    expect(() => governor.userPrompt(5 as unknown as string)).toThrowError(InvalidArgumentError);
    expect(governor.state).toBe('ACTION');
  });
});

// The attacker's setting: ACTION, an intent that owns src/**, and the categories a coding
// session approves early; safe mode on.
const SCOPE_SRC = `active_intents:
  - id: INT-1
    name: Sources
    owned_scope: [src/**]
`;

function attackerSetting(): Governor {
  const governor = createGovernor({
    workspaceRoot: makeWorkspace({ intentsYaml: SCOPE_SRC, intentIgnore: 'secrets/\n' }),
    trace: () => undefined,
  });
  governor.userPrompt('work on the sources');
  expect(governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' }).allowed).toBe(true);
  governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
  return governor;
}

describe('blank shell commands', () => {
  it.each([
    { name: 'an empty command', tool: 'execute_command', command: '' },
    { name: 'a command of spaces and a newline', tool: 'execute_command', command: '  \n' },
    { name: 'a command of tabs', tool: 'execute_command', command: '\t\t' },
    { name: "an empty command to seed 002's shell tool", tool: 'shell', command: '' },
    { name: 'a blank command with a working folder', tool: 'execute_command', command: ' ', cwd: 'src' },
  ])('refuses $name as invalid_arguments', ({ tool, command, cwd }) => {
    const decision = attackerSetting().handleToolCall(tool, { command, ...(cwd !== undefined && { cwd }) });
    expect(decision).toMatchObject({ verdict: 'deny', code: 'invalid_arguments' });
    expect(decision.reason).toMatch(/'command' is empty/);
  });
});

// every built-in tool that takes a path, with each argument that carries one
const PATH_TAKERS: ReadonlyArray<{ tool: string; args: Record<string, unknown>; argument: string }> = [
  ...['read_file', 'list_files', 'list_code_definition_names', 'search_files', 'codebase_search'].map((tool) => ({
    tool,
    args: {},
    argument: 'path',
  })),
  ...[
    'write_to_file',
    'apply_diff',
    'edit',
    'search_and_replace',
    'search_replace',
    'edit_file',
    'apply_patch',
    'delete_file',
  ].map((tool) => ({ tool, args: {}, argument: 'path' })),
  { tool: 'write_to_file', args: {}, argument: 'file_path' },
  { tool: 'edit_file', args: {}, argument: 'target_file' },
  { tool: 'read_file', args: {}, argument: 'absolutePath' },
  { tool: 'move_file', args: { source: 'src/a.ts' }, argument: 'destination' },
  { tool: 'execute_command', args: { command: 'ls' }, argument: 'cwd' },
  { tool: 'shell', args: { command: 'ls' }, argument: 'cwd' },
  { tool: 'workspace_write', args: {}, argument: 'path' },
  { tool: 'workspace_patch', args: {}, argument: 'path' },
  { tool: 'fs', args: { op: 'read' }, argument: 'path' },
  { tool: 'workspace_run', args: {}, argument: 'path' },
];

const NOT_A_PATH: ReadonlyArray<{ shape: string; value: unknown }> = [
  { shape: 'an array of strings', value: ['src/a.ts'] },
  { shape: 'a number', value: 7 },
  { shape: 'an object', value: { path: 'src/a.ts' } },
  { shape: 'a boolean', value: true },
];

describe('path arguments that are not strings', () => {
  const cases = PATH_TAKERS.flatMap(({ tool, args, argument }) =>
    NOT_A_PATH.map(({ shape, value }) => ({
      name: `${tool} with '${argument}' as ${shape}`,
      tool,
      args: { ...args, [argument]: value },
    })),
  );

  it.each(cases)('refuses $name as invalid_arguments', ({ tool, args }) => {
    expect(attackerSetting().handleToolCall(tool, args)).toMatchObject({ verdict: 'deny', code: 'invalid_arguments' });
  });

  it.each([
    { name: "an array entry of 'paths' that is an array", args: { paths: [['src/a.ts']] } },
    { name: "'paths' that is a string", args: { paths: 'src/a.ts' } },
  ])('refuses $name as invalid_arguments', ({ args }) => {
    expect(attackerSetting().handleToolCall('write_to_file', args)).toMatchObject({
      verdict: 'deny',
      code: 'invalid_arguments',
    });
  });
});

// a host, a framework or the tool may trim a path: each form is judged
describe('paths with whitespace at either end', () => {
  const cases: ReadonlyArray<{
    name: string;
    tool: string;
    args: Record<string, unknown>;
    code: string;
    categories?: readonly string[];
  }> = [
    {
      name: "a write to ' .intentignore'",
      tool: 'write_to_file',
      args: { path: ' .intentignore', content: '' },
      code: 'protected_path',
    },
    {
      name: "a write to '.intentignore\\n'",
      tool: 'write_to_file',
      args: { path: '.intentignore\n', content: '' },
      code: 'protected_path',
    },
    {
      name: 'a delete of the intents file with a trailing tab',
      tool: 'delete_file',
      args: { path: '.orchestration/active_intents.yaml\t' },
      code: 'protected_path',
    },
    {
      name: "a write to 'docs/a.md '",
      tool: 'write_to_file',
      args: { path: 'docs/a.md ', content: '' },
      code: 'scope_violation',
    },
    {
      name: "a write to '\\u00a0docs/a.md'",
      tool: 'write_to_file',
      args: { path: '\u00a0docs/a.md', content: '' },
      code: 'scope_violation',
    },
    {
      name: "a write to ' ../outside'",
      tool: 'write_to_file',
      args: { path: ' ../outside', content: '' },
      code: 'scope_violation',
    },
    {
      name: "an entry of 'paths' with a leading space",
      tool: 'write_to_file',
      args: { paths: ['src/a.ts', ' docs/a.md'] },
      code: 'scope_violation',
    },
    {
      name: "a read of ' secrets/key', which .intentignore hides",
      tool: 'read_file',
      args: { path: ' secrets/key' },
      code: 'path_ignored',
    },
    { name: "a listing of 'secrets '", tool: 'list_files', args: { path: 'secrets ' }, code: 'path_ignored' },
    {
      name: 'an apply_patch header with a space before the name',
      tool: 'apply_patch',
      args: { patch: '*** Begin Patch\n*** Add File:  .intentignore\n+x\n*** End Patch' },
      code: 'protected_path',
    },
    {
      name: "a read of ' .env', a secret",
      tool: 'read_file',
      args: { path: ' .env' },
      code: 'needs_approval',
      categories: ['FS_CONFIG_SECRETS'],
    },
    {
      name: "a read of ' /etc/passwd', outside the workspace",
      tool: 'read_file',
      args: { path: ' /etc/passwd' },
      code: 'needs_approval',
      categories: ['FS_OUTSIDE_WORKSPACE'],
    },
    {
      name: "a read run in ' ..'",
      tool: 'execute_command',
      args: { command: 'cat src/a.ts', cwd: ' ..' },
      code: 'needs_approval',
      categories: ['FS_OUTSIDE_WORKSPACE'],
    },
    {
      name: "a delete run in 'src/ ', which names src/notes.txt as written and notes.txt trimmed",
      tool: 'execute_command',
      args: { command: 'rm ../notes.txt', cwd: 'src/ ' },
      code: 'scope_violation',
    },
    {
      name: "a write to 'src/a.ts ', inside the scope both ways",
      tool: 'write_to_file',
      args: { path: 'src/a.ts ', content: '' },
      code: 'destructive_in_scope',
    },
  ];

  it.each(cases)('decides $name as $code', ({ tool, args, code, categories }) => {
    const decision = attackerSetting().handleToolCall(tool, args);
    expect(decision.code).toBe(code);
    if (categories !== undefined)
      expect(decision.approval?.categories).toEqual(expect.arrayContaining([...categories]));
  });

  it.each([
    { name: 'a path of spaces', args: { path: '   ' } },
    { name: 'a path of a newline', args: { path: '\n' } },
    { name: "a blank entry of 'paths'", args: { paths: ['src/a.ts', ' \t'] } },
  ])('refuses $name as invalid_arguments', ({ args }) => {
    expect(attackerSetting().handleToolCall('write_to_file', args)).toMatchObject({
      verdict: 'deny',
      code: 'invalid_arguments',
    });
  });
});
