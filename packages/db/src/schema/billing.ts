import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { checkoutSessions, subscriptions } from './commerce';
import { exactlyOneOwner, ownerColumns, ownerOrErased } from './owner';

/** A party on an invoice: the seller (the platform) or the buyer, as it was when the invoice was issued. */
export interface InvoiceParty {
  name: string;
  company?: string | null;
  address?: string | null;
  postalCode?: string | null;
  city?: string | null;
  /** ISO 3166-1 alpha-2. */
  country?: string | null;
  vatId?: string | null;
  email?: string | null;
}

/**
 * The seller on an invoice: a party plus what an EU invoice's footer names (trade register entry, bank account,
 * contact) and the brand whose logo heads it. Stored as JSON, so fields join without a migration (decision 0072).
 */
export interface InvoiceSeller extends InvoiceParty {
  /** Trade register entry as printed: "KvK 12345678", "HRB 123456, Amtsgericht München". */
  registration?: string | null;
  iban?: string | null;
  bic?: string | null;
  phone?: string | null;
  website?: string | null;
  /** Key of the brand (packages/shared brands.ts) the invoice was issued under: its logo heads the PDF. */
  brand?: string | null;
}

export interface InvoiceLine {
  description: string;
  quantity: number;
  /** Minor units, before tax. */
  unitAmount: number;
  amount: number;
}

/**
 * The operator's billing settings (admin → settings → invoices and tax management): who sells, how invoices are
 * numbered and what their footer says, and how prices carry VAT. A single row, id = 1.
 */
export const billingSettings = pgTable(
  'billing_settings',
  {
    id: smallint('id').primaryKey().default(1),
    seller: jsonb('seller').$type<InvoiceSeller>().notNull().default({ name: '' }),
    invoicePrefix: text('invoice_prefix').notNull().default('INV-'),
    invoiceFooter: text('invoice_footer').notNull().default(''),
    /** Prices as entered include VAT (consumer prices) or have it added (business prices). */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(true),
    /** A buyer with a VAT ID in another country than the seller's pays no VAT: the invoice says reverse charge. */
    reverseCharge: boolean('reverse_charge').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('billing_settings_single_row', sql`${t.id} = 1`)],
);

/** VAT per buyer country, in basis points (2100 = 21 %). */
export const taxRates = pgTable(
  'tax_rates',
  {
    country: text('country').primaryKey(),
    rateBp: integer('rate_bp').notNull(),
    label: text('label').notNull().default('VAT'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('tax_rates_rate', sql`${t.rateBp} >= 0 and ${t.rateBp} <= 10000`)],
);

/** What goes on an owner's invoices as the buyer. */
export const billingProfiles = pgTable(
  'billing_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    details: jsonb('details').$type<InvoiceParty>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    exactlyOneOwner('billing_profiles_one_owner', t),
    uniqueIndex('billing_profiles_user_idx').on(t.ownerUserId),
    uniqueIndex('billing_profiles_org_idx').on(t.ownerOrgId),
  ],
);

/** The last number used per invoice series: taken in the paying transaction, so numbers have no gaps. */
export const invoiceCounters = pgTable('invoice_counters', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

/**
 * An invoice: issued by us for the local provider's payments (number, parties, lines and tax frozen at issue), or
 * mirrored from Stripe's `invoice.paid` with Stripe's number and PDF. Never deleted, not even with its owner: a
 * trigger refuses that and any change to what was issued (docs/decisions/0063).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns('set null'),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    number: text('number').notNull(),
    providerInvoiceId: text('provider_invoice_id').unique(),
    checkoutSessionId: uuid('checkout_session_id').references(() => checkoutSessions.id, { onDelete: 'set null' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    /** What it was for (our period key for a renewal): one invoice per payment, however often it is confirmed. */
    paymentKey: text('payment_key').notNull().unique(),
    status: text('status', { enum: ['paid', 'open', 'void'] })
      .notNull()
      .default('paid'),
    currency: text('currency').notNull(),
    subtotal: integer('subtotal').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    total: integer('total').notNull(),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    /** "VAT 21 %", "Reverse charge", or empty without tax. */
    taxLabel: text('tax_label').notNull().default(''),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    seller: jsonb('seller').$type<InvoiceSeller>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    footer: text('footer').notNull().default(''),
    /** Stripe's own PDF and page; ours is rendered from the row. */
    pdfUrl: text('pdf_url'),
    hostedUrl: text('hosted_url'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
  },
  (t) => [
    ownerOrErased('invoices_owner_or_erased', t),
    uniqueIndex('invoices_provider_number_idx').on(t.provider, t.number),
    index('invoices_owner_user_idx').on(t.ownerUserId, t.issuedAt),
    index('invoices_receipt_idx').on(t.receiptSentAt),
  ],
);

/** The card an owner pays with: its display details only (the provider keeps the card itself). */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    providerPaymentMethodId: text('provider_payment_method_id'),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    exactlyOneOwner('payment_methods_one_owner', t),
    uniqueIndex('payment_methods_user_idx').on(t.provider, t.ownerUserId),
    uniqueIndex('payment_methods_org_idx').on(t.provider, t.ownerOrgId),
  ],
);

/** Reminder and notice e-mails already sent, by a key naming what and when: each goes out once. */
export const sentNotices = pgTable('sent_notices', {
  key: text('key').primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Set while a process sends the mail, null once it went (docs/decisions/0084): a claim whose process died mid-send
   * is taken again once this time has passed.
   */
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
});
