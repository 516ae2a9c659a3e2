import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containedShellLine } from '../../src/containment/containedShellLine';
import { containmentProfile } from '../../src/containment/containmentProfile';
import type { MaskSources } from '../../src/containment/maskSources';
import { stableMaskSources } from '../../src/containment/stableMaskSources';
import { parseIntentIgnore } from '../../src/intents/intentIgnore';
import { adversarialSession } from '../differential/adversarialCommands';
import {
  changesBetween,
  copiedSecrets,
  makeSandbox,
  removeSandbox,
  SECRET_MARKERS,
  snapshot,
  type Sandbox,
} from '../differential/bashSandbox';
import { BWRAP } from './sandboxSupport';

// The differential test against real bash (test/differential/adversarialBash.test.ts), run
// contained: the same generated sessions of write commands (redirections, cp, mv, tee, touch,
// rm, links made and written through, `cd` and relative paths, globs, scripts written and run),
// each command made into the contained line (`containedShellLine`) of the profile of an intent
// that owns src/** and run by bash, with no decision in front of it. The kernel alone must
// hold: no entry outside ws/src changes (the control files, the folders beside and above the
// workspace included) and the ignored secret shows neither in the output nor in another file.
//
// INTENTGATE_CONTAINED_DIFF_RUNS runs more sessions, INTENTGATE_CONTAINED_DIFF_SEED another seed.

const RUNS = Number(process.env.INTENTGATE_CONTAINED_DIFF_RUNS ?? 60);
const SEED = Number(process.env.INTENTGATE_CONTAINED_DIFF_SEED ?? 20261202);
/** a backstop, not a budget: a generated script that runs itself again and again is ended here */
const RUN_BACKSTOP_MS = 30_000;

let cache = '';
let masks: MaskSources;

beforeAll(() => {
  cache = realpathSync(mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'contained-diff-cache-')));
  masks = stableMaskSources({ XDG_CACHE_HOME: cache });
});

afterAll(() => {
  rmSync(cache, { recursive: true, force: true });
});

/** The contained line of a command in the sandbox's workspace: src/** writable, secret/ masked. */
function lineFor(sandbox: Sandbox, command: string): string {
  const ws = realpathSync(sandbox.ws);
  const profile = containmentProfile({
    state: 'ACTION',
    workspaceRoot: ws,
    orchestrationDir: path.join(ws, '.orchestration'),
    ownedScope: ['src/**'],
    ignored: parseIntentIgnore('secret/\n'),
    approvedCategories: [],
    grantHosts: [],
  });
  const made = containedShellLine(profile, command, { bwrap: BWRAP ?? '', cwd: ws, masks });
  if (!made.ok) throw new Error(`no contained line for ${command}: ${made.reason}`);
  return made.line;
}

interface ContainedRun {
  readonly command: string;
  readonly status: number | null;
  readonly breaches: readonly string[];
}

/** Runs one command contained with bash, and lists what it changed outside src/ or leaked. */
function runContainedCommand(sandbox: Sandbox, command: string): ContainedRun {
  const before = snapshot(sandbox);
  const copiesBefore = new Set(copiedSecrets(sandbox));
  const result = spawnSync('bash', ['-c', lineFor(sandbox, command)], {
    cwd: sandbox.ws,
    env: { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', LC_ALL: 'C', HOME: sandbox.home },
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: RUN_BACKSTOP_MS,
    killSignal: 'SIGKILL',
    maxBuffer: 4 * 1024 * 1024,
    encoding: 'latin1',
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  // bwrap reports only a sandbox it could not make: then nothing was tested
  if (/^bwrap: /m.test(output)) throw new Error(`the sandbox did not start for ${command}: ${output.slice(0, 500)}`);
  // the dotenv file is no ignored path: reading it is the analysis's to judge, not the sandbox's
  const copies = copiedSecrets(sandbox).filter(
    (copy) => !copiesBefore.has(copy) && copy.endsWith('the ignored secret'),
  );
  const breaches = [
    ...changesBetween(before, snapshot(sandbox)),
    ...(output.includes(SECRET_MARKERS.ignored) ? ['the output shows the ignored secret'] : []),
    ...copies,
  ];
  return { command, status: result.status, breaches };
}

describe.skipIf(BWRAP === undefined)('generated commands against real bash, contained', () => {
  it(`change nothing outside src/ and show no ignored secret (${RUNS} sessions, seed ${SEED})`, () => {
    let sessions = 0;
    let commands = 0;
    let failed = 0;
    try {
      fc.assert(
        fc.property(adversarialSession, (session) => {
          sessions += 1;
          const sandbox = makeSandbox();
          try {
            for (const command of session) {
              const run = runContainedCommand(sandbox, command);
              commands += 1;
              if (run.status !== 0) failed += 1;
              if (run.breaches.length > 0)
                throw new Error(
                  `a contained command broke the rules\ncommand: ${command}\n${run.breaches.map((line) => `  ${line}`).join('\n')}`,
                );
            }
          } finally {
            removeSandbox(sandbox);
          }
        }),
        { numRuns: RUNS, seed: SEED },
      );
    } finally {
      // sessions and commands include any that shrinking a failure tried
      console.info(
        `contained adversarial bash (seed ${SEED}): ${sessions} sessions, ${commands} commands run contained, ${failed} of them ended non-zero`,
      );
    }
    expect(sessions).toBeGreaterThanOrEqual(RUNS);
  });

  it('sees a write outside src/ and the secret, run by the same observer uncontained', () => {
    // the observer is the differential test's own; shown here to see what it sees for this file
    const sandbox = makeSandbox();
    try {
      const before = snapshot(sandbox);
      spawnSync('bash', ['-c', 'echo x > docs/a.md; cp secret/x src/leak'], { cwd: sandbox.ws, stdio: 'ignore' });
      expect(changesBetween(before, snapshot(sandbox))).toEqual([expect.stringMatching(/^ws\/docs\/a\.md: file 644 /)]);
      expect(copiedSecrets(sandbox)).toContain('ws/src/leak holds the ignored secret');
      const contained = runContainedCommand(
        sandbox,
        'echo y > docs/a.md; cp secret/x src/leak2; cat secret/key.txt; echo in > src/in.txt',
      );
      expect(contained.breaches).toEqual([]);
      // the same line lets the scope be written
      expect(readFileSync(path.join(sandbox.ws, 'src', 'in.txt'), 'utf8')).toBe('in\n');
    } finally {
      removeSandbox(sandbox);
    }
  });
});
