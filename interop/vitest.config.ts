import { defineConfig } from 'vitest/config';
import { ciRetry, reportersFor, slowPoll, wholeValues } from '../vitest.ci.ts';

// The interop suite: tests that read ../shared/testdata or drive Debian peers (str2str, curl).
// Not part of `npm test` (a fresh clone has no ../shared); `.ci/run` runs it with `npm run test:interop`.
export default defineConfig({
  test: {
    reporters: reportersFor('interop'),
    name: 'interop',
    include: ['interop/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    retry: ciRetry,
    chaiConfig: wholeValues,
    expect: slowPoll,
  },
});
