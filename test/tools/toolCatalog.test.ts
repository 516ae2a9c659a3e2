import { describe, expect, it } from 'vitest';
import { BUILTIN_TOOL_KINDS, toolKindOf } from '../../src/tools/builtinToolKinds';
import { DEFAULT_CLASSIFICATION } from '../../src/tools/classifier';
import { catalogTool, PATH_ARGUMENT_KEYS, PATH_LIST_ARGUMENT_KEYS, TOOL_CATALOG } from '../../src/tools/toolCatalog';

// seed 002's tools, written out so the test does not trust src's list
const SEED_002_TOOLS = ['workspace_write', 'workspace_patch', 'fs', 'shell', 'web', 'workspace_run'];

const namesOf = (names: string | readonly string[] | undefined): readonly string[] =>
  typeof names === 'string' ? [names] : (names ?? []);

describe('the tool catalog', () => {
  it("holds seed 000's 22 classified tools and seed 002's six unclassified ones", () => {
    expect(Object.keys(TOOL_CATALOG).sort()).toEqual(
      [...Object.keys(DEFAULT_CLASSIFICATION), ...SEED_002_TOOLS].sort(),
    );
    expect(SEED_002_TOOLS.map((tool) => TOOL_CATALOG[tool]?.toolClass)).toEqual(SEED_002_TOOLS.map(() => undefined));
  });

  it('is the one source of the built-in kinds', () => {
    expect(BUILTIN_TOOL_KINDS).toEqual(
      Object.fromEntries(Object.entries(TOOL_CATALOG).map(([name, tool]) => [name, tool.kind])),
    );
  });

  it('gives every tool that must name a path a file_write kind reading every path argument the scope check reads', () => {
    const required = Object.entries(TOOL_CATALOG).filter(([, tool]) => tool.requiresPath === true);
    expect(required.length).toBeGreaterThan(0);
    for (const [name, tool] of required) {
      expect({ name, kind: tool.kind.kind }).toEqual({ name, kind: 'file_write' });
      const read = tool.kind.kind === 'file_write' ? namesOf(tool.kind.path) : [];
      expect(read).toEqual([...PATH_ARGUMENT_KEYS, ...PATH_LIST_ARGUMENT_KEYS]);
    }
  });

  it('gives a patch argument to apply_patch only', () => {
    const withPatch = Object.entries(TOOL_CATALOG).filter(
      ([, tool]) => tool.kind.kind === 'file_write' && tool.kind.patch !== undefined,
    );
    expect(withPatch.map(([name]) => name)).toEqual(['apply_patch']);
  });

  const lookupCases = [
    { name: 'finds a seed 000 tool', tool: 'read_file', found: true },
    { name: 'finds a seed 002 tool', tool: 'workspace_run', found: true },
    { name: 'finds no unknown tool', tool: 'mcp__github__create_issue', found: false },
    { name: 'finds no inherited key', tool: 'constructor', found: false },
    { name: 'finds no __proto__', tool: '__proto__', found: false },
    { name: 'finds no case variant', tool: 'Read_File', found: false },
  ];

  it.each(lookupCases)('$name', ({ tool, found }) => {
    expect(catalogTool(tool) !== undefined).toBe(found);
  });
});

describe('toolKindOf', () => {
  it("prefers the host's kind over the built-in one", () => {
    expect(toolKindOf('shell', { shell: { kind: 'none' } })).toEqual({ kind: 'none' });
  });

  it('falls back to the catalog', () => {
    expect(toolKindOf('execute_command', {})).toEqual({ kind: 'shell', command: 'command', cwd: 'cwd' });
  });

  it('knows no kind for an unknown tool or an inherited key', () => {
    expect([toolKindOf('glob', {}), toolKindOf('toString', undefined)]).toEqual([undefined, undefined]);
  });
});
