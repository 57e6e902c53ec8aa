import { z } from 'zod';
import { emailMaxLength, plainText } from './text';

/**
 * Billing (issue 13): the buyer's details on invoices, invoices, the card on file, and the operator's seller, invoice
 * and tax settings. Amounts are minor units; tax rates are basis points (2100 = 21 %).
 */

export const billingLimits = {
  name: 120,
  address: 300,
  line: 80,
  vatId: 20,
  prefix: 12,
  footer: 1000,
  label: 20,
} as const;

const optionalText = (max: number, options: { multiline?: boolean } = {}) =>
  plainText(z.string().trim().max(max, `At most ${max} characters.`), options)
    .transform((value) => value || null)
    .nullable()
    .optional();

/** ISO 3166-1 alpha-2, upper case. */
export const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Choose a country.');

/** A VAT number as printed: 2-letter country prefix and 2-18 letters or digits (spaces and dots are dropped). */
export const vatIdSchema = z
  .string()
  .transform((value) => value.replace(/[\s.-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^([A-Z]{2}[A-Z0-9]{2,18})?$/, 'A VAT ID starts with its country code, e.g. NL123456789B01.'));

/** A party on an invoice: the buyer's billing details, or the seller's. */
export const invoicePartySchema = z
  .object({
    name: plainText(
      z.string().trim().min(1, 'Give a name.').max(billingLimits.name, `At most ${billingLimits.name} characters.`),
    ),
    company: optionalText(billingLimits.name),
    address: optionalText(billingLimits.address, { multiline: true }),
    postalCode: optionalText(billingLimits.line),
    city: optionalText(billingLimits.line),
    country: countryCodeSchema.nullable().optional(),
    vatId: vatIdSchema
      .transform((value) => value || null)
      .nullable()
      .optional(),
    email: z
      .email('Give a valid e-mail address.')
      .max(emailMaxLength)
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
  })
  .meta({ id: 'InvoicePartyInput' });

export type InvoicePartyInput = z.input<typeof invoicePartySchema>;

/** A party as the API answers it (the input schema's transforms cannot serialise). */
export const invoicePartyViewSchema = z
  .object({
    name: z.string(),
    company: z.string().nullable().optional(),
    address: z.string().nullable().optional(),
    postalCode: z.string().nullable().optional(),
    city: z.string().nullable().optional(),
    country: z.string().nullable().optional(),
    vatId: z.string().nullable().optional(),
    email: z.string().nullable().optional(),
  })
  .meta({ id: 'InvoicePartyView' });

export type InvoiceParty = z.infer<typeof invoicePartyViewSchema>;

export const invoiceStatuses = ['paid', 'open', 'void'] as const;

export const invoiceSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    issuedAt: z.iso.datetime(),
    status: z.enum(invoiceStatuses),
    description: z.string(),
    currency: z.string(),
    subtotal: z.number().int(),
    taxAmount: z.number().int(),
    total: z.number().int(),
    taxLabel: z.string(),
    /** Our PDF (`/api/invoices/{id}/pdf`) or Stripe's. */
    pdfUrl: z.string(),
  })
  .meta({ id: 'Invoice' });

export type Invoice = z.infer<typeof invoiceSchema>;

export const paymentMethodSchema = z
  .object({
    provider: z.enum(['local', 'stripe']),
    brand: z.string(),
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
  })
  .meta({ id: 'PaymentMethod' });

export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** Everything `/settings/billing` shows. */
export const billingOverviewSchema = z
  .object({
    profile: invoicePartyViewSchema.nullable(),
    paymentMethod: paymentMethodSchema.nullable(),
    invoices: z.array(invoiceSchema),
    /** Whether the owner has any subscription, ended ones included (for the 'No Billing History' dialog). */
    hasSubscriptions: z.boolean(),
    provider: z.enum(['local', 'stripe']),
  })
  .meta({ id: 'BillingOverview' });

export type BillingOverview = z.infer<typeof billingOverviewSchema>;

/** Passes the Luhn check every card number carries. */
export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The local provider's test card form: a card number that passes Luhn, an expiry not in the past, a CVC. */
export const localCardSchema = z
  .object({
    number: z
      .string()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(
        z
          .string()
          .regex(/^\d{12,19}$/, 'A card number has 12 to 19 digits.')
          .refine(isLuhnValid, 'This card number is not valid.'),
      ),
    expMonth: z.number().int().min(1, 'Month 1 to 12.').max(12, 'Month 1 to 12.'),
    expYear: z.number().int().min(2000).max(2100),
    cvc: z.string().regex(/^\d{3,4}$/, 'The CVC has 3 or 4 digits.'),
  })
  .refine(
    ({ expMonth, expYear }) => {
      const now = new Date();
      return expYear * 12 + expMonth >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
    },
    { path: ['expMonth'], message: 'This card has expired.' },
  );

/** Stripe's card form confirmed a SetupIntent: the server reads the card from it. */
export const stripeCardSchema = z.object({ setupIntentId: z.string().regex(/^seti_\w+$/, 'Unknown SetupIntent.') });

/** `PUT /api/billing/payment-method`: a test card (local provider) or a confirmed SetupIntent (Stripe). */
export const paymentMethodInputSchema = z.union([localCardSchema, stripeCardSchema]);

export type PaymentMethodInput = z.output<typeof paymentMethodInputSchema>;

/** Admin → settings → invoices and tax management. */
export const billingSettingsSchema = z
  .object({
    seller: invoicePartySchema,
    invoicePrefix: z
      .string()
      .trim()
      .max(billingLimits.prefix)
      .regex(/^[A-Za-z0-9/_-]*$/, 'Letters, digits, - / and _ only.'),
    invoiceFooter: plainText(
      z.string().trim().max(billingLimits.footer, `At most ${billingLimits.footer} characters.`),
      { multiline: true },
    ),
    pricesIncludeTax: z.boolean(),
    reverseCharge: z.boolean(),
    /** The number the next invoice gets (read only). */
    nextInvoiceNumber: z.string().optional(),
  })
  .meta({ id: 'BillingSettings' });

export type BillingSettingsInput = z.input<typeof billingSettingsSchema>;

export const billingSettingsViewSchema = billingSettingsSchema
  .extend({ seller: invoicePartyViewSchema, invoicePrefix: z.string(), invoiceFooter: z.string() })
  .meta({ id: 'BillingSettingsView' });

export type BillingSettings = z.infer<typeof billingSettingsViewSchema>;

export const taxRateSchema = z
  .object({
    country: countryCodeSchema,
    rateBp: z.number().int().min(0, 'From 0 %.').max(10_000, 'At most 100 %.'),
    label: plainText(z.string().trim().min(1, 'Give a label, e.g. VAT.').max(billingLimits.label)),
  })
  .meta({ id: 'TaxRate' });

export type TaxRate = z.infer<typeof taxRateSchema>;

export const taxRatesSchema = z
  .array(taxRateSchema)
  .max(300)
  .refine((rates) => new Set(rates.map((r) => r.country)).size === rates.length, 'One rate per country.');

/** An invoice number: the prefix and the sequence, zero-padded to 6 digits ("INV-000042"). */
export const formatInvoiceNumber = (prefix: string, sequence: number) =>
  `${prefix}${String(sequence).padStart(6, '0')}`;
