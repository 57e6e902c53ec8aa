import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { stations } from './networks';
import { organizations } from './organizations';
import { exactlyOneOwner, ownerColumns } from './owner';

/**
 * Alerts (issue 31, decision 0076). What the caster last declared about a station for alerting: `up`, `down` or
 * `degraded`, changed under a row lock, so of several caster processes that see the same outage one records it (the
 * others find the state already changed), and a state that changed less than the hold time ago waits (a flapping
 * base). A plain text column: the enum is the type's, so `degraded` needed no migration.
 */
export const stationAlertStates = pgTable('station_alert_states', {
  stationId: uuid('station_id')
    .primaryKey()
    .references(() => stations.id, { onDelete: 'cascade' }),
  state: text('state', { enum: ['up', 'down', 'degraded'] }).notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Something worth telling, recorded once where it was detected (the caster, the billing clock, the alert sweep),
 * then fanned out to its recipients by the server's notifications worker. `dedupeKey` makes a second report of the
 * same thing (another process, a sweep run twice) a no-op. Station events carry the station; owner events their owner.
 */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    stationId: uuid('station_id').references(() => stations.id, { onDelete: 'cascade' }),
    ...ownerColumns(),
    data: jsonb('data').notNull().default({}),
    dedupeKey: text('dedupe_key').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    fannedOutAt: timestamp('fanned_out_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alert_events_dedupe_idx').on(t.dedupeKey),
    index('alert_events_pending_idx').on(t.createdAt).where(sql`${t.fannedOutAt} is null`),
  ],
);

/** One notification of one owner (a user, or an organisation whose owners and admins read it). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    kind: text('kind').notNull(),
    eventId: uuid('event_id').references(() => alertEvents.id, { onDelete: 'set null' }),
    /** What the texts are written from, in the reader's language at read time. */
    data: jsonb('data').notNull().default({}),
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    exactlyOneOwner('notifications_one_owner', t),
    index('notifications_user_idx').on(t.ownerUserId, t.createdAt),
    index('notifications_org_idx').on(t.ownerOrgId, t.createdAt),
  ],
);

/** An owner's choice per kind; a kind without a row uses its default (packages/shared notificationDefaults). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    kind: text('kind').notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    webhook: boolean('webhook').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    exactlyOneOwner('notification_settings_one_owner', t),
    uniqueIndex('notification_settings_user_kind_idx')
      .on(t.ownerUserId, t.kind)
      .where(sql`${t.ownerUserId} is not null`),
    uniqueIndex('notification_settings_org_kind_idx').on(t.ownerOrgId, t.kind).where(sql`${t.ownerOrgId} is not null`),
  ],
);

/**
 * The mail queue: one row per event and person to mail (for an organisation's event, each of its owners and admins,
 * with the organisation for the links). The mailer sends a person's pending rows as one mail once the oldest has
 * waited the burst window, at a steady number of mails per second.
 */
export const notificationMails = pgTable(
  'notification_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => alertEvents.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notification_mails_pending_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`),
    index('notification_mails_user_pending_idx').on(t.userId).where(sql`${t.sentAt} is null`),
  ],
);
