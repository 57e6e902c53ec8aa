import { defineConfig } from 'vitest/config';

// One run for every workspace's unit and integration tests. Browser tests have their own config (e2e/).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
  },
});
