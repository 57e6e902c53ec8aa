import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client';
import { pageMeta } from './schema';
import { createTestDatabase } from './testing';

// The embedded database's two lanes (docs/decisions/0083): the caster's logins go ahead of whatever waits for
// PGlite's one connection, and whatever waits still runs, in order.

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase({ pglite: true });
});
afterAll(() => handle.close());

/** A statement that keeps PGlite busy for a few milliseconds. */
const busyRead = (db: DatabaseHandle['db']) => db.execute(sql`select count(*) from generate_series(1, 5000)`);

describe('PGlite lanes', () => {
  it('runs a priority statement before the normal ones queued ahead of it, and every queued one after', async () => {
    const finished: string[] = [];
    const queued = Array.from({ length: 60 }, (_, i) => busyRead(handle.db).then(() => finished.push(`normal ${i}`)));
    const login = handle.priority
      .select({ page: pageMeta.page })
      .from(pageMeta)
      .where(eq(pageMeta.page, 'dashboard'))
      .then(() => finished.push('priority'));
    await Promise.all([...queued, login]);

    expect(finished).toHaveLength(61);
    // At most the one statement already handed to PGlite runs before it.
    expect(finished.indexOf('priority')).toBeLessThanOrEqual(1);
    const normalOrder = finished.filter((entry) => entry !== 'priority');
    expect(normalOrder).toEqual(queued.map((_, i) => `normal ${i}`));
  });

  it('lets timers and sockets have their turn between queued statements', async () => {
    let finished = 0;
    const queued = Array.from({ length: 20 }, () => busyRead(handle.db).then(() => finished++));
    const finishedWhenTimerRan = await new Promise<number>((resolve) => setTimeout(() => resolve(finished), 0));
    await Promise.all(queued);
    expect(finishedWhenTimerRan).toBeLessThan(20);
  });

  it('keeps a transaction whole in either lane, and a failed statement fails only itself', async () => {
    const queued = Array.from({ length: 20 }, () => busyRead(handle.db));
    const written = handle.priority.transaction(async (tx) => {
      await tx.insert(pageMeta).values({ page: 'lanes-a', title: 'A', description: 'a' });
      await tx.insert(pageMeta).values({ page: 'lanes-b', title: 'B', description: 'b' });
    });
    const failed = handle.db.execute(sql`select * from no_such_table`).then(() => undefined);
    const rolledBack = handle.db.transaction(async (tx) => {
      await tx.insert(pageMeta).values({ page: 'lanes-c', title: 'C', description: 'c' });
      await tx.execute(sql`select * from no_such_table`);
    });

    const [failure, rollback] = await Promise.allSettled([failed, rolledBack]);
    expect(failure).toMatchObject({ status: 'rejected', reason: { message: expect.stringMatching(/no_such_table/) } });
    expect(rollback).toMatchObject({ status: 'rejected' });
    await written;
    expect(await Promise.all(queued)).toHaveLength(20);
    const pages = await handle.db.select({ page: pageMeta.page }).from(pageMeta);
    expect(pages.map((row) => row.page).filter((page) => page.startsWith('lanes-'))).toEqual(
      expect.arrayContaining(['lanes-a', 'lanes-b']),
    );
    expect(pages.map((row) => row.page)).not.toContain('lanes-c');
  });
});
