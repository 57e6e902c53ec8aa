import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { networks } from './networks';
import { ntripAccounts } from './ntrip-accounts';
import { exactlyOneOwner, ownerColumns, ownerOrErased } from './owner';

/** Something for sale (PRODUCT.md: Product). Its id is the spec's `priceId`; a product that was sold is archived. */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    type: text('type', { enum: ['Subscription', 'Token'] }).notNull(),
    category: text('category', { enum: ['billable-subscription', 'credits', 'non-billable-subscription'] }).notNull(),
    /** Minor units of `currency`. */
    amount: integer('amount').notNull(),
    /** Lower case: eur, usd, gbp. */
    currency: text('currency').notNull(),
    interval: text('interval', { enum: ['YEARLY', 'MONTHLY', 'WEEKLY'] }),
    creditsAmount: integer('credits_amount'),
    attributes: jsonb('attributes').$type<string[]>().notNull().default([]),
    bestChoice: boolean('best_choice').notNull().default(false),
    testMode: boolean('test_mode').notNull().default(false),
    /**
     * Subscriptions: the network they give access to (null once that network is deleted: then it cannot be bought),
     * and how many NTRIP accounts (seats) they cover.
     */
    networkId: uuid('network_id').references(() => networks.id, { onDelete: 'set null' }),
    seats: integer('seats').notNull().default(1),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_amount', sql`${t.amount} >= 0`),
    check('products_currency', sql`${t.currency} in ('eur', 'usd', 'gbp')`),
    check('products_seats', sql`${t.seats} >= 1`),
    check(
      'products_shape',
      sql`(${t.category} = 'credits' and ${t.type} = 'Token' and ${t.creditsAmount} > 0 and ${t.interval} is null)
        or (${t.category} <> 'credits' and ${t.type} = 'Subscription' and ${t.creditsAmount} is null)`,
    ),
    index('products_category_idx').on(t.category, t.isArchived),
  ],
);

/** A named set of subscription products shown together (spec 3 "Pricing table"). */
export const pricingTables = pgTable('pricing_tables', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  networkId: uuid('network_id').references(() => networks.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const pricingTableProducts = pgTable(
  'pricing_table_products',
  {
    tableId: uuid('table_id')
      .notNull()
      .references(() => pricingTables.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.productId] })],
);

/** A payment provider's customer for an owner (Stripe's `cus_...`), created at the first checkout. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    exactlyOneOwner('payment_customers_one_owner', t),
    uniqueIndex('payment_customers_user_idx').on(t.provider, t.ownerUserId),
    uniqueIndex('payment_customers_org_idx').on(t.provider, t.ownerOrgId),
  ],
);

/**
 * One attempt to buy a product (PRODUCT.md: Checkout session). Price, currency and credits are copied from the
 * product when it starts, so a later edit never changes what was bought. Fulfilled once, when the provider confirms.
 * The record of a payment and its refunds: it outlives its owner (docs/decisions/0063).
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns('set null'),
    /** Who started it (the buyer; for an organisation, the member who pressed the button); null once erased. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    mode: text('mode', { enum: ['payment', 'subscription'] }).notNull(),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    providerSessionId: text('provider_session_id').unique(),
    url: text('url'),
    /** `needs_review`: the provider confirmed a payment of another amount or currency; nothing was granted. */
    status: text('status', {
      enum: ['open', 'pending', 'paid', 'needs_review', 'declined', 'cancelled', 'expired'],
    })
      .notNull()
      .default('open'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    creditsAmount: integer('credits_amount'),
    providerCustomerId: text('provider_customer_id'),
    /** Set when paid: what a refund names (Stripe's payment intent) and the subscription a purchase started. */
    paymentIntentId: text('payment_intent_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** Refunds: credits taken back, and credits that could not be (already spent). */
    amountRefunded: integer('amount_refunded').notNull().default(0),
    creditsRefunded: integer('credits_refunded').notNull().default(0),
    creditsUnrecovered: integer('credits_unrecovered').notNull().default(0),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    ownerOrErased('checkout_sessions_owner_or_erased', t),
    index('checkout_sessions_user_idx').on(t.userId, t.createdAt),
    index('checkout_sessions_payment_intent_idx').on(t.paymentIntentId),
    index('checkout_sessions_provider_subscription_idx').on(t.providerSubscriptionId),
  ],
);

/**
 * A subscription (PRODUCT.md: Subscription). Started by a paid checkout (or an admin's grant); its lifecycle,
 * seats and billing pages build on this table.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    networkId: uuid('network_id').references(() => networks.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['active', 'cancelling', 'cancelled', 'past_due'] })
      .notNull()
      .default('active'),
    seats: integer('seats').notNull(),
    provider: text('provider', { enum: ['local', 'stripe', 'manual'] }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').unique(),
    /** Unique: a checkout starts at most one subscription, however often its confirmation arrives. */
    checkoutSessionId: uuid('checkout_session_id')
      .unique()
      .references(() => checkoutSessions.id, { onDelete: 'set null' }),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When it ended before its period did (ended now, or by the provider); a period that ran out ends at its end. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Past due: the seats keep access until then (docs/decisions/0038); cleared when a payment succeeds. */
    graceEndsAt: timestamp('grace_ends_at', { withTimezone: true }),
    /** The provider's time of the last subscription change applied: an older change arriving late is ignored. */
    providerChangedAt: timestamp('provider_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    exactlyOneOwner('subscriptions_one_owner', t),
    index('subscriptions_owner_user_idx').on(t.ownerUserId),
    index('subscriptions_owner_org_idx').on(t.ownerOrgId),
  ],
);

/**
 * Every payment event received (Stripe's webhook deliveries, the local provider's confirmations), by the
 * provider's event id: the unique key is what makes a repeated or concurrent delivery count once.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** `needs_review`: held for an administrator (a paid amount that does not match the checkout). */
    outcome: text('outcome', { enum: ['processed', 'ignored', 'failed', 'needs_review'] }).notNull(),
    detail: text('detail'),
    checkoutSessionId: uuid('checkout_session_id').references(() => checkoutSessions.id, { onDelete: 'set null' }),
    deliveries: integer('deliveries').notNull().default(1),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    lastDeliveryAt: timestamp('last_delivery_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_events_provider_event_idx').on(t.provider, t.eventId),
    index('payment_events_received_idx').on(t.receivedAt),
  ],
);

/** Which NTRIP accounts fill a subscription's seats; each gets an access window on its network (source 'subscription'). */
export const subscriptionSeats = pgTable(
  'subscription_seats',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ntripAccounts.id, { onDelete: 'cascade' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.accountId] }),
    index('subscription_seats_account_idx').on(t.accountId),
  ],
);
