import { defineConfig } from 'vitest/config';
import { ciRetry, reportersFor, slowPoll, wholeValues } from '../vitest.ci.ts';

// Browser tests: the real built server on a temporary data folder, driven in Debian's Chromium.
export default defineConfig({
  test: {
    reporters: reportersFor('e2e'),
    name: 'e2e',
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Three files at a time, each with its own server and Chromium: a browser test mostly waits (decision 0085).
    maxWorkers: 3,
    retry: ciRetry,
    chaiConfig: wholeValues,
    expect: slowPoll,
  },
});
