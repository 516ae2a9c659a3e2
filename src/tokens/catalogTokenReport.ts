import { describeValue } from '../text/describeValue';
import { InvalidArgumentError } from '../errors/InvalidArgumentError';
import { SELECT_ACTIVE_INTENT, selectActiveIntentTool } from '../tools/handshakeTools';
import { toolDefinitionName } from '../tools/toolDefinitions';
import { validateCatalog, validateClasses } from './catalogInput';
import { preIntentTools } from './preIntentTools';
import { renderToolList } from './renderToolList';
import type { TokenCounter } from './tokenCounter';

export interface CatalogTokenReportOptions {
  /** tool name → class, added to seed 000's default table as `createGovernor`'s `classification`; unlisted tools are DESTRUCTIVE */
  readonly classes?: Readonly<Record<string, 'SAFE' | 'DESTRUCTIVE'>>;
  /** from `loadTokenizer()` */
  readonly counter: TokenCounter;
  /** a governed workspace (with `.orchestration/`); default a temporary one, removed afterwards */
  readonly workspaceRoot?: string;
}

/** One tool list as the model would receive it. */
export interface ToolListTokens {
  /** how many tool definitions */
  readonly tools: number;
  /** their names, in catalog order */
  readonly names: readonly string[];
  /** tokens of `JSON.stringify(list)` */
  readonly tokens: number;
}

/** What filtering the catalog before the handshake saves, in tokens per request. */
export interface CatalogTokenReport {
  readonly tokenizer: TokenCounter['name'];
  /** the catalog plus `select_active_intent`: what the model sees in ACTION */
  readonly full: ToolListTokens;
  /** what `toolsFor('REASONING', full)` keeps: the SAFE tools plus `select_active_intent` */
  readonly preIntent: ToolListTokens;
  /** full.tokens − preIntent.tokens */
  readonly saved: number;
  /** saved as a percentage of full.tokens, not rounded */
  readonly savedPercent: number;
}

function checkCounter(counter: unknown): TokenCounter {
  const count: unknown = typeof counter === 'object' && counter !== null ? Reflect.get(counter, 'count') : undefined;
  if (typeof count !== 'function') {
    throw new InvalidArgumentError(
      `catalogTokenReport: counter must be a TokenCounter from loadTokenizer(), got ${describeValue(counter)}`,
    );
  }
  return counter as TokenCounter;
}

function measure(tools: readonly unknown[], counter: TokenCounter): ToolListTokens {
  return {
    tools: tools.length,
    names: tools.map((tool) => toolDefinitionName(tool) ?? ''),
    tokens: counter.count(renderToolList(tools)),
  };
}

/**
 * Counts the tokens of a tool catalog as the model sees it in ACTION and before the handshake.
 * The pre-intent list comes from a real governor's `toolsFor('REASONING', …)`; both lists
 * include `select_active_intent` (ours is appended unless the catalog has one).
 *
 * @example
 * const counter = await loadTokenizer();
 * const report = catalogTokenReport(tools, { classes, counter });
 * report.preIntent.tokens < report.full.tokens; // true when the catalog has a DESTRUCTIVE tool
 */
export function catalogTokenReport(
  catalog: readonly unknown[],
  options: CatalogTokenReportOptions,
): CatalogTokenReport {
  const tools = validateCatalog(catalog);
  if (typeof options !== 'object' || options === null) {
    throw new InvalidArgumentError(
      `catalogTokenReport: options must be an object with a counter, got ${describeValue(options)}`,
    );
  }
  const counter = checkCounter(options.counter);
  const classes = options.classes === undefined ? undefined : validateClasses(options.classes);
  const hasSelect = tools.some((tool) => toolDefinitionName(tool) === SELECT_ACTIVE_INTENT);
  const full = hasSelect ? tools : [...tools, selectActiveIntentTool];
  const subset = preIntentTools(full, {
    ...(classes && { classes }),
    ...(options.workspaceRoot !== undefined && { workspaceRoot: options.workspaceRoot }),
  });
  const fullTokens = measure(full, counter);
  const preIntentTokens = measure(subset, counter);
  const saved = fullTokens.tokens - preIntentTokens.tokens;
  return {
    tokenizer: counter.name,
    full: fullTokens,
    preIntent: preIntentTokens,
    saved,
    savedPercent: fullTokens.tokens === 0 ? 0 : (saved / fullTokens.tokens) * 100,
  };
}
