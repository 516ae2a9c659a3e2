import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { hasSharedCatalogs, SHARED_CATALOG_DIR } from '../support/sharedCatalogs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/errors/InvalidArgumentError';
import { selectActiveIntentTool } from '../../src/tools/handshakeTools';
import { catalogTokenReport } from '../../src/tokens/catalogTokenReport';
import { renderToolList } from '../../src/tokens/renderToolList';
import { loadTokenizer, type TokenCounter } from '../../src/tokens/tokenCounter';
import { toolDefinitionName } from '../../src/tools/toolDefinitions';
import { makeWorkspace } from '../support/workspace';

const CATALOG_DIR = SHARED_CATALOG_DIR;
const CATALOG_NAMES = ['roo-code', 'cline', 'gemini-cli', 'mcp-server-filesystem'] as const;

const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(CATALOG_DIR, file), 'utf8'));

const catalogs = (hasSharedCatalogs ? CATALOG_NAMES : []).map((name) => ({
  name,
  tools: readJson(`${name}.tools.json`) as unknown[],
  classes: readJson(`${name}.classes.json`) as Record<string, 'SAFE' | 'DESTRUCTIVE'>,
}));

// a counter whose counts can be checked by hand: one token per character
const characters: TokenCounter = { name: 'o200k_base', count: (text) => text.length };

const names = (tools: readonly unknown[]): string[] => tools.map((tool) => toolDefinitionName(tool) ?? '');

let counter: TokenCounter;

beforeAll(async () => {
  counter = await loadTokenizer();
});

describe.runIf(hasSharedCatalogs)('catalogTokenReport on the real catalogs', () => {
  it.each(catalogs)('$name: the pre-intent list has strictly fewer tokens than the full one', ({ tools, classes }) => {
    const report = catalogTokenReport(tools, { classes, counter });
    expect(report.preIntent.tokens).toBeLessThan(report.full.tokens);
    expect(report.saved).toBe(report.full.tokens - report.preIntent.tokens);
    expect(report.savedPercent).toBeCloseTo((report.saved / report.full.tokens) * 100, 10);
  });

  it.each(catalogs)(
    '$name: the pre-intent list is exactly the SAFE tools plus select_active_intent',
    ({ tools, classes }) => {
      const report = catalogTokenReport(tools, { classes, counter });
      const safe = Object.keys(classes).filter((name) => classes[name] === 'SAFE');
      expect([...report.preIntent.names].sort()).toEqual([...safe, 'select_active_intent'].sort());
      expect(report.preIntent.tools).toBe(safe.length + 1);
    },
  );

  it.each(catalogs)('$name: the full list is the catalog plus select_active_intent, in order', ({ tools, classes }) => {
    const report = catalogTokenReport(tools, { classes, counter });
    expect(report.full.names).toEqual([...names(tools), 'select_active_intent']);
    expect(report.full.tokens).toBe(counter.count(JSON.stringify([...tools, selectActiveIntentTool])));
    expect(report.tokenizer).toBe('o200k_base');
  });
});

describe('catalogTokenReport on small catalogs', () => {
  const read = { type: 'function', function: { name: 'read_file', description: 'Read a file.' } };
  const write = { type: 'function', function: { name: 'write_to_file', description: 'Write a file.' } };
  const lookup = { name: 'lookup' };

  interface Case {
    readonly name: string;
    readonly catalog: readonly unknown[];
    readonly classes: Record<string, 'SAFE' | 'DESTRUCTIVE'> | undefined;
    readonly full: readonly unknown[];
    readonly preIntent: readonly unknown[];
  }

  const cases: Case[] = [
    {
      name: 'counts the rendered JSON of each list',
      catalog: [read, write],
      classes: undefined,
      full: [read, write, selectActiveIntentTool],
      preIntent: [read, selectActiveIntentTool],
    },
    {
      name: 'hides an unclassified tool before the handshake',
      catalog: [lookup, read],
      classes: undefined,
      full: [lookup, read, selectActiveIntentTool],
      preIntent: [read, selectActiveIntentTool],
    },
    {
      name: 'shows a tool the classes make SAFE',
      catalog: [lookup, write],
      classes: { lookup: 'SAFE' },
      full: [lookup, write, selectActiveIntentTool],
      preIntent: [lookup, selectActiveIntentTool],
    },
    {
      name: 'hides a default-SAFE tool the classes make DESTRUCTIVE',
      catalog: [read],
      classes: { read_file: 'DESTRUCTIVE' },
      full: [read, selectActiveIntentTool],
      preIntent: [selectActiveIntentTool],
    },
    {
      name: 'does not add a second select_active_intent',
      catalog: [selectActiveIntentTool, write],
      classes: undefined,
      full: [selectActiveIntentTool, write],
      preIntent: [selectActiveIntentTool],
    },
    {
      name: 'measures an empty catalog as select_active_intent alone',
      catalog: [],
      classes: undefined,
      full: [selectActiveIntentTool],
      preIntent: [selectActiveIntentTool],
    },
  ];

  it.each(cases)('$name', ({ catalog, classes, full, preIntent }) => {
    const report = catalogTokenReport(catalog, { counter: characters, ...(classes && { classes }) });
    const fullTokens = JSON.stringify(full).length;
    const preIntentTokens = JSON.stringify(preIntent).length;
    expect(report).toEqual({
      tokenizer: 'o200k_base',
      full: { tools: full.length, names: names(full), tokens: fullTokens },
      preIntent: { tools: preIntent.length, names: names(preIntent), tokens: preIntentTokens },
      saved: fullTokens - preIntentTokens,
      savedPercent: ((fullTokens - preIntentTokens) / fullTokens) * 100,
    });
  });

  it('renders a tool list as compact JSON', () => {
    expect(renderToolList([{ name: 'a' }])).toBe('[{"name":"a"}]');
  });
});

