import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/errors/InvalidArgumentError';
import { modelSessionCost, type SessionCostOptions } from '../../src/tokens/sessionCost';

// Small sessions worked out by hand. Turn t sends tools + system + t × perTurn; with the same tools
// as the turn before, the whole previous prompt is cached and the rest is written.
// Base case: full 10, pre-intent 4, system 2, +1 per turn, read 0.5, write 2 (exact in binary).
const base = {
  fullToolTokens: 10,
  preIntentToolTokens: 4,
  systemPromptTokens: 2,
  tokensPerTurn: 1,
  turns: 3,
  cacheReadPrice: 0.5,
  cacheWritePrice: 2,
};

// unfiltered: prompts 13, 14, 15; cached 0, 13, 14; uncached 13, 1, 1; cost 0.5 × 27 + 2 × 15 = 43.5
const UNFILTERED = { inputTokens: 42, cachedTokens: 27, uncachedTokens: 15, cost: 43.5, cacheBreaks: 0 };

const cases = [
  {
    // filtered: 7 (pre-intent, cold), 14 (full list: cache broken), 15 (cached 14)
    name: 'breaks the cache once when the full list arrives after the handshake',
    options: { ...base, preIntentTurns: 1 },
    unfiltered: UNFILTERED,
    filtered: { inputTokens: 36, cachedTokens: 14, uncachedTokens: 22, cost: 51, cacheBreaks: 1 },
    saved: { inputTokens: 6, cachedTokens: 13, uncachedTokens: -7, cost: -7.5 },
  },
  {
    // filtered: 7, 8, 9; cached 0, 7, 8; uncached 7, 1, 1; cost 0.5 × 15 + 2 × 9 = 25.5
    name: 'saves on every turn of a session that never reaches ACTION',
    options: { ...base, preIntentTurns: 3 },
    unfiltered: UNFILTERED,
    filtered: { inputTokens: 24, cachedTokens: 15, uncachedTokens: 9, cost: 25.5, cacheBreaks: 0 },
    saved: { inputTokens: 18, cachedTokens: 12, uncachedTokens: 6, cost: 18 },
  },
  {
    name: 'changes nothing when the handshake comes before the first request',
    options: { ...base, preIntentTurns: 0 },
    unfiltered: UNFILTERED,
    filtered: UNFILTERED,
    saved: { inputTokens: 0, cachedTokens: 0, uncachedTokens: 0, cost: 0 },
  },
  {
    // without a cache every token costs 1, so cost = tokens sent
    name: 'saves the pre-intent difference on every pre-intent turn without a prompt cache',
    options: { ...base, preIntentTurns: 2, cacheReadPrice: 1, cacheWritePrice: 1 },
    unfiltered: { inputTokens: 42, cachedTokens: 27, uncachedTokens: 15, cost: 42, cacheBreaks: 0 },
    // filtered: 7, 8, 15; cached 0, 7, 0
    filtered: { inputTokens: 30, cachedTokens: 7, uncachedTokens: 23, cost: 30, cacheBreaks: 1 },
    saved: { inputTokens: 12, cachedTokens: 20, uncachedTokens: -8, cost: 12 },
  },
  {
    // unfiltered: cached 12 (warm prefix), 13, 14; uncached 1, 1, 1; cost 0.5 × 39 + 2 × 3 = 25.5
    // filtered: cached 6 (warm pre-intent prefix), 12 (warm full prefix), 14; uncached 1, 2, 1; cost 0.5 × 32 + 2 × 4 = 24
    name: 'loses only the conversation at the break when both prefixes are warm',
    options: { ...base, preIntentTurns: 1, prefixWarm: true },
    unfiltered: { inputTokens: 42, cachedTokens: 39, uncachedTokens: 3, cost: 25.5, cacheBreaks: 0 },
    filtered: { inputTokens: 36, cachedTokens: 32, uncachedTokens: 4, cost: 24, cacheBreaks: 1 },
    saved: { inputTokens: 6, cachedTokens: 7, uncachedTokens: -1, cost: 1.5 },
  },
  {
    name: 'sees no break when filtering removes nothing',
    options: { ...base, preIntentToolTokens: 10, preIntentTurns: 1 },
    unfiltered: UNFILTERED,
    filtered: UNFILTERED,
    saved: { inputTokens: 0, cachedTokens: 0, uncachedTokens: 0, cost: 0 },
  },
];

const totals = ({
  inputTokens,
  cachedTokens,
  uncachedTokens,
  cost,
  cacheBreaks,
}: ReturnType<typeof modelSessionCost>['filtered']) => ({
  inputTokens,
  cachedTokens,
  uncachedTokens,
  cost,
  cacheBreaks,
});

