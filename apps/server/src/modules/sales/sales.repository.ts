import { type Database, schema } from '@fixpoint/db';
import type { AdminSalesRequest, SalesForwarding, SalesRequest } from '@fixpoint/shared';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { isDueAt } from '../../lib/due';

const r = schema.salesRequests;
export type SalesRequestRow = typeof r.$inferSelect;

/** The nine fields of the contract, as stored: what the webhook receives. */
export function salesFields(row: SalesRequestRow): SalesRequest {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    loggedInEmail: row.loggedInEmail,
    company: row.company,
    phoneNumber: row.phoneNumber,
    submittedFrom: row.submittedFrom,
    message: row.message,
    gclid: row.gclid,
  };
}

export function toAdminSalesRequest(row: SalesRequestRow): AdminSalesRequest {
  return {
    id: row.id,
    ...salesFields(row),
    createdAt: row.createdAt.toISOString(),
    forwarding: row.forwarding,
    attempts: row.attempts,
    lastError: row.lastError,
    forwardedAt: row.forwardedAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  };
}

export function createSalesRepository(db: Database) {
  const isDue = (now: Date) => and(eq(r.forwarding, 'pending'), isDueAt(r.nextAttemptAt, now));

  return {
    /** One insert: once it returns, the lead is stored and due at once. */
    async insert(values: SalesRequest & { clientAddress: string }): Promise<SalesRequestRow> {
      const [row] = await db.insert(r).values(values).returning();
      return row as SalesRequestRow;
    },

    async list({ status, limit }: { status?: SalesForwarding | undefined; limit: number }) {
      return db
        .select()
        .from(r)
        .where(status ? eq(r.forwarding, status) : undefined)
        .orderBy(desc(r.createdAt))
        .limit(limit);
    },

    async find(id: string) {
      const [row] = await db.select().from(r).where(eq(r.id, id));
      return row;
    },

    /**
     * Takes up to `limit` due leads, oldest first, for one send each: counts the attempt and moves `nextAttemptAt`
     * to `leaseUntil`. The update repeats the due condition, so when processes race for a lead only one gets it;
     * if the sender dies, the lead is due again once the lease ends (at least once, never lost).
     */
    async claimDue(now: Date, limit: number, leaseUntil: Date): Promise<SalesRequestRow[]> {
      const due = await db.select({ id: r.id }).from(r).where(isDue(now)).orderBy(r.createdAt).limit(limit);
      if (due.length === 0) return [];
      const claimed = await db
        .update(r)
        .set({ attempts: sql`${r.attempts} + 1`, nextAttemptAt: leaseUntil })
        .where(
          and(
            inArray(
              r.id,
              due.map((row) => row.id),
            ),
            isDue(now),
          ),
        )
        .returning();
      return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },

    /** The webhook took it. Also after a lease ran out and another sender tried: it was delivered either way. */
    async markForwarded(id: string, at: Date) {
      await db
        .update(r)
        .set({ forwarding: 'forwarded', forwardedAt: at, lastError: null, nextAttemptAt: null })
        .where(and(eq(r.id, id), ne(r.forwarding, 'forwarded')));
    },

    /**
     * A send failed: due again at `retryAt`, or given up with null. Only the claim that made attempt `attempts`
     * may write this, so a sender whose lease ran out does not overwrite a later one's state.
     */
    async markAttemptFailed(id: string, attempts: number, error: string, retryAt: Date | null) {
      await db
        .update(r)
        .set({ lastError: error, nextAttemptAt: retryAt, ...(retryAt ? {} : { forwarding: 'failed' as const }) })
        .where(and(eq(r.id, id), eq(r.forwarding, 'pending'), eq(r.attempts, attempts)));
    },
  };
}

export type SalesRepository = ReturnType<typeof createSalesRepository>;
