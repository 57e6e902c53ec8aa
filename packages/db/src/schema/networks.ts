import { sql } from 'drizzle-orm';
import {
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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/** A preset for a kind of upstream caster or for hosted stations (PRODUCT.md: Network template). */
export const networkTemplates = pgTable('network_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  kind: text('kind', { enum: ['hosted', 'relay'] }).notNull(),
  defaultHost: text('default_host'),
  defaultPort: integer('default_port').notNull().default(2101),
  ntripVersion: smallint('ntrip_version').notNull().default(2),
  authentication: text('authentication', { enum: ['none', 'basic'] })
    .notNull()
    .default('basic'),
  needsGga: boolean('needs_gga').notNull().default(false),
  dailyPrice: integer('daily_price').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A source of corrections: our own base stations (hosted) or an upstream caster we relay. */
export const networks = pgTable(
  'networks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Short upper-case code; the network's nearest-base mountpoint is `${code}_AUTO`. */
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    operator: text('operator').notNull().default(''),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: ['hosted', 'relay'] }).notNull(),
    templateId: uuid('template_id').references(() => networkTemplates.id, { onDelete: 'set null' }),
    /** Credits per day of access. */
    dailyPrice: integer('daily_price').notNull(),
    visibility: text('visibility', { enum: ['public', 'private'] })
      .notNull()
      .default('public'),
    isPublished: boolean('is_published').notNull().default(false),
    ownerOrgId: uuid('owner_org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    /** Days bought count from the purchase, or from the first connection after it. */
    accessStartsAt: text('access_starts_at', { enum: ['purchase', 'first-connection'] })
      .notNull()
      .default('purchase'),
    coverageRadiusKm: doublePrecision('coverage_radius_km').notNull().default(30),
    countryCode: text('country_code'),
    // Relay kind: where and how to pull the upstream streams. The password is encrypted (AES-256-GCM).
    upstreamHost: text('upstream_host'),
    upstreamPort: integer('upstream_port'),
    upstreamVersion: smallint('upstream_version'),
    upstreamUsername: text('upstream_username'),
    upstreamPasswordEnc: text('upstream_password_enc'),
    /** RINEX on demand: recorded streams are kept this many days (0: not recorded). */
    archiveRetentionDays: integer('archive_retention_days').notNull().default(30),
    /** Relay kind: record a relayed station while it is pulled (the upstream's terms may forbid it). */
    archiveRelayed: boolean('archive_relayed').notNull().default(true),
    /** Credits per hour of RINEX data. */
    rinexHourlyPrice: integer('rinex_hourly_price').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('networks_daily_price_positive', sql`${t.dailyPrice} >= 0`),
    check('networks_archive_retention', sql`${t.archiveRetentionDays} between 0 and 3650`),
    check('networks_rinex_price', sql`${t.rinexHourlyPrice} >= 0`),
    check('networks_code_format', sql`${t.code} ~ '^[A-Z0-9][A-Z0-9_-]{1,30}$'`),
  ],
);

/** A mountpoint of a network: a base station pushing into our caster, or an upstream mount we relay. */
export const stations = pgTable(
  'stations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    networkId: uuid('network_id')
      .notNull()
      .references(() => networks.id, { onDelete: 'cascade' }),
    /** Unique in the caster. */
    mountpoint: text('mountpoint').notNull().unique(),
    identifier: text('identifier').notNull().default(''),
    /** Entered position; null until entered or decoded from RTCM 1005/1006. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    height: doublePrecision('height'),
    /** Who set the position: an admin or an import (`entered`), or the caster from the first RTCM 1005/1006. */
    positionSource: text('position_source', { enum: ['entered', 'decoded'] })
      .notNull()
      .default('entered'),
    countryCode: text('country_code'),
    format: text('format').notNull().default('RTCM 3.3'),
    formatDetails: text('format_details').notNull().default(''),
    carrier: smallint('carrier').notNull().default(2),
    navSystem: text('nav_system').notNull().default('GPS+GLO+GAL+BDS'),
    /** The mount needs the rover's GGA (nmea=1). */
    needsGga: boolean('needs_gga').notNull().default(false),
    /** Hosted kind: scrypt hash of the station's own source password (shown once at creation). */
    sourcePasswordHash: text('source_password_hash'),
    /** Relay kind: the mountpoint's name at the upstream caster. */
    upstreamMountpoint: text('upstream_mountpoint'),
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** Demo stations are fed by the built-in simulator. */
    isSimulated: boolean('is_simulated').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stations_network_id_idx').on(t.networkId),
    check('stations_mountpoint_format', sql`${t.mountpoint} ~ '^[A-Za-z0-9_.-]{1,100}$'`),
    // Unique without regard to case: `audit1` and `AUDIT1` cannot both exist (issue 16).
    uniqueIndex('stations_mountpoint_lower_idx').on(sql`lower(${t.mountpoint})`),
  ],
);

/** Live state of a station as the caster last saw it (written every few seconds while connected). */
export const stationStates = pgTable('station_states', {
  stationId: uuid('station_id')
    .primaryKey()
    .references(() => stations.id, { onDelete: 'cascade' }),
  isConnected: boolean('is_connected').notNull().default(false),
  connectedSince: timestamp('connected_since', { withTimezone: true }),
  lastDataAt: timestamp('last_data_at', { withTimezone: true }),
  bitrate: integer('bitrate').notNull().default(0),
  /** `{ "1005": { count, ratePerMinute }, ... }` */
  messageTypes: jsonb('message_types').notNull().default({}),
  decodedLatitude: doublePrecision('decoded_latitude'),
  decodedLongitude: doublePrecision('decoded_longitude'),
  decodedHeight: doublePrecision('decoded_height'),
  sourceAddress: text('source_address'),
  sourceAgent: text('source_agent'),
  casterInstance: text('caster_instance'),
  /** Relay kind: the upstream's last failure (`401 Unauthorized`, `connection refused`, `silent for 30 s`, ...). */
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Connects and disconnects of stations: outage history and uptime. */
export const stationEvents = pgTable(
  'station_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['connected', 'disconnected'] }).notNull(),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('station_events_station_at_idx').on(t.stationId, t.at)],
);