describe('modelSessionCost on hand-computed sessions', () => {
  it.each(cases)('$name', ({ options, unfiltered, filtered, saved }) => {
    const model = modelSessionCost(options);
    expect({ unfiltered: totals(model.unfiltered), filtered: totals(model.filtered), saved: model.saved }).toEqual({
      unfiltered,
      filtered,
      saved,
    });
    expect(model.savedPercent).toBe(unfiltered.cost === 0 ? 0 : (saved.cost / unfiltered.cost) * 100);
  });

  it('lists each turn of the filtered session with its phase', () => {
    expect(modelSessionCost({ ...base, preIntentTurns: 1 }).filtered.perTurn).toEqual([
      { turn: 1, phase: 'pre-intent', toolTokens: 4, inputTokens: 7, cachedTokens: 0, uncachedTokens: 7 },
      { turn: 2, phase: 'action', toolTokens: 10, inputTokens: 14, cachedTokens: 0, uncachedTokens: 14 },
      { turn: 3, phase: 'action', toolTokens: 10, inputTokens: 15, cachedTokens: 14, uncachedTokens: 1 },
    ]);
  });

  it('prices a 20-turn session with the default cache prices', () => {
    // full 10,000, pre-intent 4,000, system 2,000, +400 per turn, handshake after turn 3.
    // unfiltered: cached Σ(12,000 + 400t, t = 1..19) = 304,000; uncached 12,400 + 19 × 400 = 20,000
    //   cost 0.1 × 304,000 + 1.25 × 20,000 = 55,400
    // filtered: cached 6,400 + 6,800 + Σ(12,000 + 400t, t = 4..19) = 278,800; uncached 6,400 + 800 + 13,600 + 16 × 400 = 27,200
    //   cost 0.1 × 278,800 + 1.25 × 27,200 = 61,880
    const model = modelSessionCost({
      fullToolTokens: 10_000,
      preIntentToolTokens: 4_000,
      systemPromptTokens: 2_000,
      tokensPerTurn: 400,
    });
    expect(model.unfiltered.inputTokens).toBe(324_000);
    expect(model.filtered.inputTokens).toBe(306_000);
    expect({ cached: model.unfiltered.cachedTokens, uncached: model.unfiltered.uncachedTokens }).toEqual({
      cached: 304_000,
      uncached: 20_000,
    });
    expect({ cached: model.filtered.cachedTokens, uncached: model.filtered.uncachedTokens }).toEqual({
      cached: 278_800,
      uncached: 27_200,
    });
    expect(model.unfiltered.cost).toBeCloseTo(55_400, 6);
    expect(model.filtered.cost).toBeCloseTo(61_880, 6);
    expect(model.saved.cost).toBeCloseTo(-6_480, 6);
  });

  it('applies the documented defaults', () => {
    expect(modelSessionCost({ fullToolTokens: 1, preIntentToolTokens: 1 }).parameters).toEqual({
      fullToolTokens: 1,
      preIntentToolTokens: 1,
      turns: 20,
      preIntentTurns: 3,
      systemPromptTokens: 3000,
      tokensPerTurn: 1000,
      cacheReadPrice: 0.1,
      cacheWritePrice: 1.25,
      prefixWarm: false,
    });
  });
});

describe('modelSessionCost invariants', () => {
  const options = fc.record({
    fullToolTokens: fc.integer({ min: 0, max: 20_000 }),
    cut: fc.integer({ min: 0, max: 20_000 }),
    turns: fc.integer({ min: 1, max: 30 }),
    preIntentTurns: fc.integer({ min: 0, max: 30 }),
    systemPromptTokens: fc.integer({ min: 0, max: 10_000 }),
    tokensPerTurn: fc.integer({ min: 0, max: 5_000 }),
    prefixWarm: fc.boolean(),
  });

  it('sends exactly the pre-intent difference on each pre-intent turn fewer, and splits every token into cached or uncached', () => {
    fc.assert(
      fc.property(options, ({ cut, ...rest }) => {
        const preIntentTurns = Math.min(rest.preIntentTurns, rest.turns);
        const model = modelSessionCost({
          ...rest,
          preIntentTurns,
          preIntentToolTokens: Math.max(0, rest.fullToolTokens - cut),
        });
        const difference = rest.fullToolTokens - model.parameters.preIntentToolTokens;
        expect(model.saved.inputTokens).toBe(preIntentTurns * difference);
        for (const run of [model.unfiltered, model.filtered])
          expect(run.cachedTokens + run.uncachedTokens).toBe(run.inputTokens);
        expect(model.filtered.cacheBreaks).toBe(
          difference > 0 && preIntentTurns > 0 && preIntentTurns < rest.turns ? 1 : 0,
        );
      }),
    );
  });
});

