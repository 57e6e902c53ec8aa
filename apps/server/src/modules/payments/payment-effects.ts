import { ownerOfRow, schema, type Transaction } from '@fixpoint/db';
import { type BillingInterval, formatMoney } from '@fixpoint/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { CreditsRepository } from '../credits/credits.repository';
import type {
  CheckoutRef,
  PaidAmount,
  PaymentAction,
  ProviderInvoice,
  ProviderSubscriptionChange,
} from './payment-provider';

/**
 * The effects of a confirmed payment (docs/decisions/0036), run inside fulfilment's transaction: a checkout paid
 * into credits or a subscription, and a paid invoice that confirms a first payment or renews a period. Each issues
 * our invoice (local provider) or mirrors the provider's.
 */

type CheckoutRow = typeof schema.checkoutSessions.$inferSelect;
type SubscriptionRow = typeof schema.subscriptions.$inferSelect;
type Owner = { ownerUserId: string | null; ownerOrgId: string | null };

/**
 * What a confirmed payment asks of billing and subscriptions. Payments imports neither module (they import its
 * provider interface): the app hands these in when it is wired (docs/decisions/0068), and each runs inside the
 * paying transaction.
 */
export interface PaymentEffects {
  /** Billing: our invoice for a payment the local provider took, once per payment key. */
  issueInvoice(
    tx: Transaction,
    payment: Owner & {
      paymentKey: string;
      description: string;
      amount: number;
      currency: string;
      checkoutSessionId?: string | null;
      subscriptionId?: string | null;
    },
  ): Promise<unknown>;
  /** Billing: the provider's paid invoice in the owner's billing history. */
  mirrorInvoice(
    tx: Transaction,
    invoice: Owner & ProviderInvoice & { subscriptionId?: string | null; checkoutSessionId?: string | null },
  ): Promise<unknown>;
  /** Subscriptions: every seat's access follows the subscription's (renewed) period. */
  syncSeatWindows(tx: Transaction, subscription: SubscriptionRow): Promise<unknown>;
  /** Subscriptions: a renewal's payment failed; answers the subscriptions now past due. */
  markPastDue(tx: Transaction, providerSubscriptionId: string, graceDays: number): Promise<unknown[]>;
  /** Subscriptions: the provider's view of a subscription applied. */
  applyProviderState(
    tx: Transaction,
    state: ProviderSubscriptionChange,
    graceDays: number,
  ): Promise<{ applied: boolean; detail: string }>;
}

/** What fulfilling a payment changes: the owner's credits, and through the effects, billing and subscriptions. */
export type FulfilmentDeps = { creditsRepository: CreditsRepository; effects: PaymentEffects };
export type Outcome = {
  outcome: 'processed' | 'ignored' | 'needs_review';
  detail: string | null;
  checkoutSessionId: string | null;
};

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

/** Our checkout session, by our id (metadata) or the provider's session id, locked for the change. */
export async function findCheckout(tx: Transaction, ref: CheckoutRef): Promise<CheckoutRow | undefined> {
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

/** Whether the provider took exactly the checkout's amount in its currency. */
export const isPaidInFull = (checkout: Pick<CheckoutRow, 'amount' | 'currency'>, paid: PaidAmount) =>
  paid.amount === checkout.amount && paid.currency?.toLowerCase() === checkout.currency.toLowerCase();

export async function fulfil(
  tx: Transaction,
  { creditsRepository, effects }: FulfilmentDeps,
  checkout: CheckoutRow,
  paid: {
    paymentIntentId?: string | null;
    providerSubscriptionId?: string | null;
    customerId?: string | null;
    /** What the provider says was paid; checked against the checkout when given. */
    paid?: PaidAmount | undefined;
  },
  period?: { start?: Date | null; end?: Date | null },
): Promise<Outcome> {
  const ref = { checkoutSessionId: checkout.id };
  if (checkout.status === 'paid') return { outcome: 'ignored', detail: 'Already fulfilled.', ...ref };
  if (checkout.status === 'needs_review') return { outcome: 'ignored', detail: 'Held for review.', ...ref };
  const now = new Date();
  const isOwnerErased = !checkout.ownerUserId && !checkout.ownerOrgId;
  if (isOwnerErased || (paid.paid && !isPaidInFull(checkout, paid.paid))) {
    // Another amount or currency than we asked for (a tampered or misconfigured session), or a buyer deleted since:
    // grant nothing and hold the payment for an administrator (docs/decisions/0063).
    await tx
      .update(schema.checkoutSessions)
      .set({
        status: 'needs_review',
        updatedAt: now,
        paymentIntentId: paid.paymentIntentId ?? checkout.paymentIntentId,
        providerSubscriptionId: paid.providerSubscriptionId ?? checkout.providerSubscriptionId,
        providerCustomerId: paid.customerId ?? checkout.providerCustomerId,
      })
      .where(eq(schema.checkoutSessions.id, checkout.id));
    if (!paid.paid || isPaidInFull(checkout, paid.paid)) {
      return { outcome: 'needs_review', detail: 'Paid after its buyer was deleted: held for review.', ...ref };
    }
    const said = paid.paid.amount === null ? 'no amount' : formatMoney(paid.paid.amount, paid.paid.currency ?? '');
    return {
      outcome: 'needs_review',
      detail: `Paid ${said}, but the checkout asked ${formatMoney(checkout.amount, checkout.currency)}: nothing granted, held for review.`,
      ...ref,
    };
  }
  const [product] = await tx.select().from(schema.products).where(eq(schema.products.id, checkout.productId));
  if (!product) throw new Error(`checkout ${checkout.id} names a missing product`);
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
    const changed = await creditsRepository.change(tx, ownerOfRow(checkout), credits, {
      kind: 'purchase',
      description: { code: 'purchase', product: product.name },
      externalRef: `checkout:${checkout.id}`,
      createdBy: checkout.userId ?? undefined,
    });
    if (!changed) throw new Error(`crediting checkout ${checkout.id} failed`);
    if (checkout.provider === 'local') {
      await effects.issueInvoice(tx, {
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
    await effects.issueInvoice(tx, {
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
export async function invoicePaid(
  tx: Transaction,
  deps: FulfilmentDeps,
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
      deps,
      checkout,
      {
        providerSubscriptionId: action.providerSubscriptionId,
        customerId: action.customerId,
        paid: action.invoice ? { amount: action.invoice.total, currency: action.invoice.currency } : undefined,
      },
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
    for (const subscription of renewed) await deps.effects.syncSeatWindows(tx, subscription);
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
    await deps.effects.issueInvoice(tx, {
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
      await deps.effects.mirrorInvoice(tx, {
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
