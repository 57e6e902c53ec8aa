import { z } from 'zod';
import { plainText } from './text';

/**
 * Products, pricing tables and checkout (issue 12; spec 2 "Pricing screens", 3 "Money", "Pricing product",
 * "Checkout", 7). A product's `priceId` is its id: one price per product, so an admin changes a price by archiving
 * the product and making a new one, and what a customer bought stays what it was.
 */

// ---- money ----

export const currencies = ['eur', 'usd', 'gbp'] as const;
export type Currency = (typeof currencies)[number];

/** Any letter case of the code (spec 3); stored and answered in lower case, as Stripe does. */
export const currencySchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(currencies, 'The currency must be EUR, USD or GBP.'));

const currencySymbols: Record<Currency, string> = { eur: '€', usd: '$', gbp: '£' };

/** Spec 3: the symbol of a currency code in any letter case; an unknown code is shown as itself, upper-cased. */
export function currencySymbol(currency: string): string {
  return currencySymbols[currency.toLowerCase() as Currency] ?? currency.toUpperCase();
}

/** Spec 3: minor units as a decimal string with 2 decimals ("1234" -> "12.34"); no rounding, no grouping. */
export function formatMinorUnits(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(amount));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "€12.34": the symbol, then the amount with 2 decimals. */
export const formatMoney = (amount: number, currency: string) =>
  `${currencySymbol(currency)}${formatMinorUnits(amount)}`;

// ---- products ----

export const productTypes = ['Subscription', 'Token'] as const;
export const productCategories = ['billable-subscription', 'credits', 'non-billable-subscription'] as const;
export const billingIntervals = ['YEARLY', 'MONTHLY', 'WEEKLY'] as const;

export type ProductType = (typeof productTypes)[number];
export type ProductCategory = (typeof productCategories)[number];
export type BillingInterval = (typeof billingIntervals)[number];

export const productCategorySchema = z.enum(productCategories);
export const billingIntervalSchema = z.enum(billingIntervals);

/** Limits shared by the admin forms (which stop typing at them) and the API. */
export const productLimits = {
  name: 80,
  attribute: 120,
  attributes: 12,
  /** 1,000,000.00 in minor units. */
  amount: 100_000_000,
  creditsAmount: 1_000_000,
  seats: 1000,
  tableName: 80,
  tableDescription: 500,
  tableProducts: 12,
} as const;

/** Spec 3 "Pricing product": what a pricing card shows and what checkout is asked for (`priceId`). */
export const pricingProductSchema = z
  .object({
    name: z.string(),
    priceId: z.string(),
    type: z.enum(productTypes),
    amount: z.number().int(),
    currency: z.string(),
    bestChoice: z.boolean(),
    attributes: z.array(z.string()),
    testMode: z.boolean(),
    /** Subscriptions only. */
    interval: billingIntervalSchema.optional(),
    /** Token products only. */
    creditsAmount: z.number().int().optional(),
    /** Subscriptions: the NTRIP accounts it covers. */
    seats: z.number().int().optional(),
    networkId: z.string().nullable().optional(),
  })
  .meta({ id: 'PricingProduct' });

export type PricingProduct = z.infer<typeof pricingProductSchema>;

/** Spec 3 "Pricing table": a name and its products (`data`), plus the description and network of PRODUCT.md. */
export const pricingTableSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    networkId: z.string().nullable(),
    networkName: z.string().nullable(),
    data: z.array(pricingProductSchema),
  })
  .meta({ id: 'PricingTable' });

export type PricingTable = z.infer<typeof pricingTableSchema>;

/** `GET /api/tokenProducts`: the credit packs for sale, as one table. */
export const tokenProductsSchema = z
  .object({ name: z.string(), data: z.array(pricingProductSchema) })
  .meta({ id: 'TokenProducts' });

export type TokenProducts = z.infer<typeof tokenProductsSchema>;

/** Spec 2: pricing dialogs list products by ascending amount. */
export const byAscendingAmount = <T extends { amount: number }>(products: readonly T[]): T[] =>
  [...products].sort((a, b) => a.amount - b.amount);

/** Spec 2: 1 column for 1 product, 2 for 2, 3 for 3, 4 for more. */
export const pricingGridColumns = (count: number) => Math.min(Math.max(count, 1), 4);

