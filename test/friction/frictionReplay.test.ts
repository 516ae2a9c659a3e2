// The replay of real agent sessions (docs/friction.md): every call counted once, and the figures
// equal to the recorded baseline, so a change in the decisions shows up as a diff to review.
// After a deliberate change: `npm run friction -- --write-baseline`, and review the diff.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FrictionFigures } from '../../scripts/friction/frictionFigures';
import { readBaseline, replayStoredSessions, type FrictionReplay } from '../../scripts/friction/replayStoredSessions';
import { inWorkspace, namedPaths } from '../../scripts/friction/workspaceLayout';

let replay: FrictionReplay;
let figures: FrictionFigures;

beforeAll(() => {
  replay = replayStoredSessions();
  figures = replay.figures;
});

describe('the friction replay of stored agent sessions', () => {
  it('replays every stored session and every call of it once', () => {
    const stored = replay.sources.flatMap((source) => source.sessions);
    expect(figures.sessions).toBe(stored.length);
    expect(figures.perSession.map((row) => row.calls)).toEqual(stored.map((session) => session.calls.length));
    expect(figures.calls).toBe(stored.reduce((sum, session) => sum + session.calls.length, 0));
  });

  it('counts each call as exactly one of allowed, asked or refused', () => {
    expect(figures.allowed + figures.asked + figures.refused).toBe(figures.calls);
    for (const row of figures.perSession) expect(row.allowed + row.asked + row.refused, row.id).toBe(row.calls);
  });

  it('counts an all-nine fail-closed call among the asks only when it was held', () => {
    expect(figures.allNineAsks).toBeLessThanOrEqual(figures.asked);
    expect(figures.allNineAsks).toBeLessThanOrEqual(figures.allNineCalls);
  });

  it('gives every ask and every refusal one reason', () => {
    const sum = (causes: FrictionFigures['askReasons']): number =>
      causes.reduce((total, cause) => total + cause.count, 0);
    expect(sum(figures.askCodes)).toBe(figures.asked);
    expect(sum(figures.askReasons)).toBe(figures.asked);
    expect(sum(figures.askPrograms)).toBe(figures.asked);
    expect(sum(figures.refusalCodes)).toBe(figures.refused);
    expect(sum(figures.refusalReasons)).toBe(figures.refused);
  });

  it('matches the recorded baseline exactly', () => {
    expect(JSON.parse(JSON.stringify(figures))).toEqual(readBaseline());
  });
});

describe('the same sessions for a host that runs every shell command contained', () => {
  let contained: FrictionFigures;
  beforeAll(() => {
    contained = replayStoredSessions('named', 'contained').figures;
  });

  it('asks at most once per session at the median, and never fails closed with all nine', () => {
    expect(contained.asksPerSession.median).toBeLessThanOrEqual(1);
    expect(contained.allNineAsks).toBe(0);
    expect(contained.allNineCalls).toBe(0);
  });

  it('refuses at most 5 benign calls in 2,575 (scaled to this sample), and fewer than analysis alone', () => {
    expect(contained.refused / contained.calls).toBeLessThanOrEqual(5 / 2575);
    expect(contained.refused).toBeLessThan(figures.refused);
    expect(contained.asked).toBeLessThan(figures.asked);
  });

  it('matches its recorded baseline exactly', () => {
    expect(JSON.parse(JSON.stringify(contained))).toEqual(readBaseline('contained'));
  });
});

describe('the workspace a session is replayed in', () => {
  const session = (commands: readonly string[]) => ({
    id: 'example',
    root: '/testbed',
    calls: commands.map((command) => ({ tool: 'execute_command', args: { command } })),
  });

  it('lays out the files and folders the commands name, and their parents', () => {
    expect(namedPaths(session(['cat /testbed/src/a.py && ls docs/', 'pytest tests/test_a.py::test_one']))).toEqual({
      files: ['src/a.py', 'tests/test_a.py'],
      folders: ['docs', 'src', 'tests'],
    });
  });

  it('makes a program run by its path a file, even where another call lists it', () => {
    expect(namedPaths(session(['ls bin/test', 'bin/test sympy/core', './configure']))).toEqual({
      files: ['bin/test', 'configure'],
      folders: ['bin', 'sympy', 'sympy/core'],
    });
  });

  it('leaves out paths outside the repository, parent steps and the control folders', () => {
    expect(namedPaths(session(['cat /etc/passwd ../x.py .git/config .orchestration/a.yaml']))).toEqual({
      files: [],
      folders: [],
    });
  });

  it("puts the workspace in place of the agent's repository folder, and only of it", () => {
    expect(inWorkspace('cd /testbed && cat /testbed/a.py "/testbed" /testbed2/b.py', session([]), '/tmp/w/repo')).toBe(
      'cd /tmp/w/repo && cat /tmp/w/repo/a.py "/tmp/w/repo" /testbed2/b.py',
    );
  });
});
