import { configDefaults, defineProject } from 'vitest/config';
import { ciRetry } from '../../vitest.ci.ts';

// `*.pg.test.ts` test what only PostgreSQL has (named prepared statements): they run where TEST_DATABASE_URL names
// a server (`.ci/run` runs the server project there again), and are not collected at all on PGlite.
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    retry: ciRetry,
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts'])],
  },
});
