import { schema, type Transaction } from '@fixpoint/db';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';

const w = schema.accessWindows;

/**
 * A seated account's access on the subscription's network is one access window (source 'subscription', source ref
 * the subscription) from its assignment to the period end. Unlike bought days, these windows move with the
 * subscription: a renewal extends them, an unassigned seat ends its window now (docs/decisions/0036).
 */
export async function openSeatWindows(
  tx: Transaction,
  subscription: { id: string; networkId: string | null; currentPeriodEnd: Date },
  accountIds: string[],
  now = new Date(),
) {
  if (!subscription.networkId || accountIds.length === 0 || subscription.currentPeriodEnd <= now) return;
  await tx.insert(w).values(
    accountIds.map((accountId) => ({
      accountId,
      networkId: subscription.networkId as string,
      startsAt: now,
      endsAt: subscription.currentPeriodEnd,
      source: 'subscription' as const,
      sourceRef: subscription.id,
    })),
  );
}

/** Ends the accounts' open windows of this subscription now; the caster cuts their sessions within a second. */
export async function closeSeatWindows(
  tx: Transaction,
  subscriptionId: string,
  accountIds: string[],
  now = new Date(),
) {
  if (accountIds.length === 0) return;
  await tx
    .update(w)
    .set({ endsAt: sql`greatest(${now}, ${w.startsAt} + interval '1 millisecond')` })
    .where(
      and(
        eq(w.source, 'subscription'),
        eq(w.sourceRef, subscriptionId),
        inArray(w.accountId, accountIds),
        gt(w.endsAt, now),
      ),
    );
}

/**
 * A renewal: every seated account's open window of the subscription runs to the new period end, and a seated
 * account whose window had already ended (a renewal paid late) gets a new one from now.
 */
export async function renewSeatWindows(
  tx: Transaction,
  subscription: { id: string; networkId: string | null; currentPeriodEnd: Date },
  now = new Date(),
) {
  const seated = (
    await tx
      .select({ accountId: schema.subscriptionSeats.accountId })
      .from(schema.subscriptionSeats)
      .where(eq(schema.subscriptionSeats.subscriptionId, subscription.id))
  ).map((row) => row.accountId);
  if (seated.length === 0) return;
  const extended = await tx
    .update(w)
    .set({ endsAt: sql`greatest(${w.endsAt}, ${subscription.currentPeriodEnd})` })
    .where(
      and(
        eq(w.source, 'subscription'),
        eq(w.sourceRef, subscription.id),
        inArray(w.accountId, seated),
        gt(w.endsAt, now),
      ),
    )
    .returning({ accountId: w.accountId });
  const covered = new Set(extended.map((row) => row.accountId));
  await openSeatWindows(
    tx,
    subscription,
    seated.filter((id) => !covered.has(id)),
    now,
  );
}
