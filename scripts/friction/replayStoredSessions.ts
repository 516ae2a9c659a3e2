// Replays every stored session (test/corpus/data/sessions) and returns its figures; shared by
// `npm run friction` and the test that compares them with the recorded baseline.
import { readFileSync } from 'node:fs';
import { frictionFigures, type FrictionFigures } from './frictionFigures';
import { replaySession, type ReplayContainment } from './replaySession';
import {
  BASELINE_FILE,
  CONTAINED_BASELINE_FILE,
  readSessionFile,
  SESSION_FILES,
  type SessionSource,
} from './sessionData';
import type { Layout } from './workspaceLayout';

export interface FrictionReplay {
  readonly sources: readonly SessionSource[];
  readonly figures: FrictionFigures;
}

/** The baselines are recorded with the named layout; `bare` shows how much the layout matters. */
export function replayStoredSessions(
  layout: Layout = 'named',
  containment: ReplayContainment = 'analysisOnly',
): FrictionReplay {
  const sources = SESSION_FILES.map(readSessionFile);
  const outcomes = sources.flatMap((source) =>
    source.sessions.map((session) => replaySession(source.source, session, layout, containment)),
  );
  return { sources, figures: frictionFigures(sources, outcomes) };
}

/** The figures as the baseline file keeps them. */
export const figuresJson = (figures: FrictionFigures): string => `${JSON.stringify(figures, null, 2)}\n`;

/** The file that records the baseline of a way of running commands. */
export const baselineFile = (containment: ReplayContainment): string =>
  containment === 'contained' ? CONTAINED_BASELINE_FILE : BASELINE_FILE;

/** The recorded baseline, parsed; compared as data, so its layout does not matter. */
export function readBaseline(containment: ReplayContainment = 'analysisOnly'): unknown {
  return JSON.parse(readFileSync(baselineFile(containment), 'utf8'));
}
