import { type Database, type Owner, ownerValues, ownerWhere, schema } from '@fixpoint/db';
import {
  AppError,
  type BillingOverview,
  type InvoicePartyInput,
  invoicePartySchema,
  type PaymentMethod,
  type PaymentMethodInput,
} from '@fixpoint/shared';
import { and, eq } from 'drizzle-orm';
import type { PaymentProvider } from '../payments/payment-provider';
import { buyerOf, listInvoices } from './invoices';

/** A test card's brand from its number, as card networks assign them. */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'card';
}

/**
 * `/settings/billing` (issue 13) and an organisation's `/org/<id>/settings/billing` (docs/decisions/0073): the
 * buyer's details for invoices, the card on file (Stripe's, saved through a SetupIntent, or the local provider's
 * test card), and the invoices, for the owner the route works on.
 */
export function createBillingService({
  db,
  provider,
  customerIdOf,
}: {
  db: Database;
  provider: PaymentProvider;
  /** The provider's customer of this owner (checkout.service.ts), made by a checkout or the card form. */
  customerIdOf: (owner: Owner) => Promise<string | null>;
}) {
  const p = schema.billingProfiles;
  const m = schema.paymentMethods;

  async function paymentMethod(owner: Owner): Promise<PaymentMethod | null> {
    const [row] = await db
      .select()
      .from(m)
      .where(and(ownerWhere(m, owner), eq(m.provider, provider.name)));
    return row
      ? { provider: row.provider, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear }
      : null;
  }

  return {
    async overview(owner: Owner): Promise<BillingOverview> {
      const [[profile], invoices, [subscription], fallback] = await Promise.all([
        db.select().from(p).where(ownerWhere(p, owner)),
        listInvoices(db, owner),
        db
          .select({ id: schema.subscriptions.id })
          .from(schema.subscriptions)
          .where(ownerWhere(schema.subscriptions, owner))
          .limit(1),
        buyerOf(db, { ...ownerValues(owner), ignoreProfile: true }),
      ]);
      return {
        profile: profile ? invoicePartySchema.parse(profile.details) : null,
        buyerFallback: { name: fallback.name, email: fallback.email ?? null },
        paymentMethod: await paymentMethod(owner),
        invoices,
        hasSubscriptions: Boolean(subscription),
        provider: provider.name,
      };
    },

    async saveProfile(owner: Owner, input: InvoicePartyInput) {
      const details = invoicePartySchema.parse(input);
      const values = ownerValues(owner);
      await db
        .insert(p)
        .values({ ...values, details })
        .onConflictDoUpdate({
          target: values.ownerOrgId ? p.ownerOrgId : p.ownerUserId,
          set: { details, updatedAt: new Date() },
        });
      return details;
    },

    async savePaymentMethod(owner: Owner, input: PaymentMethodInput): Promise<PaymentMethod> {
      let card: { paymentMethodId: string | null; brand: string; last4: string; expMonth: number; expYear: number };
      if ('setupIntentId' in input) {
        if (!provider.saveCardFromSetupIntent) {
          throw new AppError('VALIDATION_FAILED', 400, 'Payments run on the local test provider: enter a test card.');
        }
        const customerId = await customerIdOf(owner);
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
      const owned = ownerValues(owner);
      await db
        .insert(m)
        .values({ ...owned, provider: provider.name, ...values })
        .onConflictDoUpdate({ target: [m.provider, owned.ownerOrgId ? m.ownerOrgId : m.ownerUserId], set: values });
      return (await paymentMethod(owner)) as PaymentMethod;
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
