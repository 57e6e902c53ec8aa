import { z } from 'zod';
import { plainText } from './text';

/** Spec §5 and §9: the sales form's rules, used by the form and by `POST /api/sales-requests`. */
export const SALES_MESSAGE_MAX = 200;

/** text, '@', text, '.', text, without whitespace (spec §5). */
export const salesEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Digits, plus, hyphen, whitespace and parentheses only (spec §5). */
export const salesPhonePattern = /^[\d+\-\s()]*$/;

const trimmed = (max: number, message: string, options: { multiline?: boolean } = {}) =>
  plainText(z.string().trim().max(max, message), options);
/** A required field: missing altogether (a client other than the form) reads the same sentence as left blank. */
const required = (max: number, message: string, missing: string) =>
  plainText(z.string({ error: missing }).trim().max(max, message).min(1, missing));

export const salesRequestSchema = z
  .object({
    firstName: required(100, 'The first name is at most 100 characters.', 'Please enter your first name.'),
    lastName: required(100, 'The last name is at most 100 characters.', 'Please enter your last name.'),
    email: required(254, 'The e-mail address is at most 254 characters.', 'Please enter your e-mail address.').regex(
      salesEmailPattern,
      'Please enter a valid e-mail address.',
    ),
    /** The signed-in user's e-mail, if any. */
    loggedInEmail: trimmed(254, 'The e-mail address is at most 254 characters.').default(''),
    company: trimmed(200, 'The company name is at most 200 characters.').default(''),
    phoneNumber: trimmed(40, 'The phone number is at most 40 characters.')
      .regex(salesPhonePattern, 'A phone number holds digits, +, -, spaces and parentheses only.')
      .default(''),
    /** The screen the form was opened from. */
    submittedFrom: trimmed(200, 'The page is at most 200 characters.').default(''),
    message: trimmed(SALES_MESSAGE_MAX, `The message is at most ${SALES_MESSAGE_MAX} characters.`, {
      multiline: true,
    }).default(''),
    /** Ad-click identifier (_gcl_aw cookie, gclid query parameter or local storage). */
    gclid: trimmed(200, 'The ad-click identifier is at most 200 characters.').default(''),
  })
  .meta({ id: 'SalesRequest' });

export type SalesRequest = z.infer<typeof salesRequestSchema>;
export type SalesRequestInput = z.input<typeof salesRequestSchema>;

export const salesRequestCreatedSchema = z.object({ id: z.string() }).meta({ id: 'SalesRequestCreated' });

export const adminSalesRequestSchema = salesRequestSchema
  .extend({
    id: z.string(),
    createdAt: z.iso.datetime(),
    /** pending: waiting to be forwarded (or no webhook configured); forwarded; failed: gave up after the retries. */
    forwarding: z.enum(['pending', 'forwarded', 'failed']),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    forwardedAt: z.iso.datetime().nullable(),
    nextAttemptAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'AdminSalesRequest' });

export type AdminSalesRequest = z.infer<typeof adminSalesRequestSchema>;

export const adminSalesRequestListSchema = z
  .object({ requests: z.array(adminSalesRequestSchema), isWebhookConfigured: z.boolean() })
  .meta({ id: 'AdminSalesRequestList' });

export type AdminSalesRequestList = z.infer<typeof adminSalesRequestListSchema>;

export const salesForwardingSchema = adminSalesRequestSchema.shape.forwarding;
export type SalesForwarding = z.infer<typeof salesForwardingSchema>;

/** `GET /api/admin/sales-requests`: optionally only the leads in one forwarding state. */
export const adminSalesRequestsQuerySchema = z.object({ status: salesForwardingSchema.optional() });
