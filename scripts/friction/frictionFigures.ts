// The figures of a replay: per session and in total, asks, refusals and fail-closed decisions,
// and what causes them. Plain JSON data, so a recorded baseline compares with exact equality.
import type { CallOutcome, SessionOutcome } from './replaySession';
import type { SessionSource } from './sessionData';
import { leadingProgram } from '../leadingProgram';

/** A cause of asks or refusals: how many calls it decided, and the first of them in replay order. */
export interface Cause {
  readonly key: string;
  readonly count: number;
  readonly example: string;
}

export interface SessionFigures {
  readonly source: string;
  readonly id: string;
  readonly calls: number;
  readonly allowed: number;
  readonly asked: number;
  readonly refused: number;
  readonly allNine: number;
}

export interface SourceFigures {
  readonly source: string;
  readonly sessions: number;
  readonly calls: number;
  readonly droppedLongCalls: number;
  readonly allowed: number;
  readonly asked: number;
  readonly refused: number;
  readonly allNine: number;
  readonly medianAsks: number;
}

export interface FrictionFigures {
  readonly sessions: number;
  readonly calls: number;
  readonly allowed: number;
  readonly asked: number;
  readonly refused: number;
  /** refused calls per call, rounded to 4 decimals */
  readonly refusedShare: number;
  /** asks whose call carries all nine categories: the analysis failed closed */
  readonly allNineAsks: number;
  /** every call, of any verdict, carrying all nine categories */
  readonly allNineCalls: number;
  /** asks the human answered Continue that were refused all the same */
  readonly refusedAfterContinue: number;
  readonly asksPerSession: {
    readonly median: number;
    readonly mean: number;
    readonly p90: number;
    readonly max: number;
    readonly withoutAsks: number;
  };
  readonly bySource: readonly SourceFigures[];
  /** asks by deciding reason code */
  readonly askCodes: readonly Cause[];
  /** asks by code, unapproved categories (or all nine) and what raised the first of them */
  readonly askReasons: readonly Cause[];
  /** asks per category the session had not approved; an ask counts under each of its own */
  readonly askCategories: readonly Cause[];
  readonly askPrograms: readonly Cause[];
  /** refusals by deciding reason code */
  readonly refusalCodes: readonly Cause[];
  readonly refusalReasons: readonly Cause[];
  readonly perSession: readonly SessionFigures[];
}

const EXAMPLE_WIDTH = 160;
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A call's text on one line, clipped, for a report. */
export function shown(text: string, width = EXAMPLE_WIDTH): string {
  const flat = text.replace(/\n/g, ' ⏎ ');
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

const programOf = (call: CallOutcome): string =>
  call.tool === 'execute_command' ? leadingProgram(call.text) : call.tool;

/** Counts calls by key, keeping each key's first call as its example; largest first, ties by key. */
function causes(calls: readonly CallOutcome[], keysOf: (call: CallOutcome) => readonly string[]): Cause[] {
  const found = new Map<string, { count: number; example: string }>();
  for (const call of calls) {
    for (const key of keysOf(call)) {
      const seen = found.get(key);
      if (seen === undefined) found.set(key, { count: 1, example: shown(call.text) });
      else seen.count++;
    }
  }
  return [...found.entries()]
    .map(([key, { count, example }]) => ({ key, count, example }))
    .sort((a, b) => b.count - a.count || compareText(a.key, b.key));
}

const median = (sorted: readonly number[]): number => {
  if (sorted.length === 0) return 0;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
/** The nearest-rank percentile: the smallest value at least that share of sessions do not exceed. */
const percentile = (sorted: readonly number[], share: number): number =>
  sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? 0;
const round = (value: number, decimals: number): number => Number(value.toFixed(decimals));
const ascending = (values: readonly number[]): number[] => [...values].sort((a, b) => a - b);

function sessionFigures(session: SessionOutcome): SessionFigures {
  const count = (outcome: CallOutcome['outcome']): number =>
    session.calls.filter((call) => call.outcome === outcome).length;
  return {
    source: session.source,
    id: session.id,
    calls: session.calls.length,
    allowed: count('allowed'),
    asked: count('asked'),
    refused: count('refused'),
    allNine: session.calls.filter((call) => call.outcome === 'asked' && call.allNine).length,
  };
}

const total = (rows: readonly SessionFigures[], field: 'calls' | 'allowed' | 'asked' | 'refused' | 'allNine'): number =>
  rows.reduce((sum, row) => sum + row[field], 0);

/** The figures of a replay of the given sources' sessions. */
export function frictionFigures(
  sources: readonly SessionSource[],
  sessions: readonly SessionOutcome[],
): FrictionFigures {
  const perSession = sessions.map(sessionFigures);
  const asks = ascending(perSession.map((row) => row.asked));
  const calls = sessions.flatMap((session) => session.calls);
  const asked = calls.filter((call) => call.outcome === 'asked');
  const refused = calls.filter((call) => call.outcome === 'refused');
  const bySource = sources.map((source): SourceFigures => {
    const rows = perSession.filter((row) => row.source === source.source);
    return {
      source: source.source,
      sessions: rows.length,
      calls: total(rows, 'calls'),
      droppedLongCalls: source.droppedLongCalls,
      allowed: total(rows, 'allowed'),
      asked: total(rows, 'asked'),
      refused: total(rows, 'refused'),
      allNine: total(rows, 'allNine'),
      medianAsks: median(ascending(rows.map((row) => row.asked))),
    };
  });
  return {
    sessions: perSession.length,
    calls: calls.length,
    allowed: total(perSession, 'allowed'),
    asked: asked.length,
    refused: refused.length,
    refusedShare: calls.length === 0 ? 0 : round(refused.length / calls.length, 4),
    allNineAsks: asked.filter((call) => call.allNine).length,
    allNineCalls: calls.filter((call) => call.allNine).length,
    refusedAfterContinue: asked.filter((call) => call.refusedAfterContinue).length,
    asksPerSession: {
      median: median(asks),
      mean: asks.length === 0 ? 0 : round(asks.reduce((sum, value) => sum + value, 0) / asks.length, 2),
      p90: percentile(asks, 0.9),
      max: asks.at(-1) ?? 0,
      withoutAsks: asks.filter((value) => value === 0).length,
    },
    bySource,
    askCodes: causes(asked, (call) => [call.code]),
    askReasons: causes(asked, (call) => [
      `${call.code}: ${call.allNine ? 'all nine' : call.unapproved.join('+')}: ${call.why}`,
    ]),
    askCategories: causes(asked, (call) => call.unapproved),
    askPrograms: causes(asked, (call) => [programOf(call)]),
    refusalCodes: causes(refused, (call) => [call.code]),
    refusalReasons: causes(refused, (call) => [`${call.code}: ${call.why}`]),
    perSession,
  };
}
