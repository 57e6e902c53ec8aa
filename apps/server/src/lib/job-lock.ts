import type { DatabaseHandle } from '@fixpoint/db';
import { sql } from 'drizzle-orm';

/**
 * Runs a clock's round in one process at a time (docs/decisions/0084): on PostgreSQL the round holds
 * `pg_try_advisory_xact_lock` in a transaction of its own; a process that finds it taken skips the round (answers
 * undefined), and one that dies drops its connection, which releases the lock for the next round anywhere. The
 * round's writes go through the usual connections and commit on their own. On PGlite there is one process, and the
 * lock's transaction would hold its only connection for the whole round: the round just runs.
 */
export function createJobLock(database: Pick<DatabaseHandle, 'db' | 'kind'>) {
  return async function exclusive<T>(name: string, round: () => Promise<T>): Promise<T | undefined> {
    if (database.kind === 'pglite') return round();
    return database.db.transaction(async (tx) => {
      const result = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(hashtext('fixpoint.job'), hashtext(${name})) as locked`,
      )) as { rows: { locked: boolean }[] };
      const [row] = result.rows;
      if (!row?.locked) return undefined;
      return round();
    });
  };
}

export type JobLock = ReturnType<typeof createJobLock>;

/** A lock for code that knows it runs alone (one process, tests): the round just runs. */
export const runAlone: JobLock = (_name, round) => round();
