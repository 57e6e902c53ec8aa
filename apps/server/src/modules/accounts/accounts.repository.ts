import { type Database, isOrgOwner, type Owner, ownerWhere, schema } from '@fixpoint/db';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';

const a = schema.ntripAccounts;

/**
 * The owner's accounts; with `withLent`, a user's view also takes in organisation accounts lent to them while the
 * lending lasts (docs/decisions/0041): they may see and use those, not change them.
 */
const visibleTo = (owner: Owner, withLent: boolean): SQL =>
  withLent && !isOrgOwner(owner)
    ? (or(ownerWhere(a, owner), and(eq(a.lentToUserId, owner.userId), gt(a.lentUntil, new Date()))) as SQL)
    : ownerWhere(a, owner);

export function createAccountsRepository(db: Database) {
  return {
    listByOwner: (owner: Owner, { withLent = false } = {}) =>
      db.select().from(a).where(visibleTo(owner, withLent)).orderBy(asc(a.createdAt), asc(a.name)),

    async findOwned(owner: Owner, id: string, { withLent = false } = {}) {
      const [row] = await db
        .select()
        .from(a)
        .where(and(eq(a.id, id), visibleTo(owner, withLent)));
      return row ?? null;
    },

    async findOwnedMany(owner: Owner, ids: string[]) {
      return db
        .select()
        .from(a)
        .where(and(inArray(a.id, ids), ownerWhere(a, owner)));
    },

    /** Who owns each account (an organisation's name) and to whom it is lent, for the account's description. */
    ownership: (accountIds: string[]) =>
      accountIds.length === 0
        ? Promise.resolve([])
        : db
            .select({
              accountId: a.id,
              orgId: schema.organizations.id,
              orgName: schema.organizations.name,
              lentToUserId: a.lentToUserId,
              lentUntil: a.lentUntil,
              lentToName: schema.users.name,
              lentToEmail: schema.users.email,
            })
            .from(a)
            .leftJoin(schema.organizations, eq(schema.organizations.id, a.ownerOrgId))
            .leftJoin(schema.users, eq(schema.users.id, a.lentToUserId))
            .where(inArray(a.id, accountIds)),

    async usernameExists(username: string) {
      const [row] = await db.select({ id: a.id }).from(a).where(eq(a.username, username));
      return Boolean(row);
    },

    insertMany: (rows: (typeof a.$inferInsert)[]) => db.insert(a).values(rows).returning(),

    async countByOwner(owner: Owner) {
      const [row] = await db.select({ count: count() }).from(a).where(ownerWhere(a, owner));
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