describe('catalogTokenReport workspaces', () => {
  const savedTmp = process.env.TMPDIR;

  afterEach(() => {
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
  });

  it('removes the temporary workspace it creates', () => {
    const scratch = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'tmpdir-'));
    process.env.TMPDIR = scratch;
    expect(tmpdir()).toBe(scratch);
    catalogTokenReport([{ name: 'read_file' }], { counter: characters });
    expect(readdirSync(scratch)).toEqual([]);
    rmSync(scratch, { recursive: true, force: true });
  });

  it('uses a given governed workspace and writes nothing to it', () => {
    const root = makeWorkspace();
    const report = catalogTokenReport([{ name: 'read_file' }, { name: 'write_to_file' }], {
      counter: characters,
      workspaceRoot: root,
    });
    expect(report.preIntent.names).toEqual(['read_file', 'select_active_intent']);
    expect(readdirSync(root)).toEqual(['.orchestration']);
    expect(readdirSync(path.join(root, '.orchestration'))).toEqual([]);
  });

  it('rejects a given workspace with no orchestration directory', () => {
    const root = makeWorkspace({ orchestration: false });
    expect(() => catalogTokenReport([], { counter: characters, workspaceRoot: root })).toThrow(
      /has no \.orchestration\/ directory/,
    );
  });

  it('accepts a workspace whose orchestration directory was made by hand', () => {
    const root = makeWorkspace({ orchestration: false });
    mkdirSync(path.join(root, '.orchestration'));
    expect(catalogTokenReport([], { counter: characters, workspaceRoot: root }).full.tools).toBe(1);
  });
});

describe('catalogTokenReport input validation', () => {
  const circular: Record<string, unknown> = { name: 'loop' };
  circular.self = circular;

  const cases = [
    {
      name: 'rejects a catalog that is not an array',
      catalog: { tools: [] },
      options: { counter: characters },
      message: /expected an array of tool definitions, got <object>/,
    },
    {
      name: 'rejects a catalog entry without a name',
      catalog: [{ name: 'ok' }, { description: 'x' }],
      options: { counter: characters },
      message: /\[1\]: no tool name/,
    },
    {
      name: 'rejects a catalog entry that is not an object',
      catalog: ['read_file'],
      options: { counter: characters },
      message: /\[0\]: no tool name/,
    },
    {
      name: 'rejects a catalog that is not JSON',
      catalog: [circular],
      options: { counter: characters },
      message: /not JSON/,
    },
    { name: 'rejects missing options', catalog: [], options: undefined, message: /options must be an object/ },
    { name: 'rejects a missing counter', catalog: [], options: {}, message: /counter must be a TokenCounter/ },
    {
      name: 'rejects classes that are not an object',
      catalog: [],
      options: { counter: characters, classes: ['SAFE'] },
      message: /got <array>/,
    },
    {
      name: 'rejects a class other than SAFE or DESTRUCTIVE',
      catalog: [],
      options: { counter: characters, classes: { read_file: 'safe' } },
      message: /read_file: expected SAFE or DESTRUCTIVE, got safe/,
    },
    {
      name: 'rejects an empty tool name in the classes',
      catalog: [],
      options: { counter: characters, classes: { '': 'SAFE' } },
      message: /must not be empty/,
    },
    {
      name: 'rejects select_active_intent classed DESTRUCTIVE',
      catalog: [],
      options: { counter: characters, classes: { select_active_intent: 'DESTRUCTIVE' } },
      message: /select_active_intent: drives the lifecycle and stays SAFE/,
    },
    {
      name: 'rejects an empty workspaceRoot',
      catalog: [],
      options: { counter: characters, workspaceRoot: '' },
      message: /workspaceRoot must be a non-empty path/,
    },
  ];

  it.each(cases)('$name', ({ catalog, options, message }) => {
    const run = () => catalogTokenReport(catalog as never, options as never);
    expect(run).toThrow(InvalidArgumentError);
    expect(run).toThrow(message);
  });

  it('lists every bad class at once', () => {
    expect(() => catalogTokenReport([], { counter: characters, classes: { a: 'X', b: 'Y' } as never })).toThrow(
      /a: expected.*\n- b: expected/,
    );
  });
});
