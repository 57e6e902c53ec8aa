import { schema, type Transaction } from '@fixpoint/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit, systemActor } from '../audit/audit';
import type { ProviderSubscriptionChange } from '../payments/payment-provider';
import { closeSeatWindows, syncSeatWindows } from './seat-windows';

type SubscriptionRow = typeof schema.subscriptions.$inferSelect;
const s = schema.subscriptions;
const dayMs = 86_400_000;

/** What the owner sees: a cancelling subscription whose period has ended, or a manual grant past its end, is over. */
export function effectiveStatus(
  row: Pick<SubscriptionRow, 'status' | 'currentPeriodEnd' | 'provider'>,
  now = new Date(),
): SubscriptionRow['status'] {
  const ended = row.currentPeriodEnd <= now;
  if (ended && (row.status === 'cancelling' || (row.provider === 'manual' && row.status === 'active'))) {
    return 'cancelled';
  }
  return row.status;
}

/** When an ended subscription really ended: the day it was ended, or its period's end when that ran out first. */
export function endedAtOf(
  row: Pick<SubscriptionRow, 'status' | 'currentPeriodEnd' | 'provider' | 'endedAt'>,
  now = new Date(),
): Date | null {
  if (effectiveStatus(row, now) !== 'cancelled') return null;
  return row.endedAt ?? row.currentPeriodEnd;
}

/**
 * A renewal's payment failed (docs/decisions/0038): the subscription is past due and its seats keep access for the
 * grace period after the period end, while the provider retries. A later paid invoice makes it active again; the
 * provider's own cancellation (retries exhausted) ends it.
 */
export async function markPastDue(
  tx: Transaction,
  providerSubscriptionId: string,
  graceDays: number,
  now = new Date(),
): Promise<SubscriptionRow[]> {
  const rows = await tx
    .update(s)
    .set({
      status: 'past_due',
      graceEndsAt: sql`coalesce(${s.graceEndsAt}, ${s.currentPeriodEnd} + ${`${graceDays * dayMs} milliseconds`}::interval)`,
      updatedAt: now,
    })
    .where(and(eq(s.providerSubscriptionId, providerSubscriptionId), inArray(s.status, ['active', 'past_due'])))
    .returning();
  for (const row of rows) await syncSeatWindows(tx, row, now);
  return rows;
}

/** Ends a subscription now: no more access for its seats (the caster cuts them within a second). */
export async function endSubscription(tx: Transaction, row: SubscriptionRow, now = new Date()) {
  await tx
    .update(s)
    .set({
      status: 'cancelled',
      cancelledAt: row.cancelledAt ?? now,
      endedAt: now < row.currentPeriodEnd ? now : row.currentPeriodEnd,
      graceEndsAt: null,
      updatedAt: now,
    })
    .where(eq(s.id, row.id));
  await closeSeatWindows(tx, row.id, 'all', now);
}

/**
 * Applies the provider's view of a subscription (Stripe's `customer.subscription.updated|deleted`). A cancelled
 * subscription stays cancelled whatever arrives after; a change older than the last one applied is ignored.
 */
export async function applyProviderState(
  tx: Transaction,
  state: ProviderSubscriptionChange,
  graceDays: number,
  now = new Date(),
): Promise<{ applied: boolean; detail: string }> {
  const [row] = await tx
    .select()
    .from(s)
    .where(eq(s.providerSubscriptionId, state.providerSubscriptionId))
    .for('update');
  if (!row) return { applied: false, detail: 'No subscription of ours.' };
  if (row.status === 'cancelled') return { applied: false, detail: 'Already cancelled.' };
  if (state.changedAt && row.providerChangedAt && state.changedAt < row.providerChangedAt) {
    return { applied: false, detail: 'Older than the last change applied.' };
  }
  if (state.changedAt) await tx.update(s).set({ providerChangedAt: state.changedAt }).where(eq(s.id, row.id));
  // The state read from the provider after every event is most often the one we already have.
  const isNewPeriod = Boolean(
    state.periodStart &&
      state.periodEnd &&
      (state.isCurrent
        ? state.periodEnd.getTime() !== row.currentPeriodEnd.getTime()
        : state.periodEnd > row.currentPeriodEnd),
  );
  if (state.status === row.status && !isNewPeriod) return { applied: false, detail: `Already ${row.status}.` };

  if (state.status === 'cancelled') {
    await endSubscription(tx, row, now);
    await auditProviderChange(tx, row, 'subscription.end');
    return { applied: true, detail: 'Subscription ended.' };
  }
  if (state.status === 'past_due') {
    await markPastDue(tx, state.providerSubscriptionId, graceDays, now);
    return { applied: true, detail: 'Subscription past due.' };
  }
  const [updated] = await tx
    .update(s)
    .set({
      status: state.status,
      cancelledAt: state.status === 'cancelling' ? (row.cancelledAt ?? now) : null,
      graceEndsAt: null,
      ...(isNewPeriod && state.periodStart && state.periodEnd
        ? { currentPeriodStart: state.periodStart, currentPeriodEnd: state.periodEnd }
        : {}),
      updatedAt: now,
    })
    .where(eq(s.id, row.id))
    .returning();
  if (updated) await syncSeatWindows(tx, updated, now);
  if (state.status !== row.status) {
    await auditProviderChange(tx, row, state.status === 'cancelling' ? 'subscription.cancel' : 'subscription.resume');
  }
  return { applied: true, detail: `Subscription ${state.status}.` };
}

/**
 * A cancel, resume or end the provider reports (made at Stripe, or by Stripe itself after failed payments) in the
 * audit log, in the transaction that applies it (decision 0064); the actor is the system.
 */
async function auditProviderChange(
  tx: Transaction,
  before: SubscriptionRow,
  kind: 'subscription.cancel' | 'subscription.resume' | 'subscription.end',
) {
  const [after] = await tx.select().from(s).where(eq(s.id, before.id));
  const [product] = await tx
    .select({ name: schema.products.name })
    .from(schema.products)
    .where(eq(schema.products.id, before.productId));
  const view = (row: SubscriptionRow | undefined) =>
    row && {
      status: row.status,
      cancelledAt: row.cancelledAt,
      currentPeriodStart: row.currentPeriodStart,
      currentPeriodEnd: row.currentPeriodEnd,
      providerSubscriptionId: row.providerSubscriptionId,
    };
  await recordAudit(tx, {
    actor: systemActor,
    kind,
    target: { kind: 'subscription', id: before.id, label: product?.name ?? '' },
    before: view(before),
    after: view(after),
  });
}
