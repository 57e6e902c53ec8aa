import { type Database, schema, type Transaction } from '@fixpoint/db';
import type { ProductCategory } from '@fixpoint/shared';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';

export type ProductRow = typeof schema.products.$inferSelect;
export type PricingTableRow = typeof schema.pricingTables.$inferSelect;

const p = schema.products;
const n = schema.networks;

export function createProductsRepository(db: Database) {
  return {
    async list({ category, includeArchived }: { category?: ProductCategory; includeArchived: boolean }) {
      return db
        .select({ product: p, networkName: n.name })
        .from(p)
        .leftJoin(n, eq(n.id, p.networkId))
        .where(
          and(category ? eq(p.category, category) : undefined, includeArchived ? undefined : eq(p.isArchived, false)),
        )
        .orderBy(desc(p.createdAt), desc(p.id));
    },

    async find(id: string, executor: Database | Transaction = db) {
      const [row] = await executor
        .select({ product: p, networkName: n.name, networkIsPublic: n.isPublished })
        .from(p)
        .leftJoin(n, eq(n.id, p.networkId))
        .where(eq(p.id, id));
      return row;
    },

    /** Paid checkouts per product (a product that was sold is archived, never deleted). */
    async soldCounts(productIds: string[]): Promise<Map<string, number>> {
      if (productIds.length === 0) return new Map();
      const c = schema.checkoutSessions;
      const rows = await db
        .select({ productId: c.productId, sold: count() })
        .from(c)
        .where(and(inArray(c.productId, productIds), eq(c.status, 'paid')))
        .groupBy(c.productId);
      return new Map(rows.map((row) => [row.productId, row.sold]));
    },

    /** Whether anything points at the product: a checkout (of any state) or a subscription. */
    async isReferenced(id: string): Promise<boolean> {
      const [checkout] = await db
        .select({ id: schema.checkoutSessions.id })
        .from(schema.checkoutSessions)
        .where(eq(schema.checkoutSessions.productId, id))
        .limit(1);
      if (checkout) return true;
      const [subscription] = await db
        .select({ id: schema.subscriptions.id })
        .from(schema.subscriptions)
        .where(eq(schema.subscriptions.productId, id))
        .limit(1);
      return Boolean(subscription);
    },

    /** Runs `work` in one transaction: a change and its audit-log entry are written together or not at all. */
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => db.transaction(work),

    insert: async (values: typeof p.$inferInsert, executor: Database | Transaction = db) =>
      (await executor.insert(p).values(values).returning())[0] as ProductRow,

    update: async (id: string, values: Partial<typeof p.$inferInsert>, executor: Database | Transaction = db) =>
      (
        await executor
          .update(p)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(p.id, id))
          .returning()
      )[0],

    delete: (id: string, executor: Database | Transaction = db) => executor.delete(p).where(eq(p.id, id)),

    async networkExists(id: string) {
      const [row] = await db.select({ id: n.id }).from(n).where(eq(n.id, id));
      return Boolean(row);
    },

    /** Credit packs for sale, cheapest first. */
    tokenProducts: () =>
      db
        .select()
        .from(p)
        .where(and(eq(p.category, 'credits'), eq(p.isArchived, false)))
        .orderBy(asc(p.amount), asc(p.createdAt)),

    // ---- pricing tables ----

    tables: () =>
      db
        .select({ table: schema.pricingTables, networkName: n.name })
        .from(schema.pricingTables)
        .leftJoin(n, eq(n.id, schema.pricingTables.networkId))
        .orderBy(asc(schema.pricingTables.position), asc(schema.pricingTables.createdAt)),

    /** Every table's products in table order, with whether each can be bought now. */
    async tableProducts() {
      const tp = schema.pricingTableProducts;
      return db
        .select({ tableId: tp.tableId, product: p, networkPublished: n.isPublished, networkVisibility: n.visibility })
        .from(tp)
        .innerJoin(p, eq(p.id, tp.productId))
        .leftJoin(n, eq(n.id, p.networkId))
        .orderBy(asc(tp.tableId), asc(tp.position));
    },

    async findTable(id: string, executor: Database | Transaction = db) {
      const [row] = await executor.select().from(schema.pricingTables).where(eq(schema.pricingTables.id, id));
      return row;
    },

    /** Writes a table and its products (in order) in one transaction; returns its id. */
    async saveTable(
      id: string | null,
      values: { name: string; description: string; networkId: string | null },
      productIds: string[],
      executor: Database | Transaction = db,
    ): Promise<string> {
      return executor.transaction(async (tx) => {
        const t = schema.pricingTables;
        let tableId = id;
        if (tableId) {
          await tx
            .update(t)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(t.id, tableId));
        } else {
          const [last] = await tx.select({ position: t.position }).from(t).orderBy(desc(t.position)).limit(1);
          const [row] = await tx
            .insert(t)
            .values({ ...values, position: (last?.position ?? -1) + 1 })
            .returning({ id: t.id });
          tableId = (row as { id: string }).id;
        }
        const tp = schema.pricingTableProducts;
        await tx.delete(tp).where(eq(tp.tableId, tableId));
        await tx
          .insert(tp)
          .values(productIds.map((productId, position) => ({ tableId: tableId as string, productId, position })));
        return tableId;
      });
    },

    deleteTable: (id: string, executor: Database | Transaction = db) =>
      executor
        .delete(schema.pricingTables)
        .where(eq(schema.pricingTables.id, id))
        .returning({ id: schema.pricingTables.id }),

    async orderTables(tableIds: string[], executor: Database | Transaction = db) {
      await executor.transaction(async (tx) => {
        for (const [position, id] of tableIds.entries()) {
          await tx.update(schema.pricingTables).set({ position }).where(eq(schema.pricingTables.id, id));
        }
      });
    },

    /** The products in each table, in order (what an audit-log entry of a table records). */
    async tableProductIds(tableId: string, executor: Database | Transaction = db) {
      const tp = schema.pricingTableProducts;
      const rows = await executor
        .select({ productId: tp.productId })
        .from(tp)
        .where(eq(tp.tableId, tableId))
        .orderBy(asc(tp.position));
      return rows.map((row) => row.productId);
    },

    productsByIds: (ids: string[]) =>
      ids.length ? db.select().from(p).where(inArray(p.id, ids)) : Promise.resolve([]),
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
