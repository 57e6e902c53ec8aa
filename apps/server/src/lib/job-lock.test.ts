import { createTestDatabase } from '@fixpoint/db/testing';
import { describe, expect, it } from 'vitest';
import { createJobLock } from './job-lock';

describe('job lock on PGlite', () => {
  it('runs every round: one process holds the embedded database, and its only connection stays free', async () => {
    const database = await createTestDatabase({ pglite: true });
    try {
      const exclusive = createJobLock(database);
      // The round itself uses the database: a lock transaction holding the only connection would hang here.
      const round = () => exclusive('test-clock', async () => (await database.db.execute('select 1 as one')) !== null);
      expect(await Promise.all([round(), round()])).toEqual([true, true]);
    } finally {
      await database.close();
    }
  });
});
