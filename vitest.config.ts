import { defineConfig } from 'vitest/config';
import { reportersFor } from './vitest.ci.ts';

// One run for every workspace's unit and integration tests. Browser tests have their own config (e2e/).
export default defineConfig({
  test: {
    reporters: reportersFor('unit'),
    projects: ['packages/*', 'apps/*'],
  },
});
