import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// the tests that time the analysis against itself (linear growth, 1 MB inputs): beside another
// file on the other core their large inputs ran up to twice as long in CPU time as well as wall
// time (the two cores share caches and memory), so they run after every other file, alone
const TIMING_FILES = ['test/shell/performance.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['test/support/globalSetup.ts'],
    // full case names in table tests instead of 40-character stubs
    chaiConfig: { truncateThreshold: 0 },
    // one test file per core: vitest's default leaves one core idle, which on two cores runs the
    // files one at a time, and the end-to-end files spend much of their time waiting on the
    // agent CLIs, browser and servers they drive
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: { name: 'tests', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...TIMING_FILES], sequence: { groupOrder: 0 } },
      },
      { extends: true, test: { name: 'timing', include: TIMING_FILES, sequence: { groupOrder: 1 } } },
    ],
  },
});
