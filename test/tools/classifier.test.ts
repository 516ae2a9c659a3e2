import { describe, expect, it } from 'vitest';
import {
  createClassifier,
  DEFAULT_CLASSIFICATION,
  defaultClassifier,
  type ToolClassification,
} from '../../src/tools/classifier';
import type { ToolClass } from '../../src/tools/toolClass';

// seed 000's "Classification Mapping" table, copied by hand so the test does not trust src
const SEED_000_TABLE: ReadonlyArray<readonly [string, ToolClass]> = [
  ['read_file', 'SAFE'],
  ['list_files', 'SAFE'],
  ['list_code_definition_names', 'SAFE'],
  ['search_files', 'SAFE'],
  ['codebase_search', 'SAFE'],
  ['ask_followup_question', 'SAFE'],
  ['select_active_intent', 'SAFE'],
  ['switch_mode', 'SAFE'],
  ['update_todo_list', 'SAFE'],
  ['read_command_output', 'SAFE'],
  ['access_mcp_resource', 'SAFE'],
  ['attempt_completion', 'SAFE'],
  ['write_to_file', 'DESTRUCTIVE'],
  ['apply_diff', 'DESTRUCTIVE'],
  ['edit', 'DESTRUCTIVE'],
  ['search_and_replace', 'DESTRUCTIVE'],
  ['search_replace', 'DESTRUCTIVE'],
  ['edit_file', 'DESTRUCTIVE'],
  ['apply_patch', 'DESTRUCTIVE'],
  ['delete_file', 'DESTRUCTIVE'],
  ['execute_command', 'DESTRUCTIVE'],
  ['new_task', 'DESTRUCTIVE'],
];

const UNCLASSIFIED: ToolClassification = { toolClass: 'DESTRUCTIVE', classified: false };

describe('DEFAULT_CLASSIFICATION', () => {
  it('holds exactly the 22 tools of seed 000', () => {
    expect(SEED_000_TABLE).toHaveLength(22);
    expect(Object.keys(DEFAULT_CLASSIFICATION).sort()).toEqual(SEED_000_TABLE.map(([name]) => name).sort());
  });

  it('maps every seed 000 tool to the class the seed gives it', () => {
    expect(DEFAULT_CLASSIFICATION).toEqual(Object.fromEntries(SEED_000_TABLE));
  });

  it('is frozen', () => {
    expect(Object.isFrozen(DEFAULT_CLASSIFICATION)).toBe(true);
  });
});

describe('defaultClassifier.classify', () => {
  const seedCases = SEED_000_TABLE.map(([tool, toolClass]) => ({
    name: `classifies ${tool} as ${toolClass}`,
    tool,
    expected: { toolClass, classified: true } satisfies ToolClassification,
  }));

  it.each(seedCases)('$name', ({ tool, expected }) => {
    expect(defaultClassifier.classify(tool)).toEqual(expected);
  });

  const unknownCases = [
    { name: 'treats a title-case variant of a SAFE tool as unclassified', tool: 'Read_File' },
    { name: 'treats an upper-case variant of a SAFE tool as unclassified', tool: 'READ_FILE' },
    { name: 'treats a SAFE tool name with a leading space as unclassified', tool: ' read_file' },
    { name: 'treats a SAFE tool name with a trailing newline as unclassified', tool: 'read_file\n' },
    { name: 'treats a SAFE tool name with a trailing tab as unclassified', tool: 'read_file\t' },
    { name: 'treats __proto__ as unclassified', tool: '__proto__' },
    { name: 'treats constructor as unclassified', tool: 'constructor' },
    { name: 'treats toString as unclassified', tool: 'toString' },
    { name: 'treats hasOwnProperty as unclassified', tool: 'hasOwnProperty' },
    { name: 'treats valueOf as unclassified', tool: 'valueOf' },
    { name: 'treats an unclassified MCP tool as unclassified', tool: 'mcp__github__create_issue' },
    { name: 'treats use_mcp_tool as unclassified', tool: 'use_mcp_tool' },
    { name: 'treats the empty string as unclassified', tool: '' },
    { name: 'treats a prefix of a SAFE tool as unclassified', tool: 'read' },
    { name: 'treats a SAFE tool with a suffix as unclassified', tool: 'read_file_and_write' },
  ];

  it.each(unknownCases)('$name', ({ tool }) => {
    expect(defaultClassifier.classify(tool)).toEqual(UNCLASSIFIED);
  });
});

