import { type Database, schema, type Transaction } from '@fixpoint/db';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CreditsRepository } from '../credits/credits.repository';
import { findCheckout, fulfil, invoicePaid, type Outcome, type PaymentEffects } from './payment-effects';
import type { PaymentAction, PaymentEventInput } from './payment-provider';
import { refund } from './refund';

/**
 * Fulfilment (docs/decisions/0036): the one path by which a payment becomes credits or a subscription, for Stripe's
 * webhooks and the local provider alike. Each event is recorded by its provider's id in the same transaction as its
 * effect, so a repeated, concurrent or out-of-order delivery changes nothing twice; the checkout row is locked, so
 * two different events confirming one payment fulfil it once.
 */
export function createFulfilmentService({
  db,
  creditsRepository,
  effects,
  logger,
  graceDays,
  onProcessed,
}: {
  db: Database;
  creditsRepository: CreditsRepository;
  /** Billing's and subscriptions' part of a payment, handed in at wiring (docs/decisions/0068). */
  effects: PaymentEffects;
  logger: FastifyBaseLogger;
  /** How long a past-due subscription keeps access after its period end (docs/decisions/0038). */
  graceDays: number;
  /** Runs after an event's effect has committed (receipts go out then); its failure is only logged. */
  onProcessed?: () => Promise<unknown>;
}) {
  const deps = { creditsRepository, effects };
  async function apply(tx: Transaction, action: PaymentAction): Promise<Outcome> {
    const none = (detail: string): Outcome => ({ outcome: 'ignored', detail, checkoutSessionId: null });
    switch (action.kind) {
      case 'checkout-completed': {
        const checkout = await findCheckout(tx, action);
        if (!checkout) return none('No checkout session of ours.');
        if (action.isPaid) return fulfil(tx, deps, checkout, action);
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
        return invoicePaid(tx, deps, action);
      case 'invoice-failed': {
        if (!action.providerSubscriptionId) return none('No subscription of ours.');
        const pastDue = await effects.markPastDue(tx, action.providerSubscriptionId, graceDays);
        return pastDue.length
          ? { outcome: 'processed', detail: 'Subscription past due.', checkoutSessionId: null }
          : none('No active subscription of ours.');
      }
      case 'subscription-changed': {
        const result = await effects.applyProviderState(tx, action, graceDays);
        return { outcome: result.applied ? 'processed' : 'ignored', detail: result.detail, checkoutSessionId: null };
      }
      case 'refund':
        return refund(tx, creditsRepository, action);
      case 'ignored':
        return none('Not an event we act on.');
    }
  }

  /**
   * The event's effect, then the provider's current state of its subscription when the event came with one: whatever
   * order the events arrive in, the last one handled leaves the provider's state (docs/decisions/0063). A
   * subscription change's own copy of the state is superseded by the one read when it arrived.
   */
  async function applyConverging(tx: Transaction, event: PaymentEventInput): Promise<Outcome> {
    const state = event.subscriptionState;
    if (!state) return apply(tx, event.action);
    const own = event.action.kind === 'subscription-changed' ? null : await apply(tx, event.action);
    const converged = await effects.applyProviderState(tx, state, graceDays);
    if (own && (own.outcome !== 'ignored' || !converged.applied)) return own;
    return {
      outcome: converged.applied ? 'processed' : 'ignored',
      detail: converged.detail,
      checkoutSessionId: own?.checkoutSessionId ?? null,
    };
  }

  return {
    /**
     * Handles one event exactly once. Answers 'duplicate' for an event already handled; throws when handling fails
     * (the failure is recorded and the provider retries the delivery).
     */
    async handle(event: PaymentEventInput): Promise<'processed' | 'ignored' | 'duplicate' | 'needs_review'> {
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
          const result = await applyConverging(tx, event);
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