// ---- admin: products ----

export const adminProductSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.enum(productTypes),
    category: productCategorySchema,
    amount: z.number().int(),
    currency: z.string(),
    interval: billingIntervalSchema.nullable(),
    creditsAmount: z.number().int().nullable(),
    attributes: z.array(z.string()),
    bestChoice: z.boolean(),
    testMode: z.boolean(),
    networkId: z.string().nullable(),
    networkName: z.string().nullable(),
    seats: z.number().int(),
    isArchived: z.boolean(),
    /** Paid checkouts of it: a product that was sold is archived, never deleted. */
    soldCount: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminProduct' });

export type AdminProduct = z.infer<typeof adminProductSchema>;

const productFields = {
  name: plainText(z.string().trim().min(2, 'Give the product a name.').max(productLimits.name)),
  amount: z
    .number('The price must be a number.')
    .int('The price is in minor units (cents): a whole number.')
    .min(0, 'The price cannot be negative.')
    .max(productLimits.amount, 'The price is too high.'),
  currency: currencySchema,
  attributes: z
    .array(plainText(z.string().trim().min(1, 'An attribute cannot be empty.').max(productLimits.attribute)))
    .max(productLimits.attributes, `At most ${productLimits.attributes} attributes.`),
  bestChoice: z.boolean(),
  testMode: z.boolean(),
};

/** Creating a product: the category decides the type and which of interval, credits, network and seats apply. */
export const createProductSchema = z
  .object({
    ...productFields,
    category: productCategorySchema,
    interval: billingIntervalSchema.nullable().default(null),
    creditsAmount: z
      .number()
      .int('Credits must be a whole number.')
      .min(1, 'A credit pack adds at least 1 credit.')
      .max(productLimits.creditsAmount)
      .nullable()
      .default(null),
    networkId: z.uuid('Choose a network.').nullable().default(null),
    seats: z.number().int().min(1, 'At least 1 seat.').max(productLimits.seats).default(1),
    attributes: productFields.attributes.default([]),
    bestChoice: z.boolean().default(false),
    testMode: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (value.category === 'credits') {
      if (value.creditsAmount === null) issue('creditsAmount', 'A credit pack needs the number of credits it adds.');
      if (value.interval !== null) issue('interval', 'A credit pack is bought once: it has no interval.');
      if (value.amount === 0) issue('amount', 'A credit pack needs a price.');
    } else {
      if (value.networkId === null) issue('networkId', 'A subscription covers a network: choose one.');
      if (value.creditsAmount !== null) issue('creditsAmount', 'A subscription does not add credits.');
      if (value.category === 'billable-subscription') {
        if (value.interval === null) issue('interval', 'A billable subscription renews: choose an interval.');
        if (value.amount === 0) issue('amount', 'A billable subscription needs a price.');
      }
    }
  });

export type CreateProduct = z.input<typeof createProductSchema>;

