import { schema, type Transaction } from '@fixpoint/db';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';

const w = schema.accessWindows;

type SeatedSubscription = {
  id: string;
  networkId: string | null;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  graceEndsAt: Date | null;
};

/** Until when a subscription's seats have access: its period end, or a past-due one's grace end (decision 0038). */
export function accessEnd(subscription: Pick<SeatedSubscription, 'currentPeriodEnd' | 'graceEndsAt'>): Date {
  const { currentPeriodEnd, graceEndsAt } = subscription;
  return graceEndsAt && graceEndsAt > currentPeriodEnd ? graceEndsAt : currentPeriodEnd;
}

/**
 * A seated account's access on the subscription's network is one access window (source 'subscription', source ref
 * the subscription) from its assignment to the access end. Unlike bought days, these windows move with the
 * subscription: a renewal extends them, an unassigned seat or an ended subscription ends them now
 * (docs/decisions/0036, 0038).
 */
export async function openSeatWindows(
  tx: Transaction,
  subscription: SeatedSubscription,
  accountIds: string[],
  now = new Date(),
) {
  const endsAt = accessEnd(subscription);
  if (!subscription.networkId || accountIds.length === 0 || endsAt <= now) return;
  // A grant that starts later (an admin's manual subscription) opens its windows at its start.
  const startsAt = subscription.currentPeriodStart > now ? subscription.currentPeriodStart : now;
  await tx.insert(w).values(
    accountIds.map((accountId) => ({
      accountId,
      networkId: subscription.networkId as string,
      startsAt,
      endsAt,
      source: 'subscription' as const,
      sourceRef: subscription.id,
    })),
  );
}

/**
 * Ends the open windows of this subscription now, for these accounts or all of them; the caster cuts their sessions
 * within a second.
 */
export async function closeSeatWindows(
  tx: Transaction,
  subscriptionId: string,
  accountIds: string[] | 'all',
  now = new Date(),
) {
  if (accountIds !== 'all' && accountIds.length === 0) return;
  await tx
    .update(w)
    .set({ endsAt: sql`greatest(${now}, ${w.startsAt} + interval '1 millisecond')` })
    .where(
      and(
        eq(w.source, 'subscription'),
        eq(w.sourceRef, subscriptionId),
        accountIds === 'all' ? undefined : inArray(w.accountId, accountIds),
        gt(w.endsAt, now),
      ),
    );
}

/**
 * A renewal or a grace period: every seated account's open window of the subscription runs to the access end, and a
 * seated account whose window had already ended (a renewal paid late) gets a new one from now.
 */
export async function extendSeatWindows(tx: Transaction, subscription: SeatedSubscription, now = new Date()) {
  const seated = (
    await tx
      .select({ accountId: schema.subscriptionSeats.accountId })
      .from(schema.subscriptionSeats)
      .where(eq(schema.subscriptionSeats.subscriptionId, subscription.id))
  ).map((row) => row.accountId);
  if (seated.length === 0) return;
  const extended = await tx
    .update(w)
    .set({ endsAt: sql`greatest(${w.endsAt}, ${accessEnd(subscription)})` })
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
