import { type Database, schema } from '@fixpoint/db';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or } from 'drizzle-orm';

const a = schema.ntripAccounts;

export function createAccountsRepository(db: Database) {
  return {
    listByOwner: (userId: string) =>
      db.select().from(a).where(eq(a.ownerUserId, userId)).orderBy(asc(a.createdAt), asc(a.name)),

    async findOwned(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(a)
        .where(and(eq(a.id, id), eq(a.ownerUserId, userId)));
      return row ?? null;
    },

    async findOwnedMany(userId: string, ids: string[]) {
      return db
        .select()
        .from(a)
        .where(and(inArray(a.id, ids), eq(a.ownerUserId, userId)));
    },

    async usernameExists(username: string) {
      const [row] = await db.select({ id: a.id }).from(a).where(eq(a.username, username));
      return Boolean(row);
    },

    insertMany: (rows: (typeof a.$inferInsert)[]) => db.insert(a).values(rows).returning(),

    async countByOwner(userId: string) {
      const [row] = await db.select({ count: count() }).from(a).where(eq(a.ownerUserId, userId));
      return row?.count ?? 0;
    },

    async update(id: string, values: Partial<typeof a.$inferInsert>) {
      const [row] = await db
        .update(a)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(a.id, id))
        .returning();
      return row ?? null;
    },

    delete: (id: string) => db.delete(a).where(eq(a.id, id)),

    windows: (accountIds: string[]) =>
      accountIds.length === 0
        ? Promise.resolve([])
        : db
            .select({
              accountId: schema.accessWindows.accountId,
              networkId: schema.networks.id,
              networkName: schema.networks.name,
              networkCode: schema.networks.code,
              startsAt: schema.accessWindows.startsAt,
              endsAt: schema.accessWindows.endsAt,
              pendingDays: schema.accessWindows.pendingDays,
            })
            .from(schema.accessWindows)
            .innerJoin(schema.networks, eq(schema.networks.id, schema.accessWindows.networkId))
            .where(inArray(schema.accessWindows.accountId, accountIds)),

    /** The newest session of each account. */
    latestSessions: (accountIds: string[]) =>
      accountIds.length === 0
        ? Promise.resolve([])
        : db
            .selectDistinctOn([schema.casterSessions.accountId])
            .from(schema.casterSessions)
            .where(inArray(schema.casterSessions.accountId, accountIds))
            .orderBy(schema.casterSessions.accountId, desc(schema.casterSessions.startedAt)),

    /** The newest refused login of each account. */
    latestFailures: (accountIds: string[]) =>
      accountIds.length === 0
        ? Promise.resolve([])
        : db
            .selectDistinctOn([schema.loginFailures.accountId])
            .from(schema.loginFailures)
            .where(inArray(schema.loginFailures.accountId, accountIds))
            .orderBy(schema.loginFailures.accountId, desc(schema.loginFailures.at)),

    sessions: (accountId: string, limit: number) =>
      db
        .select()
        .from(schema.casterSessions)
        .where(eq(schema.casterSessions.accountId, accountId))
        .orderBy(desc(schema.casterSessions.startedAt))
        .limit(limit),

    /** Enabled stations of the given networks, for connection settings. */
    stationsOf: (networkIds: string[]) =>
      networkIds.length === 0
        ? Promise.resolve([])
        : db
            .select({ mountpoint: schema.stations.mountpoint, networkId: schema.stations.networkId })
            .from(schema.stations)
            .where(and(inArray(schema.stations.networkId, networkIds), eq(schema.stations.isEnabled, true)))
            .orderBy(asc(schema.stations.mountpoint)),

    /** Every account with its owner's e-mail, for admins; `search` matches name, username or e-mail. */
    listAll: (search?: string) =>
      db
        .select({ account: a, ownerEmail: schema.users.email })
        .from(a)
        .leftJoin(schema.users, eq(schema.users.id, a.ownerUserId))
        .where(
          search
            ? or(
                ilike(a.name, `%${search}%`),
                ilike(a.username, `%${search}%`),
                ilike(schema.users.email, `%${search}%`),
              )
            : undefined,
        )
        .orderBy(desc(a.createdAt))
        .limit(500),

    async findById(id: string) {
      const [row] = await db.select().from(a).where(eq(a.id, id));
      return row ?? null;
    },

    openSessionCount: async (accountId: string) =>
      (
        await db
          .select({ id: schema.casterSessions.id })
          .from(schema.casterSessions)
          .where(and(eq(schema.casterSessions.accountId, accountId), isNull(schema.casterSessions.endedAt)))
      ).length,
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
