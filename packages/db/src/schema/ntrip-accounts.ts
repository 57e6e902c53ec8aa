import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { networks, stations } from './networks';
import { organizations } from './organizations';
import { exactlyOneOwner, ownerColumns } from './owner';

/** What a rover logs in with: separate from the web login (PRODUCT.md: NTRIP account). */
export const ntripAccounts = pgTable(
  'ntrip_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull().unique(),
    /** AES-256-GCM with the key from configuration: the owner can see and copy it, so it is not hashed. */
    passwordEnc: text('password_enc').notNull(),
    name: text('name').notNull(),
    ...ownerColumns(),
    maxConnections: integer('max_connections').notNull().default(1),
    isDisabled: boolean('is_disabled').notNull().default(false),
    disabledReason: text('disabled_reason'),
    /** An organisation's account lent to a member: the member sees it, and it connects only until lentUntil. */
    lentToUserId: text('lent_to_user_id').references(() => users.id, { onDelete: 'set null' }),
    lentUntil: timestamp('lent_until', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    exactlyOneOwner('ntrip_accounts_one_owner', t),
    check('ntrip_accounts_max_connections', sql`${t.maxConnections} between 1 and 100`),
    index('ntrip_accounts_owner_user_idx').on(t.ownerUserId),
    index('ntrip_accounts_owner_org_idx').on(t.ownerOrgId),
    // A user's account list takes in the accounts lent to them (decision 0041): without this, every list read
    // every account (issue 18). Partial: few accounts are lent at any time.
    index('ntrip_accounts_lent_to_user_idx').on(t.lentToUserId).where(sql`${t.lentToUserId} is not null`),
  ],
);

/**
 * Account x network x [startsAt, endsAt): while one covers now, the account may use the network's mountpoints.
 * Windows are appended, never edited, except that a window bought to start at first connection gets its dates then
 * (startsAt and endsAt null, pendingDays set, until that moment).
 */
export const accessWindows = pgTable(
  'access_windows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ntripAccounts.id, { onDelete: 'cascade' }),
    networkId: uuid('network_id')
      .notNull()
      .references(() => networks.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    pendingDays: integer('pending_days'),
    source: text('source', { enum: ['credits', 'subscription', 'admin', 'organization'] }).notNull(),
    /** The ledger entry, subscription or grant that created it. */
    sourceRef: text('source_ref'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('access_windows_account_network_idx').on(t.accountId, t.networkId, t.endsAt),
    check(
      'access_windows_dates',
      sql`(${t.startsAt} is not null and ${t.endsAt} is not null and ${t.endsAt} > ${t.startsAt}) or (${t.startsAt} is null and ${t.endsAt} is null and ${t.pendingDays} > 0)`,
    ),
  ],
);

/** One rover connection to the caster (PRODUCT.md: Session). */
export const casterSessions = pgTable(
  'caster_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ntripAccounts.id, { onDelete: 'cascade' }),
    mountpoint: text('mountpoint').notNull(),
    networkId: uuid('network_id').references(() => networks.id, { onDelete: 'set null' }),
    /** The base serving the rover (for AUTO mountpoints, the latest one). */
    stationId: uuid('station_id').references(() => stations.id, { onDelete: 'set null' }),
    clientAddress: text('client_address').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ntripVersion: smallint('ntrip_version').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** When the caster last wrote this session's progress: after a crash, the session is closed at this time. */
    progressAt: timestamp('progress_at', { withTimezone: true }),
    bytesSent: bigint('bytes_sent', { mode: 'number' }).notNull().default(0),
    ggaCount: integer('gga_count').notNull().default(0),
    lastGgaAt: timestamp('last_gga_at', { withTimezone: true }),
    lastLatitude: doublePrecision('last_latitude'),
    lastLongitude: doublePrecision('last_longitude'),
    lastHeight: doublePrecision('last_height'),
    distanceToBaseM: doublePrecision('distance_to_base_m'),
    /**
     * Fix health from the rover's GGA, aggregated by the caster (GgaStats in packages/shared fleet.ts: time per fix
     * state, first fix, histograms of correction age, satellites, HDOP); null without GGA (issue 33, decision 0079).
     */
    ggaStats: jsonb('gga_stats'),
    /** Why it ended: client-closed, replaced, window-ended, revoked, slow-client, source-lost, shutdown, ... */
    closeReason: text('close_reason'),
    casterInstance: text('caster_instance'),
  },
  (t) => [
    index('caster_sessions_account_started_idx').on(t.accountId, t.startedAt),
    index('caster_sessions_open_idx').on(t.endedAt),
    // Webhooks read new sessions by start time (decision 0078).
    index('caster_sessions_started_idx').on(t.startedAt),
  ],
);

/** Refused rover logins, kept to tell the owner why their rover does not connect. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    accountId: uuid('account_id').references(() => ntripAccounts.id, { onDelete: 'cascade' }),
    mountpoint: text('mountpoint').notNull(),
    reason: text('reason', {
      enum: [
        'unknown-user',
        'bad-password',
        'web-password',
        'disabled',
        'no-access',
        'outside-coverage',
        'bad-request',
      ],
    }).notNull(),
    clientAddress: text('client_address').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_account_at_idx').on(t.accountId, t.at)],
);

/**
 * An organisation's account lent to a member until a time (docs/decisions/0041). The current lending is also on the
 * account (lent_to_user_id, lent_until) for the caster; these rows are the history that usage is counted from.
 */
export const accountLendings = pgTable(
  'account_lendings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ntripAccounts.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('account_lendings_account_idx').on(t.accountId, t.startsAt),
    index('account_lendings_user_idx').on(t.userId),
  ],
);
