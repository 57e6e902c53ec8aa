import type { BillingInterval, PaymentProviderName } from '@fixpoint/shared';

/** What a provider needs to start a hosted checkout for one of our checkout sessions. */
export interface CheckoutRequest {
  checkoutSessionId: string;
  mode: 'payment' | 'subscription';
  product: { id: string; name: string; amount: number; currency: string; interval: BillingInterval | null };
  customer: { userId: string; email: string; name: string; customerId: string | null };
  /** Where the buyer comes back to: the portal's /checkout page for this session. */
  returnUrl: string;
  /** The portal's origin, for pages the provider serves itself. */
  origin: string;
}

/**
 * A payment provider behind one interface (docs/decisions/0036): Stripe, or the local test provider of the
 * embedded default. Both confirm payments through `PaymentEventInput`s handled by the fulfilment service.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  readonly mode: 'test' | 'live';
  readonly publishableKey: string | null;
  createCheckout(
    request: CheckoutRequest,
  ): Promise<{ providerSessionId: string; url: string; customerId: string | null }>;
  /** What the card form needs: Stripe's SetupIntent client secret for the customer (created when missing). */
  customerSecret(customer: CheckoutRequest['customer']): Promise<{ clientSecret: string; customerId: string | null }>;
  /** Stops (or resumes) the renewal at the end of the current period. */
  setCancelAtPeriodEnd(providerSubscriptionId: string, cancel: boolean): Promise<void>;
  /** Ends the subscription at the provider now: no more renewals (an admin's delete). */
  cancelNow(providerSubscriptionId: string): Promise<void>;
  /**
   * Stripe: the card a confirmed SetupIntent of this customer saved, made the customer's default for invoices and
   * renewals. (The local provider takes its test card directly.)
   */
  saveCardFromSetupIntent?(
    setupIntentId: string,
    customerId: string,
  ): Promise<{ paymentMethodId: string; brand: string; last4: string; expMonth: number; expYear: number }>;
}

/** A paid invoice as the provider numbered and taxed it. */
export interface ProviderInvoice {
  id: string;
  number: string | null;
  currency: string;
  subtotal: number;
  tax: number;
  total: number;
  description: string;
  pdfUrl: string | null;
  hostedUrl: string | null;
}

/** Identifies our checkout session: by our id (metadata) or the provider's session id. */
export interface CheckoutRef {
  checkoutSessionId?: string | null;
  providerSessionId?: string | null;
}

/**
 * What the provider says was paid, in minor units of `currency`: a payment is fulfilled only when it is what our
 * checkout asked for (docs/decisions/0063). Absent for the local provider, whose page asks for no money.
 */
export interface PaidAmount {
  amount: number | null;
  currency: string | null;
}

/** A provider's event, reduced to what fulfilment acts on. */
export type PaymentAction =
  | (CheckoutRef & {
      kind: 'checkout-completed';
      /** False for methods that confirm later (the session becomes pending). */
      isPaid: boolean;
      paymentIntentId?: string | null;
      providerSubscriptionId?: string | null;
      customerId?: string | null;
      paid?: PaidAmount;
    })
  | (CheckoutRef & { kind: 'checkout-failed'; status: 'declined' | 'cancelled' | 'expired' })
  | (CheckoutRef & {
      kind: 'invoice-paid';
      providerSubscriptionId: string | null;
      periodStart?: Date | null;
      periodEnd?: Date | null;
      /** The provider's invoice, mirrored into billing history (Stripe); the local provider's are issued by us. */
      invoice?: ProviderInvoice | null;
      customerId?: string | null;
    })
  /** A renewal's payment failed: the subscription is past due (docs/decisions/0038). */
  | { kind: 'invoice-failed'; providerSubscriptionId: string | null }
  /** The provider's view of a subscription changed (`customer.subscription.updated` and `.deleted`). */
  | {
      kind: 'subscription-changed';
      providerSubscriptionId: string;
      status: 'active' | 'cancelling' | 'past_due' | 'cancelled';
      periodStart?: Date | null;
      periodEnd?: Date | null;
      /** When the provider made the change: an older change arriving late is ignored. */
      changedAt?: Date | null;
    }
  | {
      kind: 'refund';
      paymentIntentId: string;
      /** Refunded so far, cumulative, in minor units; and the payment's full amount. */
      amountRefunded: number;
      amount: number;
    }
  | { kind: 'ignored' };

export interface PaymentEventInput {
  provider: PaymentProviderName;
  eventId: string;
  type: string;
  action: PaymentAction;
  /**
   * The subscription the event is about, as the provider has it now (Stripe, read when the event arrives): applied
   * after the event's own effect, so events in any order end in the provider's state (docs/decisions/0063).
   */
  subscriptionState?: ProviderSubscriptionState | null;
}

/**
 * A change of a subscription at the provider: an event's copy (`subscription-changed`) or the state read back
 * (`ProviderSubscriptionState`). Subscriptions applies it (lifecycle.ts).
 */
export interface ProviderSubscriptionChange {
  providerSubscriptionId: string;
  status: 'active' | 'cancelling' | 'past_due' | 'cancelled';
  periodStart?: Date | null;
  periodEnd?: Date | null;
  /** When the provider made the change (Stripe's event `created`): an older change arriving late is ignored. */
  changedAt?: Date | null;
  /**
   * Read from the provider just now (not an event's copy): its period is the provider's, even if shorter than ours
   * (a period we computed before the provider's arrived).
   */
  isCurrent?: boolean;
}

/** A subscription's state at the provider, read at `changedAt`. */
export interface ProviderSubscriptionState {
  providerSubscriptionId: string;
  status: 'active' | 'cancelling' | 'past_due' | 'cancelled';
  periodStart?: Date | null;
  periodEnd?: Date | null;
  changedAt: Date;
  isCurrent: true;
}
