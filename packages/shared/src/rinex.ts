import { z } from 'zod';

/** RINEX on demand (issue 17): limits and the request and answer shapes. */
export const RINEX_MAX_WINDOW_HOURS = 24;
export const RINEX_INTERVALS = [1, 5, 10, 15, 30] as const;
/** RINEX system letters a customer may choose. */
export const RINEX_SYSTEMS = ['G', 'R', 'E', 'C', 'J'] as const;
/** Days a finished file can be downloaded. */
export const RINEX_DOWNLOAD_DAYS = 7;

const isoTime = z.iso.datetime({ offset: true, message: 'Use an ISO 8601 time, such as 2026-11-24T10:00:00Z.' });

export const rinexRequestSchema = z
  .object({
    stationId: z.uuid(),
    from: isoTime,
    to: isoTime,
    interval: z.union(
      RINEX_INTERVALS.map((value) => z.literal(value)),
      {
        message: `The interval is one of ${RINEX_INTERVALS.join(', ')} seconds.`,
      },
    ),
    /** System letters, e.g. `GREC`; empty or absent: every system recorded. */
    systems: z
      .string()
      .max(RINEX_SYSTEMS.length)
      .regex(/^[GRECJ]*$/, 'Systems are letters among G, R, E, C and J.')
      .optional(),
  })
  .refine((body) => Date.parse(body.to) > Date.parse(body.from), {
    message: 'The window must end after it starts.',
    path: ['to'],
  })
  .refine((body) => Date.parse(body.to) - Date.parse(body.from) <= RINEX_MAX_WINDOW_HOURS * 3_600_000, {
    message: `A window is at most ${RINEX_MAX_WINDOW_HOURS} hours.`,
    path: ['to'],
  });

export type RinexRequest = z.infer<typeof rinexRequestSchema>;

/**
 * Why a RINEX conversion failed: the recording of the window is gone (retention), it holds nothing RINEX can carry,
 * or anything else (logged for the operator). Codes, not text: the reader's language words them (decision 0049).
 */
export const rinexFailureCodes = ['noRecording', 'noObservations', 'failed'] as const;
export type RinexFailure = (typeof rinexFailureCodes)[number];

export const rinexJobSchema = z
  .object({
    id: z.string(),
    stationId: z.string().nullable(),
    mountpoint: z.string(),
    networkName: z.string().nullable(),
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    interval: z.number().int(),
    systems: z.string(),
    status: z.enum(['queued', 'running', 'done', 'failed']),
    progress: z.number().int(),
    coveredSeconds: z.number().int(),
    credits: z.number().int(),
    /** Why the conversion failed (its credits went back), as a code the web words (`rinex.failure.<code>`). */
    error: z.enum(rinexFailureCodes).nullable(),
    fileName: z.string().nullable(),
    bytes: z.number().int().nullable(),
    epochs: z.number().int().nullable(),
    /** Ephemerides in the navigation file; 0: the stream carried none, and the zip holds no navigation file. */
    ephemerides: z.number().int().nullable(),
    /** Until when the file can be downloaded. */
    expiresAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'RinexJob' });

export type RinexJob = z.infer<typeof rinexJobSchema>;

export const rinexJobListSchema = z.object({ jobs: z.array(rinexJobSchema) }).meta({ id: 'RinexJobList' });

export const archiveQuerySchema = z
  .object({ from: isoTime, to: isoTime })
  .refine((query) => Date.parse(query.to) > Date.parse(query.from), {
    message: 'The window must end after it starts.',
    path: ['to'],
  })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= 31 * 86_400_000, {
    message: 'Coverage is shown for at most 31 days at a time.',
    path: ['to'],
  });

export const archiveCoverageSchema = z
  .object({
    stationId: z.string(),
    mountpoint: z.string(),
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    /** Credits per hour of data. */
    hourlyPrice: z.number().int(),
    coveredSeconds: z.number().int(),
    /** What a RINEX file of this window costs (covered hours x hourly price, rounded up). */
    credits: z.number().int(),
    intervals: z.array(z.object({ from: z.iso.datetime(), to: z.iso.datetime() })),
    hours: z.array(z.object({ hour: z.iso.datetime(), seconds: z.number().int() })),
  })
  .meta({ id: 'ArchiveCoverage' });

export type ArchiveCoverage = z.infer<typeof archiveCoverageSchema>;

export const rinexStationSchema = z
  .object({
    id: z.string(),
    mountpoint: z.string(),
    networkId: z.string(),
    networkName: z.string(),
    countryCode: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    hourlyPrice: z.number().int(),
    retentionDays: z.number().int(),
    /** Oldest and newest recorded data; null when nothing is recorded yet. */
    firstDataAt: z.iso.datetime().nullable(),
    lastDataAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'RinexStation' });

export type RinexStation = z.infer<typeof rinexStationSchema>;

export const rinexStationListSchema = z
  .object({ stations: z.array(rinexStationSchema) })
  .meta({ id: 'RinexStationList' });

/** Credits for a window: covered hours times the hourly price, rounded up to a whole credit. */
export function rinexPrice(coveredSeconds: number, hourlyPrice: number): number {
  return Math.ceil((coveredSeconds * hourlyPrice) / 3600);
}

export const adminArchiveStationSchema = z.object({
  id: z.string(),
  mountpoint: z.string(),
  segments: z.number().int(),
  storedBytes: z.number().int(),
  rawBytes: z.number().int(),
  firstDataAt: z.iso.datetime().nullable(),
  lastDataAt: z.iso.datetime().nullable(),
  /** Seconds recorded in the last 24 hours. */
  lastDaySeconds: z.number().int(),
});

export const adminArchiveNetworkSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    kind: z.enum(['hosted', 'relay']),
    retentionDays: z.number().int(),
    hourlyPrice: z.number().int(),
    recordRelayed: z.boolean(),
    storedBytes: z.number().int(),
    stations: z.array(adminArchiveStationSchema),
  })
  .meta({ id: 'AdminArchiveNetwork' });

export type AdminArchiveNetwork = z.infer<typeof adminArchiveNetworkSchema>;

export const adminArchiveSchema = z
  .object({ networks: z.array(adminArchiveNetworkSchema), storedBytes: z.number().int() })
  .meta({ id: 'AdminArchive' });

export type AdminArchive = z.infer<typeof adminArchiveSchema>;

export const archiveSettingsSchema = z
  .object({
    retentionDays: z
      .number()
      .int()
      .min(0, 'Keep recordings 0 to 3650 days.')
      .max(3650, 'Keep recordings 0 to 3650 days.'),
    hourlyPrice: z
      .number()
      .int('The price is a whole number of credits.')
      .min(0, 'The price cannot be negative.')
      .max(1_000_000),
    recordRelayed: z.boolean(),
  })
  .meta({ id: 'ArchiveSettings' });

export type ArchiveSettings = z.infer<typeof archiveSettingsSchema>;

export const rawArchiveQuerySchema = z
  .object({ from: isoTime, to: isoTime })
  .refine((query) => Date.parse(query.to) > Date.parse(query.from), {
    message: 'The window must end after it starts.',
    path: ['to'],
  })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= RINEX_MAX_WINDOW_HOURS * 3_600_000, {
    message: `A window is at most ${RINEX_MAX_WINDOW_HOURS} hours.`,
    path: ['to'],
  });
