import { defineConfig } from 'vitest/config';
import { ciRetry, reportersFor, wholeValues } from '../vitest.ci.ts';

// Browser tests: the real built server on a temporary data folder, driven in Debian's Chromium.
export default defineConfig({
  test: {
    reporters: reportersFor('e2e'),
    name: 'e2e',
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    retry: ciRetry,
    chaiConfig: wholeValues,
  },
});
