import { z } from 'zod';
import { InvalidArgumentError } from '../errors/InvalidArgumentError';
import { formatIssues } from '../intents/intent';

const tokens = z.number().int().nonnegative();
// a multiple of the uncached input price; 0 would be free, 1 is no discount
const price = z.number().nonnegative().max(100);

const sessionOptionsSchema = z
  .strictObject({
    /** tokens of the full tool list (`catalogTokenReport(...).full.tokens`) */
    fullToolTokens: tokens,
    /** tokens of the pre-intent tool list (`catalogTokenReport(...).preIntent.tokens`) */
    preIntentToolTokens: tokens,
    /** model requests in the session */
    turns: z.number().int().min(1).max(100_000).default(20),
    /** requests made before the handshake; the first request in ACTION is turn preIntentTurns + 1 */
    preIntentTurns: tokens.default(3),
    /** the system prompt, sent after the tool list on every request */
    systemPromptTokens: tokens.default(3000),
    /** what each turn adds to the conversation (a reply, a tool call and its result); turn 1 carries the user's prompt */
    tokensPerTurn: tokens.default(1000),
    /** price of a cached input token read, per uncached input token (0.1 = a 90% discount) */
    cacheReadPrice: price.default(0.1),
    /** price of writing an input token to the cache, per uncached input token (1.25 Anthropic, 1 OpenAI) */
    cacheWritePrice: price.default(1.25),
    /** the tool list + system prompt prefix is already cached by other sessions, for both tool lists */
    prefixWarm: z.boolean().default(false),
  })
  .refine((options) => options.preIntentTurns <= options.turns, {
    path: ['preIntentTurns'],
    message: 'must not exceed turns (preIntentTurns = turns is a session that never reaches ACTION)',
  });

/** Options of `modelSessionCost`; only the two tool-list sizes are required. */
export type SessionCostOptions = z.input<typeof sessionOptionsSchema>;

/** The options with every default applied. */
export type SessionParameters = Readonly<z.output<typeof sessionOptionsSchema>>;

/** One model request. */
export interface SessionTurn {
  readonly turn: number;
  readonly phase: 'pre-intent' | 'action';
  readonly toolTokens: number;
  /** tool list + system prompt + conversation so far */
  readonly inputTokens: number;
  /** read from the prompt cache */
  readonly cachedTokens: number;
  /** not in the cache: charged at the write price, since they become the next turn's cached prefix */
  readonly uncachedTokens: number;
}

/** A whole session under one tool-list policy. */
export interface SessionRun {
  readonly inputTokens: number;
  readonly cachedTokens: number;
  readonly uncachedTokens: number;
  /** cachedTokens × cacheReadPrice + uncachedTokens × cacheWritePrice, in uncached-input-token units */
  readonly cost: number;
  /** requests after the first whose tool list differs from the previous request's, so the cached prefix is lost */
  readonly cacheBreaks: number;
  readonly perTurn: readonly SessionTurn[];
}

/** The same session without and with pre-intent filtering. */
export interface SessionCostReport {
  readonly parameters: SessionParameters;
  /** the full tool list on every request */
  readonly unfiltered: SessionRun;
  /** the pre-intent list for turns 1..preIntentTurns, then the full list */
  readonly filtered: SessionRun;
  /** unfiltered − filtered, field by field: positive means filtering sends or costs less */
  readonly saved: {
    readonly inputTokens: number;
    readonly cachedTokens: number;
    readonly uncachedTokens: number;
    readonly cost: number;
  };
  /** saved.cost as a percentage of unfiltered.cost, not rounded; negative means filtering costs more */
  readonly savedPercent: number;
}

function parseOptions(options: unknown): SessionParameters {
  const result = sessionOptionsSchema.safeParse(options);
  if (!result.success)
    throw new InvalidArgumentError(`Invalid session model options:\n- ${formatIssues(result.error).join('\n- ')}`);
  return Object.freeze(result.data);
}

function phaseOf(parameters: SessionParameters, turn: number): SessionTurn['phase'] {
  return turn <= parameters.preIntentTurns ? 'pre-intent' : 'action';
}

function runSession(parameters: SessionParameters, toolTokensAt: (turn: number) => number): SessionRun {
  const perTurn: SessionTurn[] = [];
  let cacheBreaks = 0;
  for (let turn = 1; turn <= parameters.turns; turn += 1) {
    const previous = perTurn.at(-1);
    const toolTokens = toolTokensAt(turn);
    const prefix = toolTokens + parameters.systemPromptTokens;
    const inputTokens = prefix + turn * parameters.tokensPerTurn;
    // the pre-intent list is a sub-list of the full one, so equal sizes mean the same list
    const sameTools = previous !== undefined && previous.toolTokens === toolTokens;
    if (previous && !sameTools) cacheBreaks += 1;
    // the conversation only grows, so the same tools keep the whole previous prompt as the cached
    // prefix; tools come first, so a changed list leaves none of it
    const cachedTokens = previous && sameTools ? previous.inputTokens : parameters.prefixWarm ? prefix : 0;
    perTurn.push({
      turn,
      phase: phaseOf(parameters, turn),
      toolTokens,
      inputTokens,
      cachedTokens,
      uncachedTokens: inputTokens - cachedTokens,
    });
  }
  const sum = (pick: (turn: SessionTurn) => number): number => perTurn.reduce((total, turn) => total + pick(turn), 0);
  const cachedTokens = sum((turn) => turn.cachedTokens);
  const uncachedTokens = sum((turn) => turn.uncachedTokens);
  return {
    inputTokens: sum((turn) => turn.inputTokens),
    cachedTokens,
    uncachedTokens,
    // priced once on the sums, so hand-computed figures match without per-turn rounding
    cost: cachedTokens * parameters.cacheReadPrice + uncachedTokens * parameters.cacheWritePrice,
    cacheBreaks,
    perTurn,
  };
}

/**
 * Models a session's input tokens and prompt-cache cost with and without pre-intent filtering.
 * Each request sends tool list, system prompt and the conversation so far; the provider caches
 * the longest stable prefix, which starts with the tool list, so changing the list at the
 * handshake invalidates the whole cached prefix once. Pure and deterministic.
 *
 * @example
 * const model = modelSessionCost({ fullToolTokens: report.full.tokens, preIntentToolTokens: report.preIntent.tokens });
 * model.saved.cost; // negative when the one cache break costs more than filtering saves
 */
export function modelSessionCost(options: SessionCostOptions): SessionCostReport {
  const parameters = parseOptions(options);
  const unfiltered = runSession(parameters, () => parameters.fullToolTokens);
  const filtered = runSession(parameters, (turn) =>
    phaseOf(parameters, turn) === 'pre-intent' ? parameters.preIntentToolTokens : parameters.fullToolTokens,
  );
  const savedCost = unfiltered.cost - filtered.cost;
  return {
    parameters,
    unfiltered,
    filtered,
    saved: {
      inputTokens: unfiltered.inputTokens - filtered.inputTokens,
      cachedTokens: unfiltered.cachedTokens - filtered.cachedTokens,
      uncachedTokens: unfiltered.uncachedTokens - filtered.uncachedTokens,
      cost: savedCost,
    },
    savedPercent: unfiltered.cost === 0 ? 0 : (savedCost / unfiltered.cost) * 100,
  };
}
