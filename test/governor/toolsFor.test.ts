import { describe, expect, it } from 'vitest';
import {
  createGovernor,
  InvalidArgumentError,
  selectActiveIntentMcpTool,
  selectActiveIntentTool,
  type Governor,
} from '../../src/index';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

const openai = (name: string) => ({
  type: 'function' as const,
  function: { name, description: `${name} tool`, parameters: {} },
});
const plain = (name: string) => ({ name, description: `${name} tool`, input_schema: {} });
const mcp = (name: string) => ({ name, description: `${name} tool`, inputSchema: { type: 'object' } });

const CATALOG = [
  openai('read_file'),
  plain('write_to_file'),
  mcp('search_files'),
  openai('execute_command'),
  plain('select_active_intent'),
  mcp('mcp__github__create_issue'),
  openai('attempt_completion'),
  plain('Read_File'),
];

const names = (tools: readonly unknown[]) =>
  tools.map((tool) => {
    const t = tool as { name?: string; function?: { name: string } };
    return t.function?.name ?? t.name;
  });

function governor(modes?: Record<string, { tools: string[] }>): Governor {
  return createGovernor({ workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }), ...(modes && { modes }) });
}

describe('toolsFor', () => {
  it.each([
    {
      name: 'REQUEST',
      state: 'REQUEST' as const,
      expected: ['read_file', 'search_files', 'select_active_intent', 'attempt_completion'],
    },
    {
      name: 'REASONING',
      state: 'REASONING' as const,
      expected: ['read_file', 'search_files', 'select_active_intent', 'attempt_completion'],
    },
    {
      name: 'ACTION',
      state: 'ACTION' as const,
      expected: [
        'read_file',
        'write_to_file',
        'search_files',
        'execute_command',
        'select_active_intent',
        'mcp__github__create_issue',
        'attempt_completion',
        'Read_File',
      ],
    },
  ])('shows the tools $name permits, in catalog order', ({ state, expected }) => {
    expect(names(governor().toolsFor(state, CATALOG))).toEqual(expected);
  });

  it('returns the same objects it was given, in all three shapes', () => {
    const result = governor().toolsFor('ACTION', CATALOG);
    result.forEach((tool, index) => expect(tool).toBe(CATALOG[index]));
  });

  it('answers for any state, not only the current one, without changing it', () => {
    const g = governor();
    g.userPrompt();
    expect(names(g.toolsFor('ACTION', CATALOG))).toHaveLength(CATALOG.length);
    expect(g.state).toBe('REASONING');
    expect(names(g.toolsFor(g.state, CATALOG))).toEqual([
      'read_file',
      'search_files',
      'select_active_intent',
      'attempt_completion',
    ]);
  });

  it('follows the lifecycle as it moves', () => {
    const g = governor();
    g.userPrompt();
    const before = g.toolsFor(g.state, CATALOG).length;
    g.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
    expect(g.toolsFor(g.state, CATALOG).length).toBeGreaterThan(before);
    g.handleToolCall('attempt_completion', {});
    expect(g.toolsFor(g.state, CATALOG)).toHaveLength(before);
  });

  it('compounds mode filtering with state filtering', () => {
    const g = governor({
      ask: { tools: ['read_file', 'select_active_intent'] },
      code: { tools: ['*_file', 'execute_command', 'mcp__*', 'select_active_intent'] },
    });
    expect(names(g.toolsFor('REASONING', CATALOG, { mode: 'ask' }))).toEqual(['read_file', 'select_active_intent']);
    expect(names(g.toolsFor('ACTION', CATALOG, { mode: 'ask' }))).toEqual(['read_file', 'select_active_intent']);
    expect(names(g.toolsFor('REASONING', CATALOG, { mode: 'code' }))).toEqual(['read_file', 'select_active_intent']);
    expect(names(g.toolsFor('ACTION', CATALOG, { mode: 'code' }))).toEqual([
      'read_file',
      'write_to_file',
      'execute_command',
      'select_active_intent',
      'mcp__github__create_issue',
    ]);
  });

  it('shows only the handshake tool while the fail-safe is on', () => {
    const g = createGovernor({ workspaceRoot: makeWorkspace({ orchestration: false }) });
    expect(names(g.toolsFor('REASONING', CATALOG))).toEqual(['select_active_intent']);
    expect(names(g.toolsFor('ACTION', CATALOG))).toEqual(['select_active_intent']);
  });

  it('tells the handshake tools apart from the other SAFE tools shown beside them', () => {
    const g = governor();
    g.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
    g.handleToolCall('write_to_file', { path: 'src/auth/a.ts', content: 'x' });
    g.approveSession(['FS_DELETE_OVERWRITE']);
    expect(g.handleToolCall('write_to_file', { path: 'src/auth/a.ts', content: 'x' }).code).toBe(
      'destructive_in_scope',
    );
    g.userPrompt('a follow-up');
    // in REASONING after a DESTRUCTIVE call, completing needs the intent again: the SAFE read stays
    expect(
      names(g.toolsFor('REASONING', [plain('read_file'), plain('attempt_completion'), plain('search_files')])),
    ).toEqual(['read_file', 'search_files']);
    expect(g.isToolAllowed('attempt_completion').code).toBe('completion_needs_intent');
  });

  it('drops entries that carry no tool name', () => {
    const odd = [null, 42, 'read_file', {}, { type: 'function', function: {} }, { name: 7 }, plain('read_file')];
    expect(governor().toolsFor('ACTION', odd)).toEqual([odd[6]]);
  });

  it.each([
    {
      name: 'an unknown state',
      call: (g: Governor) => g.toolsFor('DONE' as 'ACTION', CATALOG),
      message: /unknown state 'DONE'/,
    },
    {
      name: 'tools that are not an array',
      call: (g: Governor) => g.toolsFor('ACTION', {} as unknown as []),
      message: /must be an array/,
    },
    {
      name: 'an unknown mode',
      call: (g: Governor) => g.toolsFor('ACTION', CATALOG, { mode: 'architect' }),
      message: /Unknown mode 'architect'.*ask/,
    },
  ])('throws InvalidArgumentError for $name', ({ call, message }) => {
    const g = governor({ ask: { tools: ['read_file'] } });
    expect(() => call(g)).toThrowError(InvalidArgumentError);
    expect(() => call(g)).toThrowError(message);
  });

  it('exports a select_active_intent definition in the OpenAI and MCP shapes that passes the filter', () => {
    const g = governor();
    expect(g.toolsFor('REASONING', [selectActiveIntentTool, selectActiveIntentMcpTool])).toEqual([
      selectActiveIntentTool,
      selectActiveIntentMcpTool,
    ]);
    expect(selectActiveIntentTool.function.parameters.required).toEqual(['intent_id']);
  });
});
