// Replays every stored session (test/corpus/data/sessions) and returns its figures; shared by
// `npm run friction` and the test that compares them with the recorded baseline.
import { readFileSync } from 'node:fs';
import { frictionFigures, type FrictionFigures } from './frictionFigures';
import { replaySession } from './replaySession';
import { BASELINE_FILE, readSessionFile, SESSION_FILES, type SessionSource } from './sessionData';
import type { Layout } from './workspaceLayout';

export interface FrictionReplay {
  readonly sources: readonly SessionSource[];
  readonly figures: FrictionFigures;
}

/** The baseline is recorded with the named layout; `bare` shows how much the layout matters. */
export function replayStoredSessions(layout: Layout = 'named'): FrictionReplay {
  const sources = SESSION_FILES.map(readSessionFile);
  const outcomes = sources.flatMap((source) => source.sessions.map((session) => replaySession(source.source, session, layout)));
  return { sources, figures: frictionFigures(sources, outcomes) };
}

/** The figures as the baseline file keeps them. */
export const figuresJson = (figures: FrictionFigures): string => `${JSON.stringify(figures, null, 2)}\n`;

/** The recorded baseline, parsed; compared as data, so its layout does not matter. */
export function readBaseline(): unknown {
  return JSON.parse(readFileSync(BASELINE_FILE, 'utf8'));
}
