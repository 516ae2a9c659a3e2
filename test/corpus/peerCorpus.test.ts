// dcg's own pack tests (test/corpus/data/peers/dcg.json) decided by a real governor with the
// everyday approvals. Every block case must be held or refused and every allow case allowed, except
// the misses dcg.baseline.json records; that list only shrinks: a recorded case that now passes
// fails too, so the improvement is recorded. After a change: `npm run peers -- --update`, review the diff.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  baselineOf,
  caseNameKey,
  compareCases,
  isMiss,
  readPeerBaseline,
  readPeerCorpus,
  replayPeerCorpus,
  type CaseName,
  type Expected,
  type PeerCase,
  type PeerOutcome,
} from './peerCorpus';

const corpus = readPeerCorpus();
const baseline = readPeerBaseline();
const UPDATE = 'npm run peers -- --update';

/** The recorded misses of each expectation, by case name. */
const recorded: Readonly<Record<Expected, ReadonlySet<string>>> = {
  block: new Set(baseline.missedBlocks.map(caseNameKey)),
  allow: new Set(baseline.overBlockedAllows.map(caseNameKey)),
};

const caseKey = (item: PeerCase): string => `${item.expected} ${caseNameKey(item)}`;
const tableOf = (expected: Expected): Array<{ name: string; item: PeerCase }> =>
  corpus.filter((item) => item.expected === expected).map((item) => ({ name: caseNameKey(item), item }));

let decided: ReadonlyMap<string, PeerOutcome>;
beforeAll(() => {
  decided = new Map(replayPeerCorpus(corpus).map((outcome) => [caseKey(outcome.case), outcome]));
});

function outcomeOf(item: PeerCase): PeerOutcome {
  const outcome = decided.get(caseKey(item));
  if (outcome === undefined) throw new Error(`not replayed: ${caseKey(item)}`);
  return outcome;
}

/** What a failure shows of a decision: enough to see why without running the report. */
const shown = ({ decision }: PeerOutcome) => ({
  outcome: decision.outcome,
  code: decision.code,
  unapproved: decision.unapproved,
  why: decision.why,
});

function expectAsRecorded(item: PeerCase): void {
  const outcome = outcomeOf(item);
  const listed = recorded[item.expected].has(caseNameKey(item));
  const list = item.expected === 'block' ? 'missedBlocks' : 'overBlockedAllows';
  const message = listed
    ? `passes now: remove it from ${list} in test/corpus/data/peers/dcg.baseline.json (${UPDATE})`
    : `a new miss: the decision ${item.expected === 'block' ? 'allows a command dcg blocks' : 'stops a command dcg allows'}`;
  expect(isMiss(outcome), `${caseNameKey(item)}: ${message}\n${JSON.stringify(shown(outcome))}`).toBe(listed);
}

describe('dcg peer corpus: data', () => {
  it('holds between 1,000 and 2,000 cases, sorted by pack, expectation and command, each once', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(1000);
    expect(corpus.length).toBeLessThanOrEqual(2000);
    expect(corpus).toEqual([...corpus].sort(compareCases));
    expect(new Set(corpus.map(caseKey)).size).toBe(corpus.length);
  });

  it('gives every case a dotted pack id and a non-empty command, and one verdict per pack and command', () => {
    expect(corpus.filter((item) => !/^[a-z0-9_]+(\.[a-z0-9_]+)?$/.test(item.pack))).toEqual([]);
    expect(corpus.filter((item) => item.command.trim() === '' || item.command.includes('\0'))).toEqual([]);
    expect(new Set(corpus.map(caseNameKey)).size).toBe(corpus.length);
  });

  it('holds both block and allow cases for most packs', () => {
    const packs = new Set(corpus.map((item) => item.pack));
    const withBoth = [...packs].filter((pack) =>
      (['block', 'allow'] as const).every((expected) =>
        corpus.some((item) => item.pack === pack && item.expected === expected),
      ),
    );
    expect(packs.size).toBeGreaterThanOrEqual(50);
    expect(withBoth.length / packs.size).toBeGreaterThan(0.8);
  });
});

describe('dcg peer corpus: the baseline', () => {
  const names = (expected: Expected): CaseName[] =>
    expected === 'block' ? [...baseline.missedBlocks] : [...baseline.overBlockedAllows];

  it.each(['block', 'allow'] as const)('lists only %s cases of the corpus, in corpus order, each once', (expected) => {
    const inCorpus = corpus.filter((item) => item.expected === expected).map(caseNameKey);
    const listed = names(expected).map(caseNameKey);
    expect(listed.filter((name) => !inCorpus.includes(name))).toEqual([]);
    expect(listed).toEqual(inCorpus.filter((name) => listed.includes(name)));
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('is what the update command would write for the current decisions', () => {
    const current = baselineOf([...decided.values()].sort((a, b) => compareCases(a.case, b.case)));
    expect(current, `the misses changed: run ${UPDATE} and review the diff`).toEqual(baseline);
  });
});

describe('dcg block cases: held or refused, unless recorded as missed', () => {
  it.each(tableOf('block'))('$name', ({ item }) => expectAsRecorded(item));
});

describe('dcg allow cases: allowed, unless recorded as over-blocked', () => {
  it.each(tableOf('allow'))('$name', ({ item }) => expectAsRecorded(item));
});

describe('dcg peer corpus: figures', () => {
  const count = (expected: Expected, miss: boolean): number =>
    [...decided.values()].filter((outcome) => outcome.case.expected === expected && isMiss(outcome) === miss).length;

  it('stops (holds or refuses) at least the recorded number of block cases', () => {
    const blocks = corpus.filter((item) => item.expected === 'block').length;
    expect(count('block', false)).toBeGreaterThanOrEqual(blocks - baseline.missedBlocks.length);
  });

  it('allows at least the recorded number of allow cases', () => {
    const allows = corpus.filter((item) => item.expected === 'allow').length;
    expect(count('allow', false)).toBeGreaterThanOrEqual(allows - baseline.overBlockedAllows.length);
  });

  it('decides a sample of cases the same alone as in their pack’s shared session', () => {
    const sample = corpus.filter((_, index) => index % 97 === 0);
    const alone = sample.map((item) => replayPeerCorpus([item])[0]!);
    expect(alone.map(({ case: item, decision }) => [caseKey(item), decision.outcome, decision.code])).toEqual(
      sample.map((item) => [caseKey(item), outcomeOf(item).decision.outcome, outcomeOf(item).decision.code]),
    );
  });
});
