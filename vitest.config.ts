import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/globalSetup.ts'],
    // full case names in table tests instead of 40-character stubs
    chaiConfig: { truncateThreshold: 0 },
  },
});
