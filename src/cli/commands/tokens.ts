import type { Command } from 'commander';
import type { ToolClass } from '../../tools/toolClass';
import { InvalidArgumentError } from '../../errors/InvalidArgumentError';
import { validateClasses } from '../../tokens/catalogInput';
import { catalogTokenReport, type CatalogTokenReport } from '../../tokens/catalogTokenReport';
import { loadTokenizer } from '../../tokens/tokenCounter';
import { writeLine } from '../cliIo';
import type { CommandContext } from '../commandContext';
import { EXIT_CODES } from '../exitCodes';
import { CliFailure } from '../cliFailure';
import { readJsonFile } from '../readJsonFile';

interface TokensFlags {
  readonly classes?: string;
  readonly json?: boolean;
}

const number = new Intl.NumberFormat('en-US');

function checkedClasses(file: string, value: unknown): Readonly<Record<string, ToolClass>> {
  try {
    return validateClasses(value);
  } catch (error) {
    if (error instanceof InvalidArgumentError) throw new CliFailure(`--classes ${file}: ${error.message}`);
    throw error;
  }
}

function renderReport(catalog: string, report: CatalogTokenReport): string {
  const rows: [string, string][] = [
    ['full catalog (ACTION)', `${report.full.tools} tools, ${number.format(report.full.tokens)} tokens`],
    [
      'before an intent (REASONING)',
      `${report.preIntent.tools} tools, ${number.format(report.preIntent.tokens)} tokens`,
    ],
    ['saved per request', `${number.format(report.saved)} tokens (${report.savedPercent.toFixed(1)}%)`],
  ];
  const width = Math.max(...rows.map(([label]) => label.length)) + 1;
  return [
    `${catalog} (tokenizer ${report.tokenizer}; select_active_intent included)`,
    ...rows.map(([label, value]) => `  ${`${label}:`.padEnd(width)} ${value}`),
  ].join('\n');
}

/** `intentgate tokens CATALOG.json [--classes FILE] [--json]`. */
export function registerTokens(program: Command, context: CommandContext): void {
  program
    .command('tokens')
    .summary('count the tokens a tool catalog costs, in full and before an intent')
    .description(
      [
        'Counts, with the o200k_base tokenizer, the tokens of a tool catalog (a JSON array of tool definitions)',
        'as the model sees it in ACTION and as toolsFor sends it before an intent (SAFE tools and select_active_intent), and the saving.',
        'Needs the optional peer dependency gpt-tokenizer (npm install gpt-tokenizer@^4).',
      ].join(' '),
    )
    .argument('<catalog>', 'a JSON file holding an array of tool definitions')
    .option(
      '--classes <file>',
      "a JSON file mapping tool names to SAFE or DESTRUCTIVE (default: seed 000's table only)",
    )
    .option('--json', 'print the report as JSON')
    .action(async (catalogFile: string, flags: TokensFlags) => {
      const { io } = context;
      const catalog = readJsonFile(catalogFile, io, 'the catalog');
      if (!Array.isArray(catalog))
        throw new CliFailure(`the catalog ${catalogFile} must be a JSON array of tool definitions`);
      const classes =
        flags.classes === undefined
          ? undefined
          : checkedClasses(flags.classes, readJsonFile(flags.classes, io, '--classes'));
      const counter = await loadTokenizer();
      const report = catalogTokenReport(catalog, { counter, ...(classes && { classes }) });
      writeLine(io.stdout, flags.json ? JSON.stringify(report, null, 2) : renderReport(catalogFile, report));
      context.exit(EXIT_CODES.ok);
    });
}
