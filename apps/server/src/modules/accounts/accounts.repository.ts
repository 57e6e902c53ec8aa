import { type Database, isOrgOwner, type Owner, ownerWhere, schema, type Transaction } from '@fixpoint/db';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { WindowRow } from './status';

const a = schema.ntripAccounts;

/**
 * The owner's accounts; with `withLent`, a user's view also takes in organisation accounts lent to them while the
 * lending lasts (docs/decisions/0041): they may see and use those, not change them.
 */
const visibleTo = (owner: Owner, withLent: boolean): SQL =>
  withLent && !isOrgOwner(owner)
    ? (or(ownerWhere(a, owner), and(eq(a.lentToUserId, owner.userId), gt(a.lentUntil, new Date()))) as SQL)
    : ownerWhere(a, owner);

/** An account id among a list bound as one array parameter: the statement's text does not depend on its length. */
const anyOf = (column: typeof a.id | typeof schema.accessWindows.accountId) =>
  sql`${column} = any(${sql.placeholder('ids')})`;

/** `hotReads` runs the account list's prepared reads (DatabaseHandle.hotReads); everything else runs on `db`. */
export function createAccountsRepository(db: Database, hotReads: Database = db) {
  // The reads of the account list (GET /api/accounts, which every open accounts page polls) are prepared:
  // PostgreSQL plans each once per connection, not on every request (issue 18, decision 0055).
  const userId = sql.placeholder('userId');
  const visibleToUser = prepareDescribed(
    hotReads,
    or(eq(a.ownerUserId, userId), and(eq(a.lentToUserId, userId), gt(a.lentUntil, sql.placeholder('now')))) as SQL,
    'accounts_visible_to_user',
  );
  const ofOrganization = prepareDescribed(
    hotReads,
    eq(a.ownerOrgId, sql.placeholder('orgId')),
    'accounts_of_organization',
  );
  const detailsOf = prepareDescribed(hotReads, anyOf(a.id), 'account_details');

  return {
    listByOwner: (owner: Owner, { withLent = false } = {}) =>
      db.select().from(a).where(visibleTo(owner, withLent)).orderBy(asc(a.createdAt), asc(a.name)),

    /** The owner's accounts (a user's with those lent to them) with their details, in one read: the list's. */
    listDescribed: (owner: Owner): Promise<DescribedAccount[]> =>
      isOrgOwner(owner)
        ? ofOrganization.execute({ orgId: owner.orgId })
        : visibleToUser.execute({ userId: owner.userId, now: new Date() }),

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

    async usernameExists(username: string) {
      const [row] = await db.select({ id: a.id }).from(a).where(eq(a.username, username));
      return Boolean(row);
    },

    /** `after` runs in the insert's transaction with the new rows (account events; account-events.ts). */
    insertMany: (rows: (typeof a.$inferInsert)[], after?: AfterChange) =>
      db.transaction(async (tx) => {
        const inserted = await tx.insert(a).values(rows).returning();
        await after?.(tx, inserted);
        return inserted;
      }),

    async countByOwner(owner: Owner) {
      const [row] = await db.select({ count: count() }).from(a).where(ownerWhere(a, owner));
      return row?.count ?? 0;
    },

    async update(id: string, values: Partial<typeof a.$inferInsert>, after?: AfterChange) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(a)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(a.id, id))
          .returning();
        if (row) await after?.(tx, [row]);
        return row ?? null;
      });
    },

    delete: (id: string, after?: AfterChange) =>
      db.transaction(async (tx) => {
        const deleted = await tx.delete(a).where(eq(a.id, id)).returning();
        await after?.(tx, deleted);
      }),

    /** Accounts by id with their details (see prepareDescribed). */
    details: (accountIds: string[]): Promise<DescribedAccount[]> =>
      accountIds.length === 0 ? Promise.resolve([]) : detailsOf.execute({ ids: accountIds }),

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

/** Runs inside a change's transaction with the rows as changed (deleted: as they were). */
type AfterChange = (tx: Transaction, rows: (typeof a.$inferSelect)[]) => Promise<void>;

/**
 * Accounts with everything their description needs, in one read: who owns them (an organisation's name), to whom
 * they are lent, their newest session and their newest refused login (one index lookup each per account, however
 * long its history) and their access windows.
 */
function prepareDescribed(db: Database, where: SQL, name: string) {
  const { casterSessions: cs, loginFailures: lf, organizations: o, users: u, accessWindows: w, networks: n } = schema;
  const session = db
    .select({ startedAt: cs.startedAt, endedAt: cs.endedAt, ggaCount: cs.ggaCount, mountpoint: cs.mountpoint })
    .from(cs)
    .where(eq(cs.accountId, a.id))
    .orderBy(desc(cs.startedAt))
    .limit(1)
    .as('latest_session');
  const failure = db
    .select({ at: lf.at, reason: lf.reason })
    .from(lf)
    .where(eq(lf.accountId, a.id))
    .orderBy(desc(lf.at))
    .limit(1)
    .as('latest_failure');
  return db
    .select({
      account: a,
      orgName: o.name,
      lentToName: u.name,
      lentToEmail: u.email,
      session: {
        startedAt: session.startedAt,
        endedAt: session.endedAt,
        ggaCount: session.ggaCount,
        mountpoint: session.mountpoint,
      },
      failure: { at: failure.at, reason: failure.reason },
      // The access windows with their networks, as JSON (times in epoch milliseconds): no second round trip.
      windows: sql<WindowRow[]>`coalesce((
        select json_agg(json_build_object(
          'networkId', ${n.id}, 'networkName', ${n.name}, 'networkCode', ${n.code},
          'startsAt', (extract(epoch from ${w.startsAt}) * 1000)::bigint,
          'endsAt', (extract(epoch from ${w.endsAt}) * 1000)::bigint,
          'pendingDays', ${w.pendingDays}))
        from ${w} inner join ${n} on ${n.id} = ${w.networkId}
        where ${w.accountId} = ${a.id}), '[]'::json)`,
    })
    .from(a)
    .leftJoin(o, eq(o.id, a.ownerOrgId))
    .leftJoin(u, eq(u.id, a.lentToUserId))
    .leftJoinLateral(session, sql`true`)
    .leftJoinLateral(failure, sql`true`)
    .where(where)
    .orderBy(asc(a.createdAt), asc(a.name))
    .prepare(name);
}

export type DescribedAccount = Awaited<ReturnType<ReturnType<typeof prepareDescribed>['execute']>>[number];
