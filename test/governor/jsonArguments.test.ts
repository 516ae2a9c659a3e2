import { describe, expect, it } from 'vitest';
import { createGovernor, SERVER_DEFAULTS, type Governor, type TraceRecord } from '../../src/index';
import { MAX_ARGUMENTS_TEXT_BYTES } from '../../src/tools/jsonArguments';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

// OpenAI's tool calls carry `arguments` as a JSON string: a text of one object is that object,
// any other text is refused with what to pass

const WHAT_TO_PASS = `pass the arguments as an object, or as the JSON text of one object (OpenAI's \`arguments\`), like '{"path":"src/a.ts"}'`;
const WRITE = { path: 'src/auth/login.ts', content: 'export {}' };

function governorInAction(trace: TraceRecord[] = []): Governor {
  const governor = createGovernor({
    workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }),
    trace: (record) => void trace.push(record),
  });
  governor.userPrompt('add a login route');
  governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
  return governor;
}

/** What a decision says, without the parts that name nothing of the arguments. */
const verdictOf = (governor: Governor, args: unknown) => {
  const decision = governor.handleToolCall('write_to_file', args);
  return {
    verdict: decision.verdict,
    code: decision.code,
    reason: decision.reason,
    codes: decision.reasons.map((each) => each.code),
    categories: decision.categories,
  };
};

const REFUSALS = [
  {
    name: 'a JSON array',
    args: '[{"path":"src/auth/login.ts"}]',
    problem: `arguments are a JSON string of an array, not of an object; ${WHAT_TO_PASS}`,
  },
  {
    name: 'a JSON string',
    args: '"src/auth/login.ts"',
    problem: `arguments are a JSON string of a string, not of an object; ${WHAT_TO_PASS}`,
  },
  {
    name: 'JSON null',
    args: 'null',
    problem: `arguments are a JSON string of null, not of an object; ${WHAT_TO_PASS}`,
  },
  {
    name: 'a text that is not JSON',
    args: 'path=src/auth/login.ts',
    problem: /^arguments are a string that is not JSON \(.+\); pass the arguments as an object/,
  },
  {
    name: 'an empty text',
    args: '',
    problem: /^arguments are a string that is not JSON \(.+\); pass the arguments as an object/,
  },
  {
    name: 'a JSON object over the size limit',
    args: JSON.stringify({ path: 'src/auth/login.ts', content: 'x'.repeat(MAX_ARGUMENTS_TEXT_BYTES) }),
    problem: `arguments are a string of 1025 KiB, over the 1024 KiB read as JSON; ${WHAT_TO_PASS}`,
  },
  {
    name: 'a JSON object over the size limit in UTF-8 bytes only',
    args: JSON.stringify({ path: 'src/auth/login.ts', content: 'é'.repeat(MAX_ARGUMENTS_TEXT_BYTES / 2) }),
    problem: `arguments are a string of 1025 KiB, over the 1024 KiB read as JSON; ${WHAT_TO_PASS}`,
  },
];

describe('arguments given as a JSON string', () => {
  it.each([
    { name: 'an object', args: WRITE },
    { name: 'the JSON text of that object', args: JSON.stringify(WRITE) },
    { name: 'the JSON text of that object, spaced and indented', args: JSON.stringify(WRITE, null, 2) },
  ])('decides $name as the object itself', ({ args }) => {
    expect(verdictOf(governorInAction(), args)).toEqual(verdictOf(governorInAction(), WRITE));
  });

  it.each(REFUSALS)('refuses $name with invalid_arguments and what to pass', ({ args, problem }) => {
    const decision = governorInAction().handleToolCall('write_to_file', args);
    expect({ verdict: decision.verdict, code: decision.code }).toEqual({ verdict: 'deny', code: 'invalid_arguments' });
    const message = decision.reason?.replace(/^Malformed tool call: /, '').replace(/\.$/, '');
    if (typeof problem === 'string') expect(message).toBe(problem);
    else expect(message).toMatch(problem);
  });

  it.each(REFUSALS)('isToolAllowed refuses $name as handleToolCall does', ({ args }) => {
    const asked = governorInAction().isToolAllowed('write_to_file', args);
    const called = governorInAction().handleToolCall('write_to_file', args);
    expect({ code: asked.code, reason: asked.reason }).toEqual({ code: called.code, reason: called.reason });
  });

  it('holds and traces the parsed object, not the text', () => {
    const trace: TraceRecord[] = [];
    const governor = governorInAction(trace);
    const decision = governor.handleToolCall('write_to_file', JSON.stringify(WRITE));
    expect(decision.code).toBe('needs_approval');
    expect(governor.heldCalls.map((held) => held.args)).toEqual([WRITE]);
    expect(trace.at(-1)?.args).toEqual(WRITE);
  });

  it('joins the hold of the same call given as an object', () => {
    const governor = governorInAction();
    const asObject = governor.handleToolCall('write_to_file', WRITE);
    const asText = governor.handleToolCall('write_to_file', JSON.stringify(WRITE));
    expect(asText.approval?.id).toBe(asObject.approval?.id);
    expect(governor.heldCalls).toHaveLength(1);
  });

  it('keeps a __proto__ key as an argument and pollutes no prototype', () => {
    const text = '{"__proto__":{"polluted":true,"path":"../../etc/passwd"},"path":"src/auth/login.ts","content":"x"}';
    const governor = governorInAction();
    const decision = governor.handleToolCall('write_to_file', text);
    expect({ verdict: decision.verdict, code: decision.code }).toEqual({
      verdict: governorInAction().handleToolCall('write_to_file', JSON.parse(text)).verdict,
      code: 'needs_approval',
    });
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const held = governor.heldCalls[0]?.args;
    expect(held !== undefined && Object.hasOwn(held, '__proto__')).toBe(true);
    expect(held === undefined ? undefined : Object.getPrototypeOf(held)).toBe(Object.prototype);
  });

  it('reads a shell command from a JSON text as from its object', () => {
    const command = { command: 'git push origin main' };
    const governor = governorInAction();
    const asText = governor.isToolAllowed('execute_command', JSON.stringify(command));
    const asObject = governor.isToolAllowed('execute_command', command);
    expect({ code: asText.code, categories: asText.categories }).toEqual({
      code: asObject.code,
      categories: asObject.categories,
    });
    expect(governor.shellWork('execute_command', JSON.stringify(command))?.key).toBe(
      governor.shellWork('execute_command', command)?.key,
    );
  });

  it('bounds the text as the service bounds a request body', () => {
    expect(MAX_ARGUMENTS_TEXT_BYTES).toBe(SERVER_DEFAULTS.maxBodyBytes);
  });
});