describe('createClassifier', () => {
  it('with no overrides classifies exactly as seed 000', () => {
    const classifier = createClassifier();
    expect(SEED_000_TABLE.map(([tool]) => [tool, classifier.classify(tool).toolClass])).toEqual(SEED_000_TABLE);
  });

  const overrideCases: ReadonlyArray<{
    name: string;
    overrides: Record<string, ToolClass>;
    tool: string;
    expected: ToolClassification;
  }> = [
    {
      name: 'adds a new SAFE name',
      overrides: { glob: 'SAFE' },
      tool: 'glob',
      expected: { toolClass: 'SAFE', classified: true },
    },
    {
      name: 'adds a new DESTRUCTIVE name as classified',
      overrides: { run_shell_command: 'DESTRUCTIVE' },
      tool: 'run_shell_command',
      expected: { toolClass: 'DESTRUCTIVE', classified: true },
    },
    {
      name: 'overrides a SAFE seed tool to DESTRUCTIVE',
      overrides: { codebase_search: 'DESTRUCTIVE' },
      tool: 'codebase_search',
      expected: { toolClass: 'DESTRUCTIVE', classified: true },
    },
    {
      name: 'overrides a DESTRUCTIVE seed tool to SAFE',
      overrides: { new_task: 'SAFE' },
      tool: 'new_task',
      expected: { toolClass: 'SAFE', classified: true },
    },
    {
      name: 'keeps seed tools that are not overridden',
      overrides: { glob: 'SAFE' },
      tool: 'write_to_file',
      expected: { toolClass: 'DESTRUCTIVE', classified: true },
    },
    {
      name: 'adds an MCP tool name',
      overrides: { mcp__github__get_issue: 'SAFE' },
      tool: 'mcp__github__get_issue',
      expected: { toolClass: 'SAFE', classified: true },
    },
    {
      name: 'does not extend an override to a case variant',
      overrides: { glob: 'SAFE' },
      tool: 'GLOB',
      expected: UNCLASSIFIED,
    },
    {
      name: 'keeps unknown names unclassified when overrides exist',
      overrides: { glob: 'SAFE' },
      tool: 'grep_search',
      expected: UNCLASSIFIED,
    },
    {
      name: 'keeps prototype keys unclassified when overrides exist',
      overrides: { glob: 'SAFE' },
      tool: 'constructor',
      expected: UNCLASSIFIED,
    },
  ];

  it.each(overrideCases)('$name', ({ overrides, tool, expected }) => {
    expect(createClassifier(overrides).classify(tool)).toEqual(expected);
  });

  it('does not leak overrides into another classifier', () => {
    const widened = createClassifier({ glob: 'SAFE', read_file: 'DESTRUCTIVE' });
    const other = createClassifier({ web_fetch: 'SAFE' });
    expect({
      widenedGlob: widened.classify('glob'),
      widenedReadFile: widened.classify('read_file'),
      widenedWebFetch: widened.classify('web_fetch'),
      otherGlob: other.classify('glob'),
      otherReadFile: other.classify('read_file'),
      otherWebFetch: other.classify('web_fetch'),
    }).toEqual({
      widenedGlob: { toolClass: 'SAFE', classified: true },
      widenedReadFile: { toolClass: 'DESTRUCTIVE', classified: true },
      widenedWebFetch: UNCLASSIFIED,
      otherGlob: UNCLASSIFIED,
      otherReadFile: { toolClass: 'SAFE', classified: true },
      otherWebFetch: { toolClass: 'SAFE', classified: true },
    });
  });

  it('does not leak overrides into the default classifier or the default table', () => {
    createClassifier({ glob: 'SAFE', read_file: 'DESTRUCTIVE' });
    expect({
      glob: defaultClassifier.classify('glob'),
      readFile: defaultClassifier.classify('read_file'),
      freshReadFile: createClassifier().classify('read_file'),
      table: DEFAULT_CLASSIFICATION,
    }).toEqual({
      glob: UNCLASSIFIED,
      readFile: { toolClass: 'SAFE', classified: true },
      freshReadFile: { toolClass: 'SAFE', classified: true },
      table: Object.fromEntries(SEED_000_TABLE),
    });
  });

  it('is not affected by mutating the overrides object after creation', () => {
    const overrides: Record<string, ToolClass> = { glob: 'SAFE' };
    const classifier = createClassifier(overrides);
    overrides.glob = 'DESTRUCTIVE';
    overrides.write_file = 'SAFE';
    expect([classifier.classify('glob'), classifier.classify('write_file')]).toEqual([
      { toolClass: 'SAFE', classified: true },
      UNCLASSIFIED,
    ]);
  });
});
