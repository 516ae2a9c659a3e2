// The peer corpus of test/corpus/data/peers: the commands dcg's own pack tests say must be blocked
// or allowed (source and licence in test/corpus/data/README.md), each decided by a real governor
// with the approvals a coding session gives; shared by its test and scripts/peerCorpus.ts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DecisionCode } from '../../src/index';
import { replaySession, type CallOutcome, type ReplayContainment } from '../../scripts/friction/replaySession';

export const PEER_CORPUS_FILE = fileURLToPath(new URL('./data/peers/dcg.json', import.meta.url));
export const PEER_BASELINE_FILE = fileURLToPath(new URL('./data/peers/dcg.baseline.json', import.meta.url));

export const EXPECTATIONS = ['block', 'allow'] as const;
export type Expected = (typeof EXPECTATIONS)[number];

/** One command a dcg pack test asserts a verdict for. */
export interface PeerCase {
  /** dcg's pack id, `database.postgresql` */
  readonly pack: string;
  readonly command: string;
  readonly expected: Expected;
}

/** One case as the governor decided it. */
export interface PeerOutcome {
  readonly case: PeerCase;
  readonly decision: CallOutcome;
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The corpus order: by pack, then expectation, then command. */
export const compareCases = (a: PeerCase, b: PeerCase): number =>
  compareText(a.pack, b.pack) || compareText(a.expected, b.expected) || compareText(a.command, b.command);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseCase(value: unknown, index: number): PeerCase {
  if (
    !isRecord(value) ||
    typeof value.pack !== 'string' ||
    typeof value.command !== 'string' ||
    !EXPECTATIONS.some((expected) => expected === value.expected)
  )
    throw new Error(`${PEER_CORPUS_FILE} entry ${index}: not a { pack, command, expected } case`);
  return { pack: value.pack, command: value.command, expected: value.expected as Expected };
}

/** The corpus, checked case by case, in file order. */
export function readPeerCorpus(): PeerCase[] {
  const parsed: unknown = JSON.parse(readFileSync(PEER_CORPUS_FILE, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`${PEER_CORPUS_FILE}: not a JSON array`);
  return parsed.map(parseCase);
}

/** Codes that depend on what the session did before; a case decided with one is replayed alone. */
const HISTORY_CODES: ReadonlySet<DecisionCode> = new Set<DecisionCode>([
  'flow_secret_to_egress',
  'flow_untrusted_to_code',
  'held_calls_full',
  'control_file_changed',
  'control_file_accepted',
  'control_file_rejected',
]);

const PEER_ROOT = '/peer/repo';

function replayCases(id: string, cases: readonly PeerCase[], containment: ReplayContainment): CallOutcome[] {
  const calls = cases.map((item) => ({ tool: 'execute_command', args: { command: item.command } }));
  return [...replaySession('dcg', { id, root: PEER_ROOT, calls }, 'named', containment).calls];
}

/**
 * Decides every case with the everyday approvals, in a temporary workspace per pack laid out with
 * the files its commands name. A workspace and governor per case would take seconds; the cases of
 * a pack share one, and a case whose decision read the session's history is decided again alone.
 */
export function replayPeerCorpus(
  cases: readonly PeerCase[],
  containment: ReplayContainment = 'analysisOnly',
): PeerOutcome[] {
  const byPack = new Map<string, PeerCase[]>();
  for (const item of cases) byPack.set(item.pack, [...(byPack.get(item.pack) ?? []), item]);
  const decided = new Map<PeerCase, CallOutcome>();
  for (const [pack, packCases] of byPack) {
    replayCases(pack, packCases, containment).forEach((decision, index) => {
      const item = packCases[index]!;
      const alone = HISTORY_CODES.has(decision.code as DecisionCode)
        ? replayCases(`${pack} alone`, [item], containment)[0]
        : undefined;
      decided.set(item, alone ?? decision);
    });
  }
  return cases.map((item) => ({ case: item, decision: decided.get(item)! }));
}

/** A block case the governor allowed, or an allow case it held or refused. */
export const isMiss = ({ case: item, decision }: PeerOutcome): boolean =>
  (item.expected === 'block') === (decision.outcome === 'allowed');

/** A case as the baseline names it. */
export interface CaseName {
  readonly pack: string;
  readonly command: string;
}

/** The misses recorded: a list that only shrinks as the analysis improves. */
export interface PeerBaseline {
  /** block cases the governor allows */
  readonly missedBlocks: readonly CaseName[];
  /** allow cases the governor holds or refuses */
  readonly overBlockedAllows: readonly CaseName[];
}

const nameOf = ({ pack, command }: PeerCase): CaseName => ({ pack, command });
export const caseNameKey = ({ pack, command }: CaseName): string => `${pack}: ${command}`;

/** The baseline the outcomes make, in corpus order. */
export function baselineOf(outcomes: readonly PeerOutcome[]): PeerBaseline {
  const missed = (expected: Expected): CaseName[] =>
    outcomes
      .filter((outcome) => outcome.case.expected === expected && isMiss(outcome))
      .map((outcome) => nameOf(outcome.case));
  return { missedBlocks: missed('block'), overBlockedAllows: missed('allow') };
}

function parseNames(value: unknown, field: string): CaseName[] {
  if (!Array.isArray(value)) throw new Error(`${PEER_BASELINE_FILE}: ${field} is not a list`);
  return value.map((entry, index) => {
    if (!isRecord(entry) || typeof entry.pack !== 'string' || typeof entry.command !== 'string')
      throw new Error(`${PEER_BASELINE_FILE}: ${field}[${index}] is not a { pack, command } case`);
    return { pack: entry.pack, command: entry.command };
  });
}

export function readPeerBaseline(): PeerBaseline {
  const parsed: unknown = JSON.parse(readFileSync(PEER_BASELINE_FILE, 'utf8'));
  if (!isRecord(parsed)) throw new Error(`${PEER_BASELINE_FILE}: not a JSON object`);
  return {
    missedBlocks: parseNames(parsed.missedBlocks, 'missedBlocks'),
    overBlockedAllows: parseNames(parsed.overBlockedAllows, 'overBlockedAllows'),
  };
}

/** The baseline file's text: one case per line, so a change diffs case by case. */
export function baselineText(baseline: PeerBaseline): string {
  const list = (names: readonly CaseName[]): string =>
    names.length === 0 ? '[]' : `[\n${names.map((name) => `    ${JSON.stringify(name)}`).join(',\n')}\n  ]`;
  return `{\n  "missedBlocks": ${list(baseline.missedBlocks)},\n  "overBlockedAllows": ${list(baseline.overBlockedAllows)}\n}\n`;
}
