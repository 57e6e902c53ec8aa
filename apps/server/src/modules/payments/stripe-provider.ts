import Stripe from 'stripe';
import type { PaymentAction, PaymentEventInput, PaymentProvider, ProviderSubscriptionState } from './payment-provider';

/** Stripe's tolerance for a signature's age, which we also allow into the future (a clock ahead, or a forgery). */
export const signatureToleranceSeconds = 300;

const stripeIntervals = { YEARLY: 'year', MONTHLY: 'month', WEEKLY: 'week' } as const;

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  publishableKey?: string;
  /** Another API address (a local double in tests); unset: Stripe's own. */
  apiUrl?: string;
}

/** The SDK client, pointed at `apiUrl` through its host, port and protocol options when one is given. */
export function createStripeClient({ secretKey, apiUrl }: Pick<StripeSettings, 'secretKey' | 'apiUrl'>): Stripe {
  const url = apiUrl ? new URL(apiUrl) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(url && {
      host: url.hostname,
      port: url.port || (url.protocol === 'https:' ? 443 : 80),
      protocol: url.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;
const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** Stripe's subscription status in our four (docs/decisions/0038): `unpaid` (retries exhausted) is past due too. */
function ourStatus(subscription: Stripe.Subscription): 'active' | 'cancelling' | 'past_due' | 'cancelled' {
  switch (subscription.status) {
    case 'canceled':
    case 'incomplete_expired':
      return 'cancelled';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    default:
      return subscription.cancel_at_period_end ? 'cancelling' : 'active';
  }
}

/** A Stripe subscription as our state, read at `changedAt`. */
export function toSubscriptionState(subscription: Stripe.Subscription, changedAt: Date): ProviderSubscriptionState {
  const item = subscription.items?.data?.[0];
  return {
    providerSubscriptionId: subscription.id,
    status: ourStatus(subscription),
    periodStart: fromUnix(item?.current_period_start),
    periodEnd: fromUnix(item?.current_period_end),
    changedAt,
    isCurrent: true,
  };
}

/** The subscription an event is about, if any: its current state is read from Stripe when the event arrives. */
export function subscriptionOfAction(action: PaymentAction): string | null {
  switch (action.kind) {
    case 'checkout-completed':
    case 'invoice-paid':
    case 'invoice-failed':
      return action.providerSubscriptionId ?? null;
    case 'subscription-changed':
      return action.providerSubscriptionId;
    default:
      return null;
  }
}

/** A verified Stripe event, reduced to what fulfilment acts on (docs/decisions/0036). */
export function toPaymentEvent(event: Stripe.Event): PaymentEventInput {
  return { provider: 'stripe', eventId: event.id, type: event.type, action: toAction(event) };
}

function toAction(event: Stripe.Event): PaymentAction {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      return {
        kind: 'checkout-completed',
        checkoutSessionId: session.metadata?.checkoutSessionId ?? session.client_reference_id,
        providerSessionId: session.id,
        isPaid:
          event.type === 'checkout.session.async_payment_succeeded' ||
          session.payment_status === 'paid' ||
          session.payment_status === 'no_payment_required',
        paymentIntentId: idOf(session.payment_intent),
        providerSubscriptionId: idOf(session.subscription),
        customerId: idOf(session.customer),
        paid: { amount: session.amount_total ?? null, currency: session.currency ?? null },
      };
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object;
      return {
        kind: 'checkout-failed',
        checkoutSessionId: session.metadata?.checkoutSessionId ?? session.client_reference_id,
        providerSessionId: session.id,
        status: event.type === 'checkout.session.expired' ? 'expired' : 'declined',
      };
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      const line = invoice.lines?.data?.[0];
      return {
        kind: 'invoice-paid',
        checkoutSessionId: details?.metadata?.checkoutSessionId ?? invoice.metadata?.checkoutSessionId ?? null,
        providerSubscriptionId: idOf(details?.subscription),
        periodStart: fromUnix(line?.period?.start),
        periodEnd: fromUnix(line?.period?.end),
        customerId: idOf(invoice.customer),
        invoice: invoice.id
          ? {
              id: invoice.id,
              number: invoice.number ?? null,
              currency: invoice.currency,
              subtotal: invoice.subtotal ?? invoice.amount_paid,
              tax: (invoice.total ?? invoice.amount_paid) - (invoice.subtotal ?? invoice.amount_paid),
              total: invoice.total ?? invoice.amount_paid,
              description: line?.description ?? 'Subscription',
              pdfUrl: invoice.invoice_pdf ?? null,
              hostedUrl: invoice.hosted_invoice_url ?? null,
            }
          : null,
      };
    }
    case 'invoice.payment_failed': {
      const details = event.data.object.parent?.subscription_details;
      return { kind: 'invoice-failed', providerSubscriptionId: idOf(details?.subscription) };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const item = subscription.items?.data?.[0];
      return {
        kind: 'subscription-changed',
        providerSubscriptionId: subscription.id,
        status: event.type === 'customer.subscription.deleted' ? 'cancelled' : ourStatus(subscription),
        periodStart: fromUnix(item?.current_period_start),
        periodEnd: fromUnix(item?.current_period_end),
        changedAt: fromUnix(event.created),
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentIntentId = idOf(charge.payment_intent);
      if (!paymentIntentId) return { kind: 'ignored' };
      return { kind: 'refund', paymentIntentId, amountRefunded: charge.amount_refunded, amount: charge.amount };
    }
    default:
      return { kind: 'ignored' };
  }
}

/** Stripe Checkout in payment and subscription mode, with one Stripe customer per owner. */
export function createStripeProvider(settings: StripeSettings): PaymentProvider & {
  /**
   * Verifies a webhook delivery's signature over its raw body; throws when it does not match or is dated more than
   * five minutes before or after now.
   */
  verify(rawBody: Buffer, signature: string): Stripe.Event;
  /** The subscription as Stripe has it now; null when Stripe knows no such subscription. */
  subscriptionState(providerSubscriptionId: string): Promise<ProviderSubscriptionState | null>;
} {
  const stripe = createStripeClient(settings);
  const isLive = settings.secretKey.includes('_live_');

  async function ensureCustomer(customer: { userId: string; email: string; name: string; customerId: string | null }) {
    if (customer.customerId) return customer.customerId;
    const created = await stripe.customers.create(
      { email: customer.email, name: customer.name || undefined, metadata: { userId: customer.userId } },
      { idempotencyKey: `customer-${customer.userId}` },
    );
    return created.id;
  }

  return {
    name: 'stripe',
    mode: isLive ? 'live' : 'test',
    publishableKey: settings.publishableKey ?? null,

    async createCheckout({ checkoutSessionId, mode, product, customer, returnUrl }) {
      const customerId = await ensureCustomer(customer);
      const metadata = { checkoutSessionId, productId: product.id };
      const session = await stripe.checkout.sessions.create(
        {
          mode,
          customer: customerId,
          client_reference_id: checkoutSessionId,
          metadata,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: product.currency,
                unit_amount: product.amount,
                product_data: { name: product.name, metadata: { productId: product.id } },
                ...(mode === 'subscription' && {
                  recurring: { interval: stripeIntervals[product.interval ?? 'MONTHLY'] },
                }),
              },
            },
          ],
          // A one-off payment gets an invoice too (subscriptions always do), so billing history lists every payment.
          ...(mode === 'subscription'
            ? { subscription_data: { metadata } }
            : { payment_intent_data: { metadata }, invoice_creation: { enabled: true, invoice_data: { metadata } } }),
          success_url: returnUrl,
          cancel_url: `${returnUrl}&cancelled=1`,
        },
        { idempotencyKey: `checkout-${checkoutSessionId}` },
      );
      if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`);
      return { providerSessionId: session.id, url: session.url, customerId };
    },

    async customerSecret(customer) {
      const customerId = await ensureCustomer(customer);
      const intent = await stripe.setupIntents.create({ customer: customerId, usage: 'off_session' });
      if (!intent.client_secret) throw new Error(`Stripe answered SetupIntent ${intent.id} without a client secret`);
      return { clientSecret: intent.client_secret, customerId };
    },

    async setCancelAtPeriodEnd(providerSubscriptionId, cancel) {
      await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: cancel });
    },

    async saveCardFromSetupIntent(setupIntentId, customerId) {
      const intent = await stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] });
      if (idOf(intent.customer) !== customerId || intent.status !== 'succeeded') {
        throw new Error(`SetupIntent ${setupIntentId} is not a confirmed one of this customer`);
      }
      const method = intent.payment_method;
      if (!method || typeof method === 'string' || !method.card) throw new Error('The SetupIntent saved no card');
      await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: method.id } });
      return {
        paymentMethodId: method.id,
        brand: method.card.brand,
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
      };
    },

    async cancelNow(providerSubscriptionId) {
      await stripe.subscriptions.cancel(providerSubscriptionId);
    },

    verify(rawBody, signature) {
      // The SDK refuses a signature older than the tolerance but not one dated in the future.
      const event = stripe.webhooks.constructEvent(
        rawBody,
        signature,
        settings.webhookSecret,
        signatureToleranceSeconds,
      );
      const timestamp = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
      if (!(timestamp <= Date.now() / 1000 + signatureToleranceSeconds)) {
        throw new Error('The webhook signature is dated in the future.');
      }
      return event;
    },

    async subscriptionState(providerSubscriptionId) {
      const changedAt = new Date();
      try {
        return toSubscriptionState(await stripe.subscriptions.retrieve(providerSubscriptionId), changedAt);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
  };
}

export type StripeProvider = ReturnType<typeof createStripeProvider>;
