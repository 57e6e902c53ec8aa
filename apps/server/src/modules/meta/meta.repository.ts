import { type Database, schema, type Transaction } from '@fixpoint/db';

type Executor = Database | Transaction;

import { eq } from 'drizzle-orm';

export function createMetaRepository(db: Database) {
  return {
    /** Runs `work` in one transaction: a change and its audit-log entry are written together or not at all. */
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => db.transaction(work),

    async getAppMeta(executor: Executor = db) {
      const [row] = await executor.select().from(schema.appMeta).where(eq(schema.appMeta.id, 1));
      return row ?? null;
    },

    async setGtagId(gtagId: string | null, executor: Executor = db) {
      const [row] = await executor
        .insert(schema.appMeta)
        .values({ id: 1, gtagId })
        .onConflictDoUpdate({ target: schema.appMeta.id, set: { gtagId, updatedAt: new Date() } })
        .returning();
      return row;
    },

    /** Every page's stored metadata (only pages an admin has set). */
    listPageMeta: (executor: Executor = db) => executor.select().from(schema.pageMeta),

    async getPageMeta(page: string, executor: Executor = db) {
      const [row] = await executor.select().from(schema.pageMeta).where(eq(schema.pageMeta.page, page));
      return row ?? null;
    },

    async setPageMeta(page: string, title: string, description: string, executor: Executor = db) {
      const [row] = await executor
        .insert(schema.pageMeta)
        .values({ page, title, description })
        .onConflictDoUpdate({
          target: schema.pageMeta.page,
          set: { title, description, updatedAt: new Date() },
        })
        .returning();
      return row;
    },
  };
}

export type MetaRepository = ReturnType<typeof createMetaRepository>;