/** What may change after creation: not the category, price or currency (those make a new product). */
export const updateProductSchema = z
  .object({
    name: productFields.name,
    attributes: productFields.attributes,
    bestChoice: productFields.bestChoice,
    testMode: productFields.testMode,
    seats: z.number().int().min(1).max(productLimits.seats),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to change.');

export type UpdateProduct = z.input<typeof updateProductSchema>;

export const adminProductsQuerySchema = z.object({
  category: productCategorySchema.optional(),
  includeArchived: z.enum(['true', 'false']).optional(),
});

// ---- admin: pricing tables ----

export const adminPricingTableSchema = pricingTableSchema
  .extend({ position: z.number().int(), productIds: z.array(z.string()) })
  .meta({ id: 'AdminPricingTable' });

export type AdminPricingTable = z.infer<typeof adminPricingTableSchema>;

export const pricingTableInputSchema = z.object({
  name: plainText(z.string().trim().min(2, 'Give the table a name.').max(productLimits.tableName)),
  description: plainText(z.string().trim().max(productLimits.tableDescription), { multiline: true }).default(''),
  networkId: z.uuid().nullable().default(null),
  /** Billable subscription products, in the order the table shows them. */
  productIds: z
    .array(z.uuid())
    .min(1, 'A pricing table needs at least one product.')
    .max(productLimits.tableProducts)
    .refine((ids) => new Set(ids).size === ids.length, 'A product can be in a table once.'),
});

export type PricingTableInput = z.input<typeof pricingTableInputSchema>;

export const pricingTableOrderSchema = z.object({
  tableIds: z.array(z.uuid()).refine((ids) => new Set(ids).size === ids.length, 'Each table once.'),
});

// ---- checkout ----

export const checkoutQuerySchema = z.object({ priceId: z.uuid('Unknown price.') });

export const checkoutCreatedSchema = z
  .object({ checkoutSessionId: z.string(), url: z.string() })
  .meta({ id: 'CheckoutCreated' });

export type CheckoutCreated = z.infer<typeof checkoutCreatedSchema>;

/**
 * open: waiting for the payment provider; pending: paid with a method that confirms later; needs_review: the provider
 * confirmed another amount or currency than the checkout's, so nothing was granted until an administrator looks.
 */
export const checkoutStatuses = [
  'open',
  'pending',
  'paid',
  'needs_review',
  'declined',
  'cancelled',
  'expired',
] as const;
export type CheckoutStatus = (typeof checkoutStatuses)[number];

export const checkoutSessionQuerySchema = z.object({ checkoutSessionId: z.uuid('Unknown checkout session.') });

export const checkoutStateSchema = z
  .object({
    checkoutSessionId: z.string(),
    status: z.enum(checkoutStatuses),
    type: z.enum(productTypes),
    productName: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    interval: billingIntervalSchema.nullable(),
    creditsAmount: z.number().int().nullable(),
    networkName: z.string().nullable(),
    testMode: z.boolean(),
    createdAt: z.iso.datetime(),
    fulfilledAt: z.iso.datetime().nullable(),
    /** The subscription the purchase started, once paid. */
    subscription: z
      .object({ id: z.string(), status: z.string(), currentPeriodEnd: z.iso.datetime().nullable() })
      .nullable(),
  })
  .meta({ id: 'CheckoutState' });

export type CheckoutState = z.infer<typeof checkoutStateSchema>;

export const paymentProviders = ['local', 'stripe'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

export const customerSecretSchema = z
  .object({
    provider: z.enum(paymentProviders),
    /** Stripe: a SetupIntent client secret for the card form; local: a test value. */
    clientSecret: z.string(),
    publishableKey: z.string().nullable(),
  })
  .meta({ id: 'CustomerSecret' });

export type CustomerSecret = z.infer<typeof customerSecretSchema>;

// ---- admin: payments ----

export const paymentEventOutcomes = ['processed', 'ignored', 'failed', 'needs_review'] as const;

export const paymentEventSchema = z.object({
  eventId: z.string(),
  type: z.string(),
  /** needs_review: a payment held for an administrator (its amount or currency is not the checkout's). */
  outcome: z.enum(paymentEventOutcomes),
  detail: z.string().nullable(),
  deliveries: z.number().int(),
  receivedAt: z.iso.datetime(),
  lastDeliveryAt: z.iso.datetime(),
});

export type PaymentEvent = z.infer<typeof paymentEventSchema>;

export const paymentSettingsSchema = z
  .object({
    provider: z.enum(paymentProviders),
    mode: z.enum(['test', 'live']),
    /** Where Stripe must send events (null for the local provider, which needs none). */
    webhookUrl: z.string().nullable(),
    webhookEvents: z.array(z.string()),
    /** The last deliveries, and every payment held for review however old. */
    events: z.array(paymentEventSchema),
    /** How many payments are held for review (docs/decisions/0063). */
    needsReview: z.number().int(),
  })
  .meta({ id: 'PaymentSettings' });

export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

/** The Stripe events to enable on the webhook endpoint (README and the payments settings page). */
export const stripeWebhookEvents = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
] as const;

/**
 * A price typed in major units ("12", "12.5", "12,50") as minor units (1250), exactly: no floating point. Null for
 * anything else, more than 2 decimals included.
 */
export function parseMajorUnits(text: string): number | null {
  const match = text.trim().match(/^(\d{1,9})(?:[.,](\d{1,2}))?$/);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
