import { join } from 'node:path';
import type { TestUserConfig } from 'vitest/config';

/**
 * Reporters for a suite: the default console reporter, plus a JSON report in FIXPOINT_REPORT_DIR when `.ci/run`
 * sets it, so it can total every suite into one `N passed, N failed` line.
 */
export function reportersFor(suite: string): TestUserConfig['reporters'] {
  const dir = process.env.FIXPOINT_REPORT_DIR;
  if (!dir) return ['default'];
  const database = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
  return ['default', ['json', { outputFile: join(dir, `${suite}-${database}.json`) }]];
}
