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
  registration: 200,
  iban: 34,
  bic: 11,
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
    /** What invoices carry without a profile: the person's name and e-mail, or the organisation's name. */
    buyerFallback: z.object({ name: z.string(), email: z.string().nullable() }),
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

/** An IBAN as printed in groups of four: spaces are dropped, letters upper-cased, the ISO 13616 check digits checked. */
export const ibanSchema = z
  .string()
  .transform((value) => value.replace(/\s/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .regex(/^([A-Z]{2}\d{2}[A-Z0-9]{10,30})?$/, 'An IBAN starts with its country code, e.g. NL91ABNA0417164300.')
      .refine((iban) => !iban || isIbanValid(iban), 'This IBAN is not valid.'),
  )
  .transform((value) => value || null);

/** The ISO 13616 check: the IBAN with its first four characters moved to the end, as a number, modulo 97 is 1. */
export function isIbanValid(iban: string): boolean {
  const digits = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

/**
 * The seller on invoices (admin → settings → invoices): a party plus the trade register entry, bank account and
 * contact an EU invoice names (decision 0072).
 */
export const invoiceSellerSchema = invoicePartySchema
  .extend({
    registration: optionalText(billingLimits.registration),
    iban: ibanSchema.nullable().optional(),
    bic: z
      .string()
      .transform((value) => value.replace(/\s/g, '').toUpperCase())
      .pipe(z.string().regex(/^([A-Z0-9]{8}|[A-Z0-9]{11})?$/, 'A BIC has 8 or 11 letters and digits.'))
      .transform((value) => value || null)
      .nullable()
      .optional(),
    phone: optionalText(billingLimits.line),
    website: optionalText(billingLimits.line),
  })
  .meta({ id: 'InvoiceSellerInput' });

export const invoiceSellerViewSchema = invoicePartyViewSchema
  .extend({
    registration: z.string().nullable().optional(),
    iban: z.string().nullable().optional(),
    bic: z.string().nullable().optional(),
    phone: z.string().nullable().optional(),
    website: z.string().nullable().optional(),
  })
  .meta({ id: 'InvoiceSellerView' });

export type InvoiceSeller = z.infer<typeof invoiceSellerViewSchema>;

/** Admin → settings → invoices and tax management. */
export const billingSettingsSchema = z
  .object({
    seller: invoiceSellerSchema,
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
  .extend({ seller: invoiceSellerViewSchema, invoicePrefix: z.string(), invoiceFooter: z.string() })
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
