import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { exactlyOneOwner, ownerColumns } from './owner';

/**
 * An owner's webhook endpoint (issue 32, decision 0078): where events go and which. The signing secret is sealed
 * with the secret box (like NTRIP passwords) and shown once, at creation.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secretEnc: text('secret_enc').notNull(),
    isDisabled: boolean('is_disabled').notNull().default(false),
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    exactlyOneOwner('webhook_endpoints_one_owner', t),
    index('webhook_endpoints_user_idx').on(t.ownerUserId),
    index('webhook_endpoints_org_idx').on(t.ownerOrgId),
  ],
);

/**
 * The outbox: one row per event and endpoint, written in the transaction of what happened, then delivered by the
 * worker. `nextAttemptAt` is also the claim (moved ahead under FOR UPDATE SKIP LOCKED before a send). `dedupeKey`
 * keeps an event that may be reported twice (an invoice paid) to one delivery per endpoint; replays have none.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The exact body sent (and signed), the same on every attempt. */
    body: text('body').notNull(),
    dedupeKey: text('dedupe_key'),
    replayOf: uuid('replay_of'),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseCode: integer('response_code'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    uniqueIndex('webhook_deliveries_dedupe_idx').on(t.endpointId, t.dedupeKey),
  ],
);

/** How far an event source read by position (the caster's session rows) has been turned into webhook events. */
export const webhookCursors = pgTable('webhook_cursors', {
  name: text('name').primaryKey(),
  position: timestamp('position', { withTimezone: true }).notNull(),
  /** The last row at `position` already taken (rows share a time). */
  lastId: uuid('last_id'),
});
