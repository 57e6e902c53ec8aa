import { type Database, isOrgOwner, type Owner, ownerValues, ownerWhere, schema, type Transaction } from '@fixpoint/db';
import type { LedgerDescription } from '@fixpoint/shared';
import { and, desc, eq, gte, lt, or, sql } from 'drizzle-orm';

export type { Owner };

const ownerFilter = (owner: Owner) => ownerWhere(schema.creditBalances, owner);

export type LedgerKind = 'purchase' | 'spend' | 'grant' | 'correction' | 'refund';

/** `hotReads` runs the prepared balance read (DatabaseHandle.hotReads); everything else runs on `db`. */
export function createCreditsRepository(db: Database, hotReads: Database = db) {
  // A user's balance is read on every GET /api/user (each page load): prepared, so PostgreSQL plans it once per
  // connection (issue 18, decision 0055).
  const userBalance = hotReads
    .select({ balance: schema.creditBalances.balance })
    .from(schema.creditBalances)
    .where(eq(schema.creditBalances.ownerUserId, sql.placeholder('userId')))
    .prepare('credit_balance_of_user');

  return {
    /** Pass the transaction when inside one: PGlite has one connection, so a query outside it would wait forever. */
    async balance(owner: Owner, executor: Database | Transaction = db): Promise<number> {
      const [row] =
        executor === db && !isOrgOwner(owner)
          ? await userBalance.execute({ userId: owner.userId })
          : await executor
              .select({ balance: schema.creditBalances.balance })
              .from(schema.creditBalances)
              .where(ownerFilter(owner));
      return row?.balance ?? 0;
    },

    /**
     * Adds `delta` (negative to spend) to the owner's balance and appends the ledger entry, inside the caller's
     * transaction. Returns the new balance, or null when the balance would go below zero (nothing is written then).
     * The conditional UPDATE is atomic, so concurrent spends can never overdraw. What the entry is for is stored as
     * a code and its values (`description`), worded by whoever shows it; `reason` is an administrator's own note.
     */
    async change(
      tx: Transaction,
      owner: Owner,
      delta: number,
      entry: {
        kind: LedgerKind;
        description: LedgerDescription;
        reason?: string;
        accountId?: string;
        networkId?: string;
        days?: number;
        externalRef?: string;
        createdBy?: string;
      },
    ): Promise<{ balance: number; entryId: string } | null> {
      await tx
        .insert(schema.creditBalances)
        .values({ ...ownerValues(owner), balance: 0 })
        .onConflictDoNothing();
      const [updated] = await tx
        .update(schema.creditBalances)
        .set({ balance: sql`${schema.creditBalances.balance} + ${delta}`, updatedAt: new Date() })
        .where(and(ownerFilter(owner), gte(schema.creditBalances.balance, Math.max(0, -delta))))
        .returning({ balance: schema.creditBalances.balance });
      if (!updated) return null;
      const { description, ...rest } = entry;
      const { code, ...params } = description;
      const [ledger] = await tx
        .insert(schema.creditLedger)
        .values({
          ...ownerValues(owner),
          amount: delta,
          balanceAfter: updated.balance,
          reason: '',
          ...rest,
          reasonCode: code,
          reasonParams: params,
        })
        .returning({ id: schema.creditLedger.id });
      return { balance: updated.balance, entryId: (ledger as { id: string }).id };
    },

    /** Newest first; the cursor is the last entry's `createdAt|id`. */
    async ledger(owner: Owner, limit: number, cursor?: { createdAt: Date; id: string }) {
      const l = schema.creditLedger;
      return db
        .select({
          id: l.id,
          amount: l.amount,
          balanceAfter: l.balanceAfter,
          kind: l.kind,
          reasonCode: l.reasonCode,
          reasonParams: l.reasonParams,
          reason: l.reason,
          days: l.days,
          createdAt: l.createdAt,
          accountName: schema.ntripAccounts.name,
          networkName: schema.networks.name,
        })
        .from(l)
        .leftJoin(schema.ntripAccounts, eq(schema.ntripAccounts.id, l.accountId))
        .leftJoin(schema.networks, eq(schema.networks.id, l.networkId))
        .where(
          and(
            ownerWhere(l, owner),
            cursor
              ? or(lt(l.createdAt, cursor.createdAt), and(eq(l.createdAt, cursor.createdAt), lt(l.id, cursor.id)))
              : undefined,
          ),
        )
        .orderBy(desc(l.createdAt), desc(l.id))
        .limit(limit);
    },
  };
}

export type CreditsRepository = ReturnType<typeof createCreditsRepository>;
