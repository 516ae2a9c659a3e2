import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/globalSetup.ts'],
    // full case names in table tests instead of 40-character stubs
    chaiConfig: { truncateThreshold: 0 },
    // one test file per core: vitest's default leaves one core idle, which on two cores runs the
    // files one at a time, and the end-to-end files spend much of their time waiting on the
    // agent CLIs, browser and servers they drive
    maxWorkers: availableParallelism(),
  },
});
