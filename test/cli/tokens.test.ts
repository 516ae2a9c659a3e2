import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasSharedCatalogs, SHARED_CATALOG_DIR } from '../support/sharedCatalogs';
import { cli, tempFile } from './cliHarness';

const CATALOGS = SHARED_CATALOG_DIR;
const ROO_TOOLS = path.join(CATALOGS, 'roo-code.tools.json');
const ROO_CLASSES = path.join(CATALOGS, 'roo-code.classes.json');

interface Report {
  readonly tokenizer: string;
  readonly full: { tools: number; tokens: number };
  readonly preIntent: { tools: number; tokens: number };
  readonly saved: number;
  readonly savedPercent: number;
}

describe('intentgate tokens', () => {
  it.runIf(hasSharedCatalogs)(
    'counts fewer tokens before an intent than for the full Roo Code catalog (JSON)',
    async () => {
      const run = await cli(['tokens', ROO_TOOLS, '--classes', ROO_CLASSES, '--json']);
      expect(run.code).toBe(0);
      const report = JSON.parse(run.stdout) as Report;
      expect(report.tokenizer).toBe('o200k_base');
      expect(report.preIntent.tokens).toBeLessThan(report.full.tokens);
      expect(report.preIntent.tools).toBeLessThan(report.full.tools);
      expect(report.saved).toBe(report.full.tokens - report.preIntent.tokens);
    },
  );

  it.runIf(hasSharedCatalogs)(
    'prints the same report as text, catalog paths relative to the working directory',
    async () => {
      const json = JSON.parse((await cli(['tokens', ROO_TOOLS, '--classes', ROO_CLASSES, '--json'])).stdout) as Report;
      const run = await cli(['tokens', 'roo-code.tools.json', '--classes', 'roo-code.classes.json'], { cwd: CATALOGS });
      const number = (value: number): string => new Intl.NumberFormat('en-US').format(value);
      expect(run).toEqual({
        code: 0,
        stderr: '',
        stdout: [
          'roo-code.tools.json (tokenizer o200k_base; select_active_intent included)',
          `  full catalog (ACTION):        ${json.full.tools} tools, ${number(json.full.tokens)} tokens`,
          `  before an intent (REASONING): ${json.preIntent.tools} tools, ${number(json.preIntent.tokens)} tokens`,
          `  saved per request:            ${number(json.saved)} tokens (${json.savedPercent.toFixed(1)}%)`,
          '',
        ].join('\n'),
      });
    },
  );

  interface BadInput {
    readonly name: string;
    readonly argv: () => string[];
    readonly stderr: RegExp;
  }

  const BAD_INPUTS: readonly BadInput[] = [
    {
      name: 'a catalog that does not exist',
      argv: () => ['tokens', 'absent.json'],
      stderr: /^error: cannot read the catalog absent\.json: no such file\n$/,
    },
    {
      name: 'a catalog that is not JSON',
      argv: () => ['tokens', tempFile('c.json', '[{')],
      stderr: /^error: the catalog .*c\.json is not JSON: /,
    },
    {
      name: 'a catalog that is not an array',
      argv: () => ['tokens', tempFile('c.json', '{"tools": []}')],
      stderr: /^error: the catalog .*c\.json must be a JSON array of tool definitions\n$/,
    },
    {
      name: 'a tool with no name',
      argv: () => ['tokens', tempFile('c.json', '[{"description": "x"}]')],
      stderr: /^error: Invalid tool catalog:\n- \[0\]: no tool name/,
    },
    {
      name: 'a classes file with a bad class',
      argv: () => [
        'tokens',
        tempFile('t.json', '[{"name": "read_file"}]'),
        '--classes',
        tempFile('k.json', '{"read_file": "READ"}'),
      ],
      stderr:
        /^error: --classes .*k\.json: Invalid tool classes:\n- read_file: expected SAFE or DESTRUCTIVE, got READ\n$/,
    },
  ];

  it.each(BAD_INPUTS)('exits 1 on $name', async ({ argv, stderr }) => {
    const run = await cli(argv());
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(stderr);
  });
});
