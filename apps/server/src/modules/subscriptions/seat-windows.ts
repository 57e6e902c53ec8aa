import { schema, type Transaction } from '@fixpoint/db';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';

const w = schema.accessWindows;

type SeatedSubscription = {
  id: string;
  networkId: string | null;
  status: 'active' | 'cancelling' | 'cancelled' | 'past_due';
  provider: 'local' | 'stripe' | 'manual';
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  graceEndsAt: Date | null;
};

/**
 * How long past its period end a renewing subscription's seats keep access while the renewal is charged: Stripe
 * charges within about an hour of the period end, the local clock within a minute (decision 0038).
 */
export const renewalMarginMs = 6 * 3600_000;

/**
 * Until when a subscription's seats have access (decision 0038): a renewing one to its period end plus the renewal
 * margin, a past-due one to its grace end, one set to end (or a manual grant) to its period end exactly.
 */
export function accessEnd(subscription: Omit<SeatedSubscription, 'id' | 'networkId' | 'currentPeriodStart'>): Date {
  const { status, provider, currentPeriodEnd, graceEndsAt } = subscription;
  if (status === 'past_due' && graceEndsAt && graceEndsAt > currentPeriodEnd) return graceEndsAt;
  if (status === 'active' && provider !== 'manual') return new Date(currentPeriodEnd.getTime() + renewalMarginMs);
  return currentPeriodEnd;
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
 * Brings every seat's access in line with the subscription (a renewal, a cancellation at period end, a resume, a
 * grace period): each seated account's open window of it ends at the access end, and a seated account without one
 * (a renewal paid late) gets a new one from now.
 */
export async function syncSeatWindows(tx: Transaction, subscription: SeatedSubscription, now = new Date()) {
  const seated = (
    await tx
      .select({ accountId: schema.subscriptionSeats.accountId })
      .from(schema.subscriptionSeats)
      .where(eq(schema.subscriptionSeats.subscriptionId, subscription.id))
  ).map((row) => row.accountId);
  if (seated.length === 0) return;
  const updated = await tx
    .update(w)
    .set({ endsAt: sql`greatest(${accessEnd(subscription)}, ${now}, ${w.startsAt} + interval '1 millisecond')` })
    .where(
      and(
        eq(w.source, 'subscription'),
        eq(w.sourceRef, subscription.id),
        inArray(w.accountId, seated),
        gt(w.endsAt, now),
      ),
    )
    .returning({ accountId: w.accountId });
  const covered = new Set(updated.map((row) => row.accountId));
  await openSeatWindows(
    tx,
    subscription,
    seated.filter((id) => !covered.has(id)),
    now,
  );
}
