import { type Database, schema, type Transaction } from '@fixpoint/db';
import type { BillingInterval } from '@fixpoint/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { issueInvoice, mirrorStripeInvoice } from '../billing/invoices';
import type { CreditsRepository } from '../credits/credits.repository';
import { applyProviderState, markPastDue } from '../subscriptions/lifecycle';
import { syncSeatWindows } from '../subscriptions/seat-windows';
import type { CheckoutRef, PaymentAction, PaymentEventInput } from './payment-provider';

type CheckoutRow = typeof schema.checkoutSessions.$inferSelect;
type Outcome = { outcome: 'processed' | 'ignored'; detail: string | null; checkoutSessionId: string | null };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The end of a period that starts at `start`, by calendar (a month from 31 January is 3 March, as Stripe counts). */
export function periodEnd(start: Date, interval: BillingInterval | null): Date {
  const end = new Date(start);
  if (interval === 'YEARLY') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else if (interval === 'WEEKLY') end.setUTCDate(end.getUTCDate() + 7);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** An invoice line for a subscription period: "RTK Monthly, 2026-11-24 to 2026-12-24". */
const periodDescription = (name: string, start: Date, end: Date) =>
  `${name}, ${start.toISOString().slice(0, 10)} to ${end.toISOString().slice(0, 10)}`;

/**
 * Fulfilment (docs/decisions/0036): the one path by which a payment becomes credits or a subscription, for Stripe's
 * webhooks and the local provider alike. Each event is recorded by its provider's id in the same transaction as its
 * effect, so a repeated, concurrent or out-of-order delivery changes nothing twice; the checkout row is locked, so
 * two different events confirming one payment fulfil it once.
 */
export function createFulfilmentService({
  db,
  creditsRepository,
  logger,
  graceDays,
  onProcessed,
}: {
  db: Database;
  creditsRepository: CreditsRepository;
  logger: FastifyBaseLogger;
  /** How long a past-due subscription keeps access after its period end (docs/decisions/0038). */
  graceDays: number;
  /** Runs after an event's effect has committed (receipts go out then); its failure is only logged. */
  onProcessed?: () => Promise<unknown>;
}) {
  async function findCheckout(tx: Transaction, ref: CheckoutRef): Promise<CheckoutRow | undefined> {
    const c = schema.checkoutSessions;
    const where =
      ref.checkoutSessionId && uuidPattern.test(ref.checkoutSessionId)
        ? eq(c.id, ref.checkoutSessionId)
        : ref.providerSessionId
          ? eq(c.providerSessionId, ref.providerSessionId)
          : undefined;
    if (!where) return undefined;
    const [row] = await tx.select().from(c).where(where).for('update');
    return row;
  }

  async function fulfil(
    tx: Transaction,
    checkout: CheckoutRow,
    paid: { paymentIntentId?: string | null; providerSubscriptionId?: string | null; customerId?: string | null },
    period?: { start?: Date | null; end?: Date | null },
  ): Promise<Outcome> {
    const ref = { checkoutSessionId: checkout.id };
    if (checkout.status === 'paid') return { outcome: 'ignored', detail: 'Already fulfilled.', ...ref };
    const [product] = await tx.select().from(schema.products).where(eq(schema.products.id, checkout.productId));
    if (!product) throw new Error(`checkout ${checkout.id} names a missing product`);
    const now = new Date();
    await tx
      .update(schema.checkoutSessions)
      .set({
        status: 'paid',
        fulfilledAt: now,
        updatedAt: now,
        paymentIntentId: paid.paymentIntentId ?? checkout.paymentIntentId,
        providerSubscriptionId: paid.providerSubscriptionId ?? checkout.providerSubscriptionId,
        providerCustomerId: paid.customerId ?? checkout.providerCustomerId,
      })
      .where(eq(schema.checkoutSessions.id, checkout.id));

    if (checkout.mode === 'payment') {
      const credits = checkout.creditsAmount ?? 0;
      const changed = await creditsRepository.change(tx, { userId: checkout.ownerUserId as string }, credits, {
        kind: 'purchase',
        reason: `Bought ${product.name}`,
        externalRef: `checkout:${checkout.id}`,
        createdBy: checkout.userId,
      });
      if (!changed) throw new Error(`crediting checkout ${checkout.id} failed`);
      if (checkout.provider === 'local') {
        await issueInvoice(tx, {
          ...checkout,
          paymentKey: `checkout:${checkout.id}`,
          description: product.name,
          checkoutSessionId: checkout.id,
        });
      }
      return { outcome: 'processed', detail: `Added ${credits} credits.`, ...ref };
    }

    const start = period?.start ?? now;
    const end = period?.end ?? periodEnd(start, product.interval);
    const [started] = await tx
      .insert(schema.subscriptions)
      .values({
        ownerUserId: checkout.ownerUserId,
        ownerOrgId: checkout.ownerOrgId,
        productId: product.id,
        networkId: product.networkId,
        seats: product.seats,
        provider: checkout.provider,
        providerSubscriptionId: paid.providerSubscriptionId ?? checkout.providerSubscriptionId,
        checkoutSessionId: checkout.id,
        currentPeriodStart: start,
        currentPeriodEnd: end,
      })
      .onConflictDoNothing()
      .returning({ id: schema.subscriptions.id });
    if (checkout.provider === 'local' && started) {
      await issueInvoice(tx, {
        ...checkout,
        paymentKey: `checkout:${checkout.id}`,
        description: periodDescription(product.name, start, end),
        checkoutSessionId: checkout.id,
        subscriptionId: started.id,
      });
    }
    return { outcome: 'processed', detail: `Subscription started until ${end.toISOString()}.`, ...ref };
  }

  /**
   * A paid invoice: the first one of a subscription can arrive before checkout.session.completed and confirms the
   * payment just as well; a later one renews the period. The provider's invoice goes into billing history.
   */
  async function invoicePaid(
    tx: Transaction,
    action: Extract<PaymentAction, { kind: 'invoice-paid' }>,
  ): Promise<Outcome> {
    const s = schema.subscriptions;
    const checkout =
      (await findCheckout(tx, action)) ??
      (action.providerSubscriptionId
        ? (
            await tx
              .select()
              .from(schema.checkoutSessions)
              .where(eq(schema.checkoutSessions.providerSubscriptionId, action.providerSubscriptionId))
              .for('update')
          )[0]
        : undefined);
    let outcome: Outcome;
    let renewed: (typeof s.$inferSelect)[] = [];
    if (checkout && checkout.status !== 'paid') {
      outcome = await fulfil(
        tx,
        checkout,
        { providerSubscriptionId: action.providerSubscriptionId, customerId: action.customerId },
        { start: action.periodStart, end: action.periodEnd },
      );
    } else if (action.providerSubscriptionId && action.periodEnd) {
      renewed = await tx
        .update(s)
        .set({
          currentPeriodEnd: sql`greatest(${s.currentPeriodEnd}, ${action.periodEnd})`,
          ...(action.periodStart && { currentPeriodStart: action.periodStart }),
          status: sql`case when ${s.status} = 'past_due' then 'active' else ${s.status} end`,
          graceEndsAt: null,
          updatedAt: new Date(),
        })
        .where(and(eq(s.providerSubscriptionId, action.providerSubscriptionId), ne(s.status, 'cancelled')))
        .returning();
      for (const subscription of renewed) await syncSeatWindows(tx, subscription);
      outcome = renewed.length
        ? {
            outcome: 'processed',
            detail: `Renewed until ${action.periodEnd.toISOString()}.`,
            checkoutSessionId: checkout?.id ?? null,
          }
        : { outcome: 'ignored', detail: 'No subscription of ours.', checkoutSessionId: null };
    } else {
      outcome = { outcome: 'ignored', detail: 'No subscription of ours.', checkoutSessionId: checkout?.id ?? null };
    }

    for (const subscription of renewed) {
      if (subscription.provider !== 'local' || !action.periodStart) continue;
      const [product] = await tx.select().from(schema.products).where(eq(schema.products.id, subscription.productId));
      if (!product) continue;
      await issueInvoice(tx, {
        ...subscription,
        paymentKey: `renewal:${subscription.id}:${action.periodStart.toISOString()}`,
        description: periodDescription(
          product.name,
          action.periodStart,
          action.periodEnd ?? subscription.currentPeriodEnd,
        ),
        amount: product.amount,
        currency: product.currency,
        checkoutSessionId: null,
        subscriptionId: subscription.id,
      });
    }
    if (action.invoice) {
      const owner =
        checkout ??
        renewed[0] ??
        (action.customerId
          ? (
              await tx
                .select()
                .from(schema.paymentCustomers)
                .where(eq(schema.paymentCustomers.customerId, action.customerId))
            )[0]
          : undefined);
      if (owner) {
        await mirrorStripeInvoice(tx, {
          ...action.invoice,
          ownerUserId: owner.ownerUserId,
          ownerOrgId: owner.ownerOrgId,
          subscriptionId: renewed[0]?.id ?? null,
          checkoutSessionId: checkout?.id ?? null,
        });
        if (outcome.outcome === 'ignored') outcome = { ...outcome, outcome: 'processed', detail: 'Invoice recorded.' };
      }
    }
    return outcome;
  }

  async function apply(tx: Transaction, action: PaymentAction): Promise<Outcome> {
    const none = (detail: string): Outcome => ({ outcome: 'ignored', detail, checkoutSessionId: null });
    switch (action.kind) {
      case 'checkout-completed': {
        const checkout = await findCheckout(tx, action);
        if (!checkout) return none('No checkout session of ours.');
        if (action.isPaid) return fulfil(tx, checkout, action);
        if (checkout.status !== 'open')
          return { outcome: 'ignored', detail: 'Not open.', checkoutSessionId: checkout.id };
        await tx
          .update(schema.checkoutSessions)
          .set({ status: 'pending', updatedAt: new Date(), paymentIntentId: action.paymentIntentId ?? null })
          .where(eq(schema.checkoutSessions.id, checkout.id));
        return { outcome: 'processed', detail: 'Waiting for the payment to clear.', checkoutSessionId: checkout.id };
      }
      case 'checkout-failed': {
        const checkout = await findCheckout(tx, action);
        if (!checkout) return none('No checkout session of ours.');
        if (checkout.status !== 'open' && checkout.status !== 'pending') {
          return { outcome: 'ignored', detail: `Already ${checkout.status}.`, checkoutSessionId: checkout.id };
        }
        await tx
          .update(schema.checkoutSessions)
          .set({ status: action.status, updatedAt: new Date() })
          .where(eq(schema.checkoutSessions.id, checkout.id));
        return { outcome: 'processed', detail: `Checkout ${action.status}.`, checkoutSessionId: checkout.id };
      }
      case 'invoice-paid':
        return invoicePaid(tx, action);
      case 'invoice-failed': {
        if (!action.providerSubscriptionId) return none('No subscription of ours.');
        const pastDue = await markPastDue(tx, action.providerSubscriptionId, graceDays);
        return pastDue.length
          ? { outcome: 'processed', detail: 'Subscription past due.', checkoutSessionId: null }
          : none('No active subscription of ours.');
      }
      case 'subscription-changed': {
        const result = await applyProviderState(tx, action, graceDays);
        return { outcome: result.applied ? 'processed' : 'ignored', detail: result.detail, checkoutSessionId: null };
      }
      case 'refund':
        return refund(tx, action);
      case 'ignored':
        return none('Not an event we act on.');
    }
  }

  /**
   * Takes back the credits a refund covers, in proportion to the amount refunded so far. Credits already spent cannot
   * come back: the balance stops at zero and the shortfall is recorded on the checkout and in the ledger's reason.
   */
  async function refund(tx: Transaction, action: Extract<PaymentAction, { kind: 'refund' }>): Promise<Outcome> {
    const c = schema.checkoutSessions;
    const [checkout] = await tx.select().from(c).where(eq(c.paymentIntentId, action.paymentIntentId)).for('update');
    if (!checkout) return { outcome: 'ignored', detail: 'No payment of ours.', checkoutSessionId: null };
    const ref = { checkoutSessionId: checkout.id };
    if (checkout.mode !== 'payment' || !checkout.creditsAmount || action.amount <= 0) {
      await tx
        .update(c)
        .set({ amountRefunded: action.amountRefunded, updatedAt: new Date() })
        .where(eq(c.id, checkout.id));
      return { outcome: 'processed', detail: 'Refund recorded.', ...ref };
    }
    const share = Math.min(1, action.amountRefunded / action.amount);
    const due = Math.floor(checkout.creditsAmount * share) - checkout.creditsRefunded - checkout.creditsUnrecovered;
    if (due <= 0) return { outcome: 'ignored', detail: 'Nothing more to take back.', ...ref };

    const owner = { userId: checkout.ownerUserId as string };
    const b = schema.creditBalances;
    const [balanceRow] = await tx
      .select({ balance: b.balance })
      .from(b)
      .where(eq(b.ownerUserId, owner.userId))
      .for('update');
    const taken = Math.min(due, balanceRow?.balance ?? 0);
    const unrecovered = due - taken;
    if (taken > 0) {
      const changed = await creditsRepository.change(tx, owner, -taken, {
        kind: 'refund',
        reason:
          unrecovered > 0
            ? `Refund of ${checkout.id.slice(0, 8)}: ${unrecovered} credits were already spent`
            : `Refund of ${checkout.id.slice(0, 8)}`,
        externalRef: `refund:${checkout.id}:${checkout.creditsRefunded + checkout.creditsUnrecovered + due}`,
      });
      if (!changed) throw new Error(`refund of checkout ${checkout.id} could not change the balance`);
    }
    await tx
      .update(c)
      .set({
        amountRefunded: action.amountRefunded,
        creditsRefunded: checkout.creditsRefunded + taken,
        creditsUnrecovered: checkout.creditsUnrecovered + unrecovered,
        updatedAt: new Date(),
      })
      .where(eq(c.id, checkout.id));
    return {
      outcome: 'processed',
      detail: `Took back ${taken} credits${unrecovered ? `; ${unrecovered} were already spent` : ''}.`,
      ...ref,
    };
  }

  return {
    /**
     * Handles one event exactly once. Answers 'duplicate' for an event already handled; throws when handling fails
     * (the failure is recorded and the provider retries the delivery).
     */
    async handle(event: PaymentEventInput): Promise<'processed' | 'ignored' | 'duplicate'> {
      const e = schema.paymentEvents;
      const key = and(eq(e.provider, event.provider), eq(e.eventId, event.eventId));
      try {
        const result = await db.transaction(async (tx) => {
          // Insert, or count a repeated delivery: on PostgreSQL a concurrent delivery waits here for the first.
          const [row] = await tx
            .insert(e)
            .values({ provider: event.provider, eventId: event.eventId, type: event.type, outcome: 'processed' })
            .onConflictDoUpdate({
              target: [e.provider, e.eventId],
              set: { deliveries: sql`${e.deliveries} + 1`, lastDeliveryAt: new Date() },
            })
            .returning({ id: e.id, deliveries: e.deliveries, outcome: e.outcome });
          if (!row) throw new Error('payment event insert returned nothing');
          if (row.deliveries > 1 && row.outcome !== 'failed') return 'duplicate';
          const result = await apply(tx, event.action);
          await tx
            .update(e)
            .set({ outcome: result.outcome, detail: result.detail, checkoutSessionId: result.checkoutSessionId })
            .where(key);
          return result.outcome;
        });
        if (result === 'processed' && onProcessed) {
          onProcessed().catch((error) => logger.error({ err: error }, 'after-payment work failed'));
        }
        return result;
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        logger.error({ eventId: event.eventId, type: event.type, err: error }, 'payment event failed');
        await db
          .insert(e)
          .values({ provider: event.provider, eventId: event.eventId, type: event.type, outcome: 'failed', detail })
          .onConflictDoUpdate({
            target: [e.provider, e.eventId],
            set: { outcome: 'failed', detail, lastDeliveryAt: new Date() },
          });
        throw error;
      }
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
