import { type Database, schema } from '@fixpoint/db';
import {
  AppError,
  type BillingOverview,
  type InvoicePartyInput,
  invoicePartySchema,
  type PaymentMethod,
  type PaymentMethodInput,
} from '@fixpoint/shared';
import { and, eq } from 'drizzle-orm';
import type { AuthUser } from '../../plugins/auth';
import type { PaymentProvider } from '../payments/payment-provider';
import { listInvoices } from './invoices';

/** A test card's brand from its number, as card networks assign them. */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'card';
}

/**
 * `/settings/billing` (issue 13): the buyer's details for invoices, the card on file (Stripe's, saved through a
 * SetupIntent, or the local provider's test card), and the invoices.
 */
export function createBillingService({
  db,
  provider,
  customerIdOf,
}: {
  db: Database;
  provider: PaymentProvider;
  /** The provider's customer of this user (checkout.service.ts), made by a checkout or the card form. */
  customerIdOf: (userId: string) => Promise<string | null>;
}) {
  const p = schema.billingProfiles;
  const m = schema.paymentMethods;

  async function paymentMethod(userId: string): Promise<PaymentMethod | null> {
    const [row] = await db
      .select()
      .from(m)
      .where(and(eq(m.ownerUserId, userId), eq(m.provider, provider.name)));
    return row
      ? { provider: row.provider, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear }
      : null;
  }

  return {
    async overview(userId: string): Promise<BillingOverview> {
      const [[profile], invoices, [subscription]] = await Promise.all([
        db.select().from(p).where(eq(p.ownerUserId, userId)),
        listInvoices(db, userId),
        db
          .select({ id: schema.subscriptions.id })
          .from(schema.subscriptions)
          .where(eq(schema.subscriptions.ownerUserId, userId))
          .limit(1),
      ]);
      return {
        profile: profile ? invoicePartySchema.parse(profile.details) : null,
        paymentMethod: await paymentMethod(userId),
        invoices,
        hasSubscriptions: Boolean(subscription),
        provider: provider.name,
      };
    },

    async saveProfile(userId: string, input: InvoicePartyInput) {
      const details = invoicePartySchema.parse(input);
      await db
        .insert(p)
        .values({ ownerUserId: userId, details })
        .onConflictDoUpdate({ target: p.ownerUserId, set: { details, updatedAt: new Date() } });
      return details;
    },

    async savePaymentMethod(user: AuthUser, input: PaymentMethodInput): Promise<PaymentMethod> {
      let card: { paymentMethodId: string | null; brand: string; last4: string; expMonth: number; expYear: number };
      if ('setupIntentId' in input) {
        if (!provider.saveCardFromSetupIntent) {
          throw new AppError('VALIDATION_FAILED', 400, 'Payments run on the local test provider: enter a test card.');
        }
        const customerId = await customerIdOf(user.id);
        if (!customerId) throw new AppError('VALIDATION_FAILED', 400, 'Open the card form again: it has expired.');
        try {
          card = await provider.saveCardFromSetupIntent(input.setupIntentId, customerId);
        } catch (error) {
          throw new AppError('UPSTREAM_FAILED', 502, 'The card could not be saved with the payment provider.', {
            cause: error,
          });
        }
      } else {
        if (provider.name !== 'local') {
          throw new AppError('VALIDATION_FAILED', 400, 'Enter your card in the secure card form.');
        }
        // Only what identifies the card on screen is kept: never the number or the CVC.
        card = {
          paymentMethodId: null,
          brand: cardBrand(input.number),
          last4: input.number.slice(-4),
          expMonth: input.expMonth,
          expYear: input.expYear,
        };
      }
      const values = {
        providerPaymentMethodId: card.paymentMethodId,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        updatedAt: new Date(),
      };
      await db
        .insert(m)
        .values({ ownerUserId: user.id, provider: provider.name, ...values })
        .onConflictDoUpdate({ target: [m.provider, m.ownerUserId], set: values });
      return (await paymentMethod(user.id)) as PaymentMethod;
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
