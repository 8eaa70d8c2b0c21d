import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup/build.ts'],
    setupFiles: ['test/setup/fast-check.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Every core: without it this vitest runs one fork at a time here, and the suite takes twice
    // as long on the 2-core machines CI uses.
    maxWorkers: '100%',
    reporters: ['default'],
  },
});
