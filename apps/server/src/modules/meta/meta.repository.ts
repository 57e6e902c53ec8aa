import { type Database, schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';

export function createMetaRepository(db: Database) {
  return {
    async getAppMeta() {
      const [row] = await db.select().from(schema.appMeta).where(eq(schema.appMeta.id, 1));
      return row ?? null;
    },

    async setGtagId(gtagId: string | null) {
      const [row] = await db
        .insert(schema.appMeta)
        .values({ id: 1, gtagId })
        .onConflictDoUpdate({ target: schema.appMeta.id, set: { gtagId, updatedAt: new Date() } })
        .returning();
      return row;
    },

    async getPageMeta(page: string) {
      const [row] = await db.select().from(schema.pageMeta).where(eq(schema.pageMeta.page, page));
      return row ?? null;
    },

    async setPageMeta(page: string, title: string, description: string) {
      const [row] = await db
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
