import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { networks, stations } from './networks';
import { exactlyOneOwner, ownerColumns } from './owner';

/**
 * One compressed piece of a station's recorded RTCM stream (decision 0044): whole CRC-checked frames as they arrived,
 * gzip-compressed, at most one hour long and never across an hour boundary. The object lives in the archive store
 * (local disk or S3) under `objectKey`. No foreign key to the station: the sweeper removes the rows and their
 * objects together, also for stations that were deleted.
 */
export const archiveSegments = pgTable(
  'archive_segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id').notNull(),
    networkId: uuid('network_id').notNull(),
    objectKey: text('object_key').notNull().unique(),
    /** The first and last frame's arrival time. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    frames: integer('frames').notNull(),
    rawBytes: integer('raw_bytes').notNull(),
    storedBytes: integer('stored_bytes').notNull(),
    /** `{ "1077": 3600, ... }`: frames per message type. */
    messageTypes: jsonb('message_types').notNull().default({}),
    /**
     * The first and last observation epoch the frames carry (their own GNSS time, as UTC): data sent late in one
     * burst covers its epochs, not the instant it arrived. Null without observations and for older segments.
     */
    firstEpochAt: timestamp('first_epoch_at', { withTimezone: true }),
    lastEpochAt: timestamp('last_epoch_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('archive_segments_station_time_idx').on(t.stationId, t.startedAt),
    index('archive_segments_network_time_idx').on(t.networkId, t.endedAt),
  ],
);

/** A RINEX conversion a customer paid for: a station, a window and options; the result is a zip in the store. */
export const rinexJobs = pgTable(
  'rinex_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    stationId: uuid('station_id').references(() => stations.id, { onDelete: 'set null' }),
    networkId: uuid('network_id').references(() => networks.id, { onDelete: 'set null' }),
    /** Kept so the history still reads after the station is gone. */
    mountpoint: text('mountpoint').notNull(),
    fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
    toAt: timestamp('to_at', { withTimezone: true }).notNull(),
    intervalSeconds: smallint('interval_seconds').notNull(),
    /** RINEX system letters to include, e.g. `GREC`; empty = all. */
    systems: text('systems').notNull().default(''),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    progress: smallint('progress').notNull().default(0),
    coveredSeconds: integer('covered_seconds').notNull(),
    credits: integer('credits').notNull(),
    /** Why a conversion failed (shown to the user); the credits went back. */
    error: text('error'),
    resultKey: text('result_key'),
    resultName: text('result_name'),
    resultBytes: bigint('result_bytes', { mode: 'number' }),
    /** Epochs written, for the history. */
    epochs: integer('epochs'),
    /** Ephemerides written to the navigation file; 0: the stream carried none and the zip has no navigation file. */
    ephemerides: integer('ephemerides'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** A running job's worker writes this while it works; a stale one means the worker died and the job is queued again. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    exactlyOneOwner('rinex_jobs_one_owner', t),
    check('rinex_jobs_window', sql`${t.toAt} > ${t.fromAt}`),
    check('rinex_jobs_progress', sql`${t.progress} between 0 and 100`),
    index('rinex_jobs_owner_user_idx').on(t.ownerUserId, t.createdAt),
    index('rinex_jobs_owner_org_idx').on(t.ownerOrgId, t.createdAt),
    index('rinex_jobs_status_idx').on(t.status),
  ],
);
