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
  // One file per run (the pid): a run with TEST_DATABASE_URL already set names `npm test`'s report like the
  // PostgreSQL run's, which must not overwrite it.
  return ['default', ['json', { outputFile: join(dir, `${suite}-${database}-${process.pid}.json`) }]];
}

/**
 * Under CI a failed test runs up to twice more before it counts as failed (decision 0035). Many tests time real
 * sockets, processes and browsers on two shared cores; a broken feature fails all three tries, a scheduling hiccup
 * does not. `.ci/totals.mjs` names every test that needed a retry, so flaky tests stay visible. Vitest projects do
 * not inherit the root's `retry`, so every config sets it from here.
 */
export const ciRetry = process.env.CI ? 2 : 0;

/** A failed assertion prints the whole value (the console problems a page logged, say), not `[ Array(1) ]`. */
export const wholeValues = { truncateThreshold: 0 };

/**
 * `expect.poll` waits up to 10 s, not Vitest's 1 s: a browser page hydrating and answering its first read, or a
 * caster noticing a socket, can take longer than a second on two shared cores while another suite runs.
 */
export const slowPoll = { poll: { timeout: 10_000 } };