describe('modelSessionCost against the closed form of docs/tokens.md', () => {
  // Δ = full − pre-intent tool tokens (> 0), k = pre-intent turns, r / w = read / write price, d = tokens per turn.
  // Cold prefix, 0 < k < turns: saved = k·r·Δ − (w − r)·(preIntent + system + k·d)
  // Warm prefix, 0 < k < turns: saved = k·(r·Δ − (w − r)·d)
  // No handshake (k = turns):   saved = Δ·(w + (k − 1)·r) cold, k·r·Δ warm
  function closedForm(
    o: Required<Omit<SessionCostOptions, 'cacheReadPrice' | 'cacheWritePrice'>> & { r: number; w: number },
  ): number {
    const delta = o.fullToolTokens - o.preIntentToolTokens;
    const k = o.preIntentTurns;
    // Δ = 0: the two lists are the same list, nothing changes
    if (k === 0 || delta === 0) return 0;
    if (k === o.turns) return o.prefixWarm ? k * o.r * delta : delta * (o.w + (k - 1) * o.r);
    if (o.prefixWarm) return k * (o.r * delta - (o.w - o.r) * o.tokensPerTurn);
    return k * o.r * delta - (o.w - o.r) * (o.preIntentToolTokens + o.systemPromptTokens + k * o.tokensPerTurn);
  }

  it('matches the closed form for any session', () => {
    const priced = fc.record({
      fullToolTokens: fc.integer({ min: 0, max: 20_000 }),
      cut: fc.integer({ min: 0, max: 20_000 }),
      turns: fc.integer({ min: 1, max: 30 }),
      preIntentTurns: fc.integer({ min: 0, max: 30 }),
      systemPromptTokens: fc.integer({ min: 0, max: 10_000 }),
      tokensPerTurn: fc.integer({ min: 0, max: 5_000 }),
      prefixWarm: fc.boolean(),
      r: fc.constantFrom(0.1, 0.25, 0.5, 1),
      w: fc.constantFrom(1, 1.25, 2),
    });
    fc.assert(
      fc.property(priced, ({ cut, r, w, ...rest }) => {
        const o = {
          ...rest,
          preIntentTurns: Math.min(rest.preIntentTurns, rest.turns),
          preIntentToolTokens: Math.max(0, rest.fullToolTokens - cut),
        };
        const model = modelSessionCost({ ...o, cacheReadPrice: r, cacheWritePrice: w });
        expect(model.saved.cost).toBeCloseTo(closedForm({ ...o, r, w }), 4);
      }),
    );
  });
});

describe('modelSessionCost input validation', () => {
  const invalid: { name: string; options: unknown; message: RegExp }[] = [
    { name: 'rejects a missing tool size', options: { fullToolTokens: 1 }, message: /preIntentToolTokens/ },
    {
      name: 'rejects negative tokens',
      options: { fullToolTokens: -1, preIntentToolTokens: 0 },
      message: /fullToolTokens/,
    },
    {
      name: 'rejects fractional turns',
      options: { fullToolTokens: 1, preIntentToolTokens: 0, turns: 2.5 },
      message: /turns/,
    },
    { name: 'rejects zero turns', options: { fullToolTokens: 1, preIntentToolTokens: 0, turns: 0 }, message: /turns/ },
    {
      name: 'rejects more pre-intent turns than turns',
      options: { fullToolTokens: 1, preIntentToolTokens: 0, turns: 2, preIntentTurns: 3 },
      message: /preIntentTurns: must not exceed turns/,
    },
    {
      name: 'rejects a negative price',
      options: { fullToolTokens: 1, preIntentToolTokens: 0, cacheReadPrice: -0.1 },
      message: /cacheReadPrice/,
    },
    {
      name: 'rejects an unknown option',
      options: { fullToolTokens: 1, preIntentToolTokens: 0, turn: 3 },
      message: /Unrecognized key/,
    },
    { name: 'rejects options that are not an object', options: 'twenty', message: /Invalid session model options/ },
  ];

  it.each(invalid)('$name', ({ options, message }) => {
    const run = () => modelSessionCost(options as SessionCostOptions);
    expect(run).toThrow(InvalidArgumentError);
    expect(run).toThrow(message);
  });
});
