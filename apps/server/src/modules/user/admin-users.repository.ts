import { type Database, schema, type Transaction } from '@fixpoint/db';
import { and, desc, eq, gt, or, type SQL, sql } from 'drizzle-orm';

const u = schema.users;
const a = schema.ntripAccounts;
const s = schema.casterSessions;

export type UserRow = typeof u.$inferSelect;

/** The NTRIP accounts a user connects with: their own, and an organisation's lent to them while the lending lasts. */
const accountsOf = (userId: string): SQL =>
  or(eq(a.ownerUserId, userId), and(eq(a.lentToUserId, userId), gt(a.lentUntil, new Date()))) as SQL;

/** What the admin users pages read of users and their caster sessions. */
export function createAdminUsersRepository(db: Database) {
  return {
    /** Newest first; the list is for people, so 1,000 is plenty. */
    list: () => db.select().from(u).orderBy(desc(u.createdAt)).limit(1000),

    async find(id: string): Promise<UserRow | null> {
      const [row] = await db.select().from(u).where(eq(u.id, id));
      return row ?? null;
    },

    /** Runs `work` in one transaction: a change and its audit-log entry are written together or not at all. */
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => db.transaction(work),

    /** The user, locked until the transaction ends. */
    async findForUpdate(tx: Transaction, id: string): Promise<UserRow | null> {
      const [row] = await tx.select().from(u).where(eq(u.id, id)).for('update');
      return row ?? null;
    },

    update: (
      tx: Transaction,
      id: string,
      values: Partial<Pick<UserRow, 'role' | 'banned' | 'banReason' | 'banExpires'>>,
    ) =>
      tx
        .update(u)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(u.id, id)),

    /** Ends every web session of the user (a disabled user is signed out everywhere at once). */
    endSessions: (tx: Transaction, userId: string) =>
      tx.delete(schema.sessions).where(eq(schema.sessions.userId, userId)),

    /** Ids of the accounts the caster must look at again when the user is disabled or enabled. */
    async accountIds(userId: string): Promise<string[]> {
      const rows = await db.select({ id: a.id }).from(a).where(accountsOf(userId));
      return rows.map((row) => row.id);
    },

    /** Live sessions first, then the most recent, of every account the user connects with. */
    sessions(userId: string, limit: number) {
      return db
        .select({ session: s, accountName: a.name })
        .from(s)
        .innerJoin(a, eq(a.id, s.accountId))
        .where(accountsOf(userId))
        .orderBy(sql`${s.endedAt} is null desc`, desc(s.startedAt))
        .limit(limit);
    },
  };
}

export type AdminUsersRepository = ReturnType<typeof createAdminUsersRepository>;
