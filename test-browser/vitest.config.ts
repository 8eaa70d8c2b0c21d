import { defineConfig } from 'vitest/config';

// The real-browser tests: not part of `npm test` (they need Chromium). Run with
// `npm run test:browser`; set CHROMIUM_PATH when Chromium is not at /usr/bin/chromium.
export default defineConfig({
  test: {
    include: ['test-browser/**/*.test.ts'],
    globalSetup: ['test-browser/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
