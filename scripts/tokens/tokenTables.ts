// The token tables of docs/tokens.md: what pre-intent tool filtering saves on the four real
// catalogs, per request and over a modelled 20-turn session with prompt caching.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { catalogTokenReport, type CatalogTokenReport } from '../../src/tokens/catalogTokenReport';
import { modelSessionCost, type SessionCostOptions, type SessionCostReport } from '../../src/tokens/sessionCost';
import type { TokenCounter } from '../../src/tokens/tokenCounter';
import { toolDefinitionName } from '../../src/tools/toolDefinitions';

const CATALOG_NAMES = ['roo-code', 'cline', 'gemini-cli', 'mcp-server-filesystem'] as const;

// ../shared/catalogs/README.md: what Roo Code's "code" mode sends with default settings
const ROO_CODE_MODE_TOOLS = new Set([
  'read_file',
  'search_files',
  'list_files',
  'apply_diff',
  'write_to_file',
  'execute_command',
  'read_command_output',
  'switch_mode',
  'new_task',
  'ask_followup_question',
  'attempt_completion',
  'update_todo_list',
  'skill',
]);

/** One catalog (or view of one) and its token report. */
export interface TokenRow {
  readonly label: string;
  readonly report: CatalogTokenReport;
}

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const int = (value: number): string => number.format(value);
const percent = (value: number): string => `${value.toFixed(1)}%`;
const signed = (value: number): string => (value > 0 ? `+${int(value)}` : int(value));

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((_, index) => (index === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n');
}

/** The token report of each catalog in `catalogDir`, and of Roo Code's default "code" mode. */
export function tokenRows(catalogDir: string, counter: TokenCounter): TokenRow[] {
  const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(catalogDir, file), 'utf8'));
  const rows: TokenRow[] = [];
  for (const name of CATALOG_NAMES) {
    const tools = readJson(`${name}.tools.json`) as unknown[];
    const classes = readJson(`${name}.classes.json`) as Record<string, 'SAFE' | 'DESTRUCTIVE'>;
    rows.push({ label: name, report: catalogTokenReport(tools, { classes, counter }) });
    if (name === 'roo-code') {
      const codeMode = tools.filter((tool) => ROO_CODE_MODE_TOOLS.has(toolDefinitionName(tool) ?? ''));
      rows.push({ label: 'roo-code, default "code" mode', report: catalogTokenReport(codeMode, { classes, counter }) });
    }
  }
  return rows;
}

/** The markdown tables of docs/tokens.md for these rows. */
export function tokenTablesMarkdown(rows: readonly TokenRow[]): string {
  const out: string[] = [];
  out.push(
    `### Tool-list tokens per request (${rows[0]?.report.tokenizer ?? 'no tokenizer'}; JSON.stringify of the tools array, select_active_intent included)\n`,
  );
  out.push(
    table(
      [
        'catalog',
        'tools (ACTION)',
        'tokens (ACTION)',
        'tools (pre-intent)',
        'tokens (pre-intent)',
        'saved per request',
        'saved %',
      ],
      rows.map(({ label, report }) => [
        label,
        String(report.full.tools),
        int(report.full.tokens),
        String(report.preIntent.tools),
        int(report.preIntent.tokens),
        int(report.saved),
        percent(report.savedPercent),
      ]),
    ),
  );

  const model = (report: CatalogTokenReport, options: Partial<SessionCostOptions> = {}): SessionCostReport =>
    modelSessionCost({ fullToolTokens: report.full.tokens, preIntentToolTokens: report.preIntent.tokens, ...options });
  const defaults = modelSessionCost({ fullToolTokens: 0, preIntentToolTokens: 0 }).parameters;

  out.push(
    `\n### Modelled session: ${defaults.turns} turns, handshake after turn ${defaults.preIntentTurns}, system prompt ${int(defaults.systemPromptTokens)}, ` +
      `+${int(defaults.tokensPerTurn)} per turn, cache read ${defaults.cacheReadPrice}, cache write ` +
      `${defaults.cacheWritePrice} (cost in uncached-input-token units)\n`,
  );
  out.push(
    table(
      [
        'catalog',
        'sent, unfiltered',
        'sent, filtered',
        'cached, unfiltered',
        'cached, filtered',
        'uncached, unfiltered',
        'uncached, filtered',
        'cost, unfiltered',
        'cost, filtered',
        'cost saved',
        'cost saved %',
      ],
      rows.map(({ label, report }) => {
        const { unfiltered, filtered, saved, savedPercent } = model(report);
        return [
          label,
          int(unfiltered.inputTokens),
          int(filtered.inputTokens),
          int(unfiltered.cachedTokens),
          int(filtered.cachedTokens),
          int(unfiltered.uncachedTokens),
          int(filtered.uncachedTokens),
          int(unfiltered.cost),
          int(filtered.cost),
          signed(saved.cost),
          percent(savedPercent),
        ];
      }),
    ),
  );

  // a refused DESTRUCTIVE call before the handshake is one more request, and every later request
  // carries its call and reply: the same totals as a session one turn longer
  out.push('\n### What one wasted turn costs the unfiltered session (same parameters)\n');
  out.push(
    table(
      [
        'catalog',
        'cost saved by filtering',
        'cost of one extra turn, unfiltered',
        'wasted turns that offset the difference',
      ],
      rows.map(({ label, report }) => {
        const base = model(report);
        const longer = model(report, { turns: defaults.turns + 1 });
        const extraTurn = longer.unfiltered.cost - base.unfiltered.cost;
        return [
          label,
          signed(base.saved.cost),
          int(extraTurn),
          base.saved.cost >= 0 ? '0' : (-base.saved.cost / extraTurn).toFixed(1),
        ];
      }),
    ),
  );

  const scenarios: readonly { readonly label: string; readonly options: Partial<SessionCostOptions> }[] = [
    { label: 'defaults (Anthropic-like: read 0.1, write 1.25)', options: {} },
    { label: 'OpenAI-like, read 0.1, write 1', options: { cacheWritePrice: 1 } },
    { label: 'OpenAI-like, read 0.5, write 1', options: { cacheReadPrice: 0.5, cacheWritePrice: 1 } },
    { label: 'no prompt cache (read 1, write 1)', options: { cacheReadPrice: 1, cacheWritePrice: 1 } },
    { label: 'prefix warm from other sessions', options: { prefixWarm: true } },
    { label: 'handshake after turn 10', options: { preIntentTurns: 10 } },
    { label: 'never reaches ACTION (20 pre-intent turns)', options: { preIntentTurns: 20 } },
  ];
  out.push('\n### Cost saved by filtering over the session, by scenario (positive: filtering is cheaper)\n');
  out.push(
    table(
      ['scenario', ...rows.map(({ label }) => label)],
      scenarios.map(({ label, options }) => [
        label,
        ...rows.map(({ report }) => {
          const result = model(report, options);
          return `${signed(result.saved.cost)} (${percent(result.savedPercent)})`;
        }),
      ]),
    ),
  );
  return out.join('\n');
}
