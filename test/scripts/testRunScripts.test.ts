import { describe, expect, it } from 'vitest';
import { slowestListing, type RecordedRun } from '../../scripts/testDurations';
import { readLoadOptions, startBurners } from '../../scripts/testUnderLoad';
import { burnersAsked } from '../support/loadBesideReporter';

describe('npm run test:load options', () => {
  it.each([
    { name: 'no arguments: two burners, nothing for vitest', argv: [], expected: { burners: 2, vitestArgs: [] } },
    {
      name: 'vitest arguments pass through in order',
      argv: ['--project', 'work', 'test/x.test.ts'],
      expected: { burners: 2, vitestArgs: ['--project', 'work', 'test/x.test.ts'] },
    },
    {
      name: '--burners anywhere is the script own',
      argv: ['--project', 'work', '--burners', '3'],
      expected: { burners: 3, vitestArgs: ['--project', 'work'] },
    },
    {
      name: 'zero burners runs the suite as it is',
      argv: ['--burners', '0'],
      expected: { burners: 0, vitestArgs: [] },
    },
  ])('reads $name', ({ argv, expected }) => {
    expect(readLoadOptions(argv)).toEqual(expected);
  });

  it.each([['--burners'], ['--burners', 'two'], ['--burners', '-1'], ['--burners', '17'], ['--burners', '1.5']])(
    'refuses %j with the values it takes',
    (...argv) => {
      expect(() => readLoadOptions(argv)).toThrow(/--burners takes a whole number from 0 to 16/);
    },
  );
});

describe('INTENTGATE_TEST_BURNERS', () => {
  it.each([
    { name: 'unset', value: undefined, expected: 0 },
    { name: 'empty', value: '', expected: 0 },
    { name: 'two', value: '2', expected: 2 },
  ])('reads $name as $expected', ({ value, expected }) => {
    expect(burnersAsked(value === undefined ? {} : { INTENTGATE_TEST_BURNERS: value })).toBe(expected);
  });

  it('refuses a value that is not a count, naming it', () => {
    expect(() => burnersAsked({ INTENTGATE_TEST_BURNERS: 'many' })).toThrow(
      'INTENTGATE_TEST_BURNERS takes a whole number from 0 to 16, got "many"',
    );
  });
});

describe('CPU-bound processes beside the tests', () => {
  const alive = (pid: number): boolean => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  it('run as processes of their own until stopped, and are gone once stopped', async () => {
    const burners = startBurners(2);
    expect(burners.pids).toHaveLength(2);
    expect(burners.pids.map(alive)).toEqual([true, true]);
    burners.stop();
    // waits for the exits the stop caused, with a backstop
    for (let poll = 0; poll < 6000 && burners.pids.some(alive); poll += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(burners.pids.map(alive)).toEqual([false, false]);
  });
});

describe('npm run test:slowest', () => {
  const run: RecordedRun = {
    endedAt: '2026-12-02T04:00:00.000Z',
    wallMs: 90_000,
    files: [
      { file: 'test/a.test.ts', project: 'work', ms: 60_000, state: 'passed' },
      { file: 'test/b.test.ts', project: 'unit', ms: 30_000, state: 'failed' },
      { file: 'test/c.test.ts', project: 'unit', ms: 10_000, state: 'passed' },
    ],
  };

  it('lists the slowest files first with their layer and share, and marks a file that did not pass', () => {
    expect(slowestListing(run, 2).split('\n')).toEqual([
      'last run ended 2026-12-02T04:00:00.000Z: 3 files in 90.0 s wall, 100.0 s in files',
      '   60.0 s  60.0%  work       test/a.test.ts',
      '   30.0 s  30.0%  unit       test/b.test.ts (failed)',
    ]);
  });
});
