import { z } from 'zod';
import { billingIntervalSchema, productLimits } from './commerce';

/**
 * Subscriptions (issue 13; spec 3 "Subscription", 7; PRODUCT.md "Subscription"): what a customer sees and changes,
 * and what an admin runs: every owner's subscriptions, manual grants, cancel, resume and delete.
 */

export const subscriptionProviders = ['local', 'stripe', 'manual'] as const;

export const subscriptionStatuses = ['active', 'cancelling', 'cancelled', 'past_due'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export const subscriptionSchema = z
  .object({
    id: z.string(),
    productName: z.string(),
    networkId: z.string().nullable(),
    networkName: z.string().nullable(),
    /** `cancelling` until the period ends, then `cancelled`. */
    status: z.enum(subscriptionStatuses),
    amount: z.number().int(),
    currency: z.string(),
    interval: billingIntervalSchema.nullable(),
    provider: z.enum(subscriptionProviders),
    currentPeriodStart: z.iso.datetime(),
    currentPeriodEnd: z.iso.datetime(),
    /** Past due: the seats keep access until then while the payment is retried. */
    graceEndsAt: z.iso.datetime().nullable(),
    /** Cancelled: when it really ended (ended at once, by the provider, or at its period's end); else null. */
    endedAt: z.iso.datetime().nullable(),
    seats: z.number().int(),
    accounts: z.array(z.object({ id: z.string(), name: z.string(), username: z.string() })),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Subscription' });

export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionQuerySchema = z.object({ subscriptionId: z.uuid('Unknown subscription.') });

export const subscriptionSeatsSchema = z.object({
  accountIds: z
    .array(z.uuid())
    .max(productLimits.seats)
    .refine((ids) => new Set(ids).size === ids.length, 'An account fills one seat.'),
});

/** One row of `/admin/subscriptions`: the subscription and whom it belongs to. */
export const adminSubscriptionSchema = subscriptionSchema
  .extend({
    owner: z.object({ userId: z.string().nullable(), email: z.string().nullable(), name: z.string().nullable() }),
    /** An organisation's subscription: the organisation is the customer (docs/decisions/0073). */
    organization: z.object({ id: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: 'AdminSubscription' });

export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;

export const adminSubscriptionsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum(subscriptionStatuses).optional(),
});

/** An admin's grant of a non-billable (manual) subscription: it works like a paid one, without payments. */
export const grantSubscriptionSchema = z
  .object({
    userId: z.string().min(1, 'Choose a user.'),
    productId: z.uuid('Choose a manual subscription product.'),
    startsAt: z.iso.datetime({ offset: true, message: 'Give a start date.' }),
    endsAt: z.iso.datetime({ offset: true, message: 'Give an end date.' }),
    /** Unset: the product's seat count. */
    seats: z.number().int().min(1).max(productLimits.seats).optional(),
  })
  .refine((grant) => new Date(grant.endsAt) > new Date(grant.startsAt), {
    path: ['endsAt'],
    message: 'The end must come after the start.',
  })
  .refine((grant) => new Date(grant.endsAt) > new Date(), {
    path: ['endsAt'],
    message: 'The end must be in the future.',
  });

export type GrantSubscription = z.input<typeof grantSubscriptionSchema>;
