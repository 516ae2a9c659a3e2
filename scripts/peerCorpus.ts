// Decides every case of the peer corpus (dcg's pack tests, test/corpus/data/peers) with the
// everyday approvals and prints the figures: block cases held, refused or allowed, allow cases
// allowed, held or refused, per pack, and every miss with the categories behind it.
//   npm run peers [-- --update] [-- --contained]
// --update rewrites test/corpus/data/peers/dcg.baseline.json with the current misses.
// --contained decides for a host that runs every shell command in the containment sandbox.
import { rmSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { categorize, RISK_CATEGORIES, type RiskCategory } from '../src/index';
import type { Outcome, ReplayContainment } from './friction/replaySession';
import { leadingProgram } from './leadingProgram';
import {
  baselineOf,
  baselineText,
  EXPECTATIONS,
  isMiss,
  PEER_BASELINE_FILE,
  readPeerCorpus,
  replayPeerCorpus,
  type Expected,
  type PeerOutcome,
} from '../test/corpus/peerCorpus';
import { makeCorpusWorkspace } from '../test/corpus/publicCorpus';

const TOP_PROGRAMS = 25;

/** The outcomes in the order a row lists them: what the peer expects first. */
const COLUMNS: Readonly<Record<Expected, readonly Outcome[]>> = {
  block: ['asked', 'refused', 'allowed'],
  allow: ['allowed', 'asked', 'refused'],
};
/** "asked" is the replay's word; a person reading the figures knows it as held. */
const WORD: Readonly<Record<Outcome, string>> = { asked: 'held', refused: 'refused', allowed: 'allowed' };

const percent = (part: number, whole: number): string => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`);
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

function totals(outcomes: readonly PeerOutcome[], expected: Expected): string {
  const cases = outcomes.filter((outcome) => outcome.case.expected === expected);
  const counts = countBy(cases, (outcome) => outcome.decision.outcome);
  const parts = COLUMNS[expected].map((outcome) => {
    const count = counts.get(outcome) ?? 0;
    return `${WORD[outcome]} ${count} (${percent(count, cases.length)})`;
  });
  const kept = expected === 'block' ? cases.length - (counts.get('allowed') ?? 0) : (counts.get('allowed') ?? 0);
  const keptWord = expected === 'block' ? 'stopped (held or refused)' : 'kept (allowed)';
  return `${expected} cases: ${cases.length}: ${parts.join(', ')}; ${keptWord} ${percent(kept, cases.length)}`;
}

function perPackTable(outcomes: readonly PeerOutcome[]): string {
  const header = EXPECTATIONS.flatMap((expected) => COLUMNS[expected].map((outcome) => `${expected} ${WORD[outcome]}`));
  const lines = [`| pack | ${header.join(' | ')} |`, `| --- |${' ---: |'.repeat(header.length)}`];
  const packs = [...new Set(outcomes.map((outcome) => outcome.case.pack))].sort(compareText);
  for (const pack of packs) {
    const cells = EXPECTATIONS.flatMap((expected) => {
      const counts = countBy(
        outcomes.filter((outcome) => outcome.case.pack === pack && outcome.case.expected === expected),
        (outcome) => outcome.decision.outcome,
      );
      return COLUMNS[expected].map((outcome) => String(counts.get(outcome) ?? 0));
    });
    lines.push(`| ${pack} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

function programTable(misses: readonly PeerOutcome[], expected: Expected): string {
  const counts = countBy(
    misses.filter((outcome) => outcome.case.expected === expected),
    (outcome) => leadingProgram(outcome.case.command),
  );
  const top = [...counts].sort(([a, x], [b, y]) => y - x || compareText(a, b)).slice(0, TOP_PROGRAMS);
  return top.map(([program, count]) => `  ${String(count).padStart(4)}  ${program}`).join('\n');
}

/** The categories the analysis raises for a command, in a fresh empty workspace. */
function categoriesOf(commands: readonly string[]): Map<string, readonly RiskCategory[]> {
  const workspace = makeCorpusWorkspace();
  try {
    const { workspaceRoot, homeDir } = workspace;
    return new Map(
      commands.map((command) => [command, categorize('shell', { command }, { workspaceRoot, homeDir }).categories]),
    );
  } finally {
    rmSync(workspace.root, { recursive: true, force: true });
  }
}

/** One miss: what the governor did and why, with the categories the analysis raised. */
function missLine(outcome: PeerOutcome, raised: ReadonlyMap<string, readonly RiskCategory[]>): string {
  const { case: item, decision } = outcome;
  const categories = RISK_CATEGORIES.filter((category) => raised.get(item.command)?.includes(category));
  const detail =
    decision.outcome === 'allowed'
      ? `raises ${categories.join(' ') || 'nothing'}`
      : decision.outcome === 'asked'
        ? `needs ${decision.unapproved.join(' ')}: ${decision.why}`
        : `${decision.code}: ${decision.why}`;
  return `  [${item.pack}] ${WORD[decision.outcome]}: ${item.command}\n      ${detail}`;
}

function report(outcomes: readonly PeerOutcome[], containment: ReplayContainment): string {
  const misses = outcomes.filter(isMiss);
  const raised = categoriesOf(misses.map((outcome) => outcome.case.command));
  const missList = (expected: Expected): string =>
    misses
      .filter((outcome) => outcome.case.expected === expected)
      .map((outcome) => missLine(outcome, raised))
      .join('\n');
  return [
    `dcg pack tests replayed with ${containment === 'contained' ? 'containment' : 'analysis only'}, approvals EXEC_ARBITRARY FS_DELETE_OVERWRITE`,
    totals(outcomes, 'block'),
    totals(outcomes, 'allow'),
    '',
    perPackTable(outcomes),
    '',
    'block cases allowed, by program:',
    programTable(misses, 'block'),
    'allow cases held or refused, by program:',
    programTable(misses, 'allow'),
    '',
    'block cases allowed:',
    missList('block'),
    '',
    'allow cases held or refused:',
    missList('allow'),
    '',
  ].join('\n');
}

function main(): void {
  const { values } = parseArgs({ options: { update: { type: 'boolean' }, contained: { type: 'boolean' } } });
  if (values.update === true && values.contained === true)
    throw new Error('--update records the analysis-only decisions: leave out --contained');
  const containment: ReplayContainment = values.contained === true ? 'contained' : 'analysisOnly';
  const outcomes = replayPeerCorpus(readPeerCorpus(), containment);
  // the baseline first, so a reader that stops the report early does not stop the update
  if (values.update === true) writeFileSync(PEER_BASELINE_FILE, baselineText(baselineOf(outcomes)));
  process.stdout.write(report(outcomes, containment));
  if (values.update === true) process.stdout.write(`wrote ${PEER_BASELINE_FILE}\n`);
}

main();
