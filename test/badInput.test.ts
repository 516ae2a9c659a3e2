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
  { name: 'a numeric tool name', tool: 42, args: {}, code: 'invalid_tool_name', message: /must be a string, got number/ },
  { name: 'a null tool name', tool: null, args: {}, code: 'invalid_tool_name', message: /got null/ },
  { name: 'an object tool name', tool: { toString: () => 'write_to_file' }, args: {}, code: 'invalid_tool_name', message: /got object/ },
  { name: 'a symbol tool name', tool: Symbol('write'), args: {}, code: 'invalid_tool_name', message: /got symbol/ },
  { name: 'an empty tool name', tool: '', args: {}, code: 'invalid_tool_name', message: /empty/ },
  { name: 'a 1 MB tool name', tool: 'w'.repeat(MEGABYTE), args: {}, code: 'invalid_tool_name', message: /1048576 characters/ },
  { name: 'arguments that are an array', tool: 'write_to_file', args: ['src/auth/a.ts'], code: 'invalid_arguments', message: /got an array/ },
  { name: 'arguments that are null', tool: 'read_file', args: null, code: 'invalid_arguments', message: /got null/ },
  { name: 'arguments that are a string', tool: 'write_to_file', args: '{"path":"src/auth/a.ts"}', code: 'invalid_arguments', message: /got string/ },
  { name: 'a numeric path', tool: 'write_to_file', args: { path: 7 }, code: 'invalid_arguments', message: /'path' must be a string/ },
  { name: 'a 1 MB path', tool: 'write_to_file', args: { path: `src/auth/${'a'.repeat(MEGABYTE)}` }, code: 'invalid_arguments', message: /limited to 4096/ },
  { name: 'a path with a NUL byte', tool: 'write_to_file', args: { path: 'src/auth/a.ts\0.txt' }, code: 'invalid_arguments', message: /NUL/ },
  { name: 'a write that names no file', tool: 'write_to_file', args: { content: 'x' }, code: 'invalid_arguments', message: /names no file/ },
  { name: 'a numeric intent id', tool: 'select_active_intent', args: { intent_id: 1 }, code: 'invalid_arguments', message: /'intent_id' must be a string/ },
  { name: 'arguments whose getters throw', tool: 'write_to_file', args: hostile, code: 'invalid_arguments', message: /could not be read/ },
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
    { name: 'an intent with a scope outside the workspace', options: { intents: [{ id: 'x', owned_scope: ['../**'] }] } },
    { name: 'a classification key with whitespace', options: { classification: { ' read_file': 'SAFE' } } },
    { name: 'select_active_intent made DESTRUCTIVE', options: { classification: { select_active_intent: 'DESTRUCTIVE' } } },
  ])('rejects $name with InvalidOptionsError', ({ options }) => {
    expect(() => createGovernor(options as never)).toThrowError(InvalidOptionsError);
  });

  it('rejects a prompt that is not text', () => {
    const governor = governorInAction();
    expect(() => governor.userPrompt(5 as unknown as string)).toThrowError(InvalidArgumentError);
    expect(governor.state).toBe('ACTION');
  });
});
