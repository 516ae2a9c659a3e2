import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ToolClass } from '../src/tools/toolClass';
import { createGovernor, type Governor } from '../src/governor/createGovernor';
import type { GovernorOptions } from '../src/governor/governorOptions';
import type { FunctionToolDefinition } from '../src/tools/toolDefinitions';
import { hasSharedCatalogs, SHARED_CATALOG_DIR } from './support/sharedCatalogs';

const CATALOG_DIR = SHARED_CATALOG_DIR;

const CATALOG_NAMES = ['roo-code', 'cline', 'gemini-cli', 'mcp-server-filesystem'] as const;

const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(CATALOG_DIR, file), 'utf8')) as T;

interface Catalog {
  readonly name: string;
  readonly tools: readonly FunctionToolDefinition[];
  readonly classes: Readonly<Record<string, ToolClass>>;
}

const catalogs: readonly Catalog[] = (hasSharedCatalogs ? CATALOG_NAMES : []).map((name) => ({
  name,
  tools: readJson<FunctionToolDefinition[]>(`${name}.tools.json`),
  classes: readJson<Record<string, ToolClass>>(`${name}.classes.json`),
}));

const selectActiveIntentTool = hasSharedCatalogs
  ? readJson<FunctionToolDefinition>('select_active_intent.tool.json')
  : undefined;

const workspaces: string[] = [];

function makeWorkspace(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'intentgate-catalogs-'));
  mkdirSync(path.join(root, '.orchestration'));
  workspaces.push(root);
  return root;
}

function governorFor(classification?: GovernorOptions['classification']): Governor {
  return createGovernor({
    workspaceRoot: makeWorkspace(),
    intents: [{ id: 'INT-1', owned_scope: ['src/**'] }],
    ...(classification && { classification }),
  });
}

function enterAction(governor: Governor): void {
  governor.userPrompt('work on the catalog');
  const decision = governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' });
  expect({ allowed: decision.allowed, state: governor.state }).toEqual({ allowed: true, state: 'ACTION' });
}

const names = (tools: readonly FunctionToolDefinition[]): string[] => tools.map((tool) => tool.function.name);

/** Asserts `actual` holds exactly the objects of `expected`, in the same order. */
function expectSameObjects<T>(actual: readonly T[], expected: readonly T[]): void {
  expect(actual).toEqual(expected);
  expect(actual.map((tool, index) => tool === expected[index])).toEqual(expected.map(() => true));
}

afterAll(() => {
  for (const root of workspaces) rmSync(root, { recursive: true, force: true });
});

describe.runIf(hasSharedCatalogs)('the shared catalogs', () => {
  it.each(catalogs)('$name classes every tool of its catalog and nothing else', ({ tools, classes }) => {
    expect(Object.keys(classes).sort()).toEqual(names(tools).sort());
  });
});

describe.runIf(hasSharedCatalogs)('catalog filtering with the catalog classification', () => {
  const cases = catalogs.map((catalog) => ({
    ...catalog,
    safe: catalog.tools.filter((tool) => catalog.classes[tool.function.name] === 'SAFE'),
  }));

  it.each(cases)('$name: shows exactly the SAFE tools in REASONING', ({ tools, classes, safe }) => {
    const governor = governorFor(classes);
    expectSameObjects(governor.toolsFor('REASONING', tools), safe);
  });

  it.each(cases)('$name: shows exactly the SAFE tools in REQUEST', ({ tools, classes, safe }) => {
    const governor = governorFor(classes);
    expectSameObjects(governor.toolsFor('REQUEST', tools), safe);
  });

  it.each(cases)('$name: shows the SAFE tools in REASONING after a prompt', ({ tools, classes, safe }) => {
    const governor = governorFor(classes);
    governor.userPrompt('look around');
    expect(governor.state).toBe('REASONING');
    expectSameObjects(governor.toolsFor('REASONING', tools), safe);
  });

  it.each(cases)('$name: adds select_active_intent to the SAFE tools before ACTION', ({ tools, classes, safe }) => {
    const governor = governorFor(classes);
    const withSelect = [...tools, selectActiveIntentTool];
    expectSameObjects(governor.toolsFor('REASONING', withSelect), [...safe, selectActiveIntentTool]);
  });

  it.each(cases)('$name: shows every tool in ACTION after select_active_intent', ({ tools, classes }) => {
    const governor = governorFor(classes);
    enterAction(governor);
    expectSameObjects(governor.toolsFor('ACTION', tools), tools);
  });

  it.each(cases)('$name: still shows only the SAFE tools for REASONING while in ACTION', ({ tools, classes, safe }) => {
    const governor = governorFor(classes);
    enterAction(governor);
    expectSameObjects(governor.toolsFor('REASONING', tools), safe);
  });

  it.each(cases)('$name: does not change the catalog array', ({ tools, classes }) => {
    const before = [...tools];
    const governor = governorFor(classes);
    governor.toolsFor('REASONING', tools);
    enterAction(governor);
    governor.toolsFor('ACTION', tools);
    expectSameObjects(tools, before);
  });
});

describe.runIf(hasSharedCatalogs)('catalog filtering without a classification override', () => {
  // the suite is still collected where it is skipped: only a catalog that should be there is required
  const gemini = catalogs.find((catalog) => catalog.name === 'gemini-cli') ?? {
    name: 'gemini-cli',
    tools: [],
    classes: {},
  };
  if (hasSharedCatalogs && gemini.tools.length === 0) throw new Error('the gemini-cli catalog is missing');

  // of Gemini CLI's tools only read_file is in seed 000's table; the rest are unknown, so DESTRUCTIVE
  const seedSafe = gemini.tools.filter((tool) => tool.function.name === 'read_file');

  const hiddenCases = ['write_file', 'run_shell_command', 'glob', 'grep_search', 'list_directory', 'web_fetch'].map(
    (tool) => ({
      name: `hides the unknown tool ${tool} in REASONING`,
      tool,
    }),
  );

  it.each(hiddenCases)('$name', ({ tool }) => {
    const governor = governorFor();
    expect(names(governor.toolsFor('REASONING', gemini.tools))).not.toContain(tool);
  });

  it('shows only the seed 000 SAFE tools of the gemini-cli catalog in REQUEST', () => {
    expectSameObjects(governorFor().toolsFor('REQUEST', gemini.tools), seedSafe);
  });

  it('shows only the seed 000 SAFE tools of the gemini-cli catalog in REASONING', () => {
    const governor = governorFor();
    governor.userPrompt('look around');
    expectSameObjects(governor.toolsFor('REASONING', gemini.tools), seedSafe);
  });

  it('shows every gemini-cli tool in ACTION', () => {
    const governor = governorFor();
    enterAction(governor);
    expectSameObjects(governor.toolsFor('ACTION', gemini.tools), gemini.tools);
  });

  it('denies an unknown gemini-cli tool by name in REASONING', () => {
    const governor = governorFor();
    governor.userPrompt('look around');
    const decision = governor.isToolAllowed('run_shell_command');
    expect({ allowed: decision.allowed, toolClass: decision.toolClass }).toEqual({
      allowed: false,
      toolClass: 'DESTRUCTIVE',
    });
  });
});
