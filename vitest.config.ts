import { defineConfig } from 'vitest/config';
import { reportersFor } from './vitest.ci.ts';

// One run for every workspace's unit and integration tests. Browser tests have their own config (e2e/).
export default defineConfig({
  test: {
    reporters: reportersFor('unit'),
    // Two test files at a time, not Vitest's one (cores - 1) on this two-core machine: most of a file's time is
    // loading modules and PGlite, which the second core takes in parallel (decision 0085).
    maxWorkers: 2,
    projects: ['packages/*', 'apps/*'],
  },
});
