import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { brandKeySchema, defaultBrandKey, getBrand, type Language } from '@fixpoint/shared';
import { z } from 'zod';
import { type DegradationOptions, defaultDegradationOptions } from './alerts/degradation';
import { archiveStoreFromEnv } from './archive/archive-store';
import type { ArchiveOptions } from './archive/caster-archive';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');
const port = z.coerce.number().int().min(0).max(65_535);
const seconds = z.coerce.number().positive().max(86_400);

/**
 * The caster's environment variables (README configuration table). Parsed once at start-up, by the server when
 * the caster runs inside `npm start`, or by the caster's own main.ts.
 */
export const casterEnvSchema = z.object({
  CASTER_ENABLED: booleanString.default(true),
  CASTER_HOST: z.string().min(1).default('0.0.0.0'),
  CASTER_PORT: port.default(2101),
  /** Name and port written in the sourcetable's CAS record: how rovers reach us from outside. */
  CASTER_PUBLIC_HOST: z.string().min(1).default('localhost'),
  CASTER_PUBLIC_PORT: port.optional(),
  /** Identifies this process in sessions and station states (several casters may share one database). */
  CASTER_INSTANCE: z.string().min(1).max(100).optional(),
  /** A source that sends nothing for this long is disconnected (cellular links deliver in bursts). */
  CASTER_SOURCE_TIMEOUT_SECONDS: seconds.default(60),
  /**
   * Alerts (decision 0076): a station's up/down state changes at most once in this long, so a flapping base makes
   * one "down" and one "up" notification, not one per flap.
   */
  CASTER_ALERT_HOLD_SECONDS: seconds.default(120),
  /**
   * Degraded stations (decision 0076): the byte rate over the last CASTER_DEGRADED_WINDOW_SECONDS below half of the
   * one over the CASTER_DEGRADED_BASELINE_SECONDS before it; a usual message type silent for five times its interval
   * (at least the window); the antenna position moved more than CASTER_DEGRADED_POSITION_METRES.
   */
  CASTER_DEGRADED_BASELINE_SECONDS: seconds.default(600),
  CASTER_DEGRADED_WINDOW_SECONDS: seconds.default(45),
  CASTER_DEGRADED_POSITION_METRES: z.coerce.number().positive().max(100_000).default(1),
  /** A live source silent this long counts as stale: a new authenticated source for its mount replaces it. */
  CASTER_SOURCE_STALE_SECONDS: seconds.default(5),
  /** Time a client has to send its complete request head. */
  CASTER_HEAD_TIMEOUT_SECONDS: seconds.default(10),
  /** A rover whose unsent data passes this is dropped (stale corrections are worse than none). */
  CASTER_MAX_QUEUE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(16 * 1024 * 1024)
    .default(16_384),
  /** Connections the caster accepts at once (0: no limit but the process's file limit). */
  CASTER_MAX_CLIENTS: z.coerce.number().int().min(0).default(0),
  /** How often live sessions' byte counts and station states are written to the database. */
  CASTER_SESSION_FLUSH_SECONDS: seconds.default(10),
  CASTER_STATE_FLUSH_SECONDS: seconds.default(5),
  /** How often accounts with live sessions are re-read (disabled, password changed, window ended). */
  CASTER_ACCOUNT_POLL_SECONDS: seconds.default(1),
  /** Mountpoints and networks are cached this long between database reads. */
  CASTER_CATALOG_TTL_SECONDS: z.coerce.number().min(0).max(3600).default(2),
  /** Shown on the page browsers get and in the sourcetable's NET records. */
  PUBLIC_URL: z.url().optional(),
  /** The brand (as the server's BRAND): its name in the sourcetable and on the browser page, its static language. */
  BRAND: brandKeySchema.default(defaultBrandKey),
  /** Relay networks: an upstream mount without rovers is let go after this long. */
  CASTER_RELAY_IDLE_SECONDS: seconds.default(60),
  /** An upstream that sends nothing this long is dropped and dialled again. */
  CASTER_RELAY_SILENCE_SECONDS: seconds.default(30),
  /** Reconnect delays: the first, doubling (with jitter) up to the second. */
  CASTER_RELAY_BACKOFF_MIN_SECONDS: seconds.default(1),
  CASTER_RELAY_BACKOFF_MAX_SECONDS: seconds.default(60),
  /** GGA forwarded to an nmea=1 upstream at most this often (the first at once). */
  CASTER_RELAY_GGA_INTERVAL_SECONDS: seconds.default(10),
  /** NTRIP over TLS on this port (2102 is usual), with the PEM certificate chain and key files below. */
  CASTER_TLS_PORT: port.optional(),
  CASTER_TLS_CERT: z.string().min(1).optional(),
  CASTER_TLS_KEY: z.string().min(1).optional(),
  /** Several caster processes share live streams, presence and account changes through this NATS server. */
  NATS_URL: z
    .string()
    .regex(/^(nats|tls):\/\/\S+$/, 'must be a nats:// URL (several may be separated by commas)')
    .optional(),
  /** The server's data folder; recorded streams go to its `archive` folder unless ARCHIVE_S3_BUCKET is set. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** RINEX on demand: record the RTCM of stations whose network keeps archives (decision 0044). */
  ARCHIVE_ENABLED: booleanString.default(true),
  /** A station's segment is written at least this often, at every UTC hour and when its source goes. */
  ARCHIVE_FLUSH_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /** Segments go to this S3 bucket (any S3-compatible service with ARCHIVE_S3_ENDPOINT) instead of DATA_DIR. */
  ARCHIVE_S3_BUCKET: z.string().min(1).optional(),
  ARCHIVE_S3_REGION: z.string().min(1).default('us-east-1'),
  ARCHIVE_S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ARCHIVE_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  ARCHIVE_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** MinIO and most S3-compatible services want `endpoint/bucket/key` addresses. */
  ARCHIVE_S3_FORCE_PATH_STYLE: booleanString.default(false),
});

export type CasterEnv = z.infer<typeof casterEnvSchema>;

/** What createCaster needs, in the units the code uses. */
export interface CasterOptions {
  host: string;
  port: number;
  publicHost: string;
  publicPort?: number;
  instance: string;
  portalUrl: string;
  brandName: string;
  /** The brand's static language: the browser page speaks it whatever the browser asks for. */
  staticLanguage?: Language;
  sourceTimeoutMs: number;
  sourceStaleMs: number;
  /** Station alerts (alerts/station-alerts.ts): how long a declared up/down holds, and how often states are looked at. */
  alertHoldMs: number;
  alertTickMs: number;
  /** Degraded stations (alerts/degradation.ts): windows and thresholds. */
  degradation: DegradationOptions;
  headTimeoutMs: number;
  maxQueueBytes: number;
  maxClients: number;
  sessionFlushMs: number;
  stateFlushMs: number;
  accountPollMs: number;
  /** Accounts one account poll re-reads at most (sessions/session-registry.ts); 1,000 when not set. */
  accountPollBatch?: number;
  catalogTtlMs: number;
  /** Nearest-base selection (AUTO mounts). */
  autoHysteresisM: number;
  autoReevaluateMs: number;
  /** A rover further than coverageRadiusKm times this from every station of the network is outside coverage. */
  coverageFactor: number;
  /** Relay networks (relay/): idle release, upstream silence, reconnect back-off, GGA throttle. */
  relayIdleMs: number;
  relaySilenceMs: number;
  relayBackoffMinMs: number;
  relayBackoffMaxMs: number;
  relayGgaIntervalMs: number;
  /**
   * How long a rover's socket goes unread between reads once its position is known (decisions 0080, 0088); 0: read
   * as it comes. Rovers of relay networks are read at least every relayGgaIntervalMs, for an nmea=1 upstream.
   */
  roverReadSliceMs: number;
  /** NTRIP over TLS: a second port with the same protocol handling (PEM contents, not paths). */
  tls?: { port: number; cert: string | Buffer; key: string | Buffer };
  /** Scale-out through NATS (cluster/); in-process only without it. */
  natsUrl?: string;
  clusterHeartbeatMs?: number;
  /** RINEX on demand (archive/): where and how often live stations' RTCM is recorded; unset: not recorded. */
  archive?: ArchiveOptions;
}

export const defaultCasterOptions: CasterOptions = {
  host: '0.0.0.0',
  port: 2101,
  publicHost: 'localhost',
  instance: hostname(),
  portalUrl: 'http://localhost:8080',
  brandName: 'Fixpoint',
  sourceTimeoutMs: 60_000,
  sourceStaleMs: 5_000,
  alertHoldMs: 120_000,
  alertTickMs: 1_000,
  degradation: defaultDegradationOptions,
  headTimeoutMs: 10_000,
  maxQueueBytes: 16_384,
  maxClients: 0,
  sessionFlushMs: 10_000,
  stateFlushMs: 5_000,
  accountPollMs: 1_000,
  catalogTtlMs: 2_000,
  autoHysteresisM: 500,
  autoReevaluateMs: 10_000,
  // 30 km default radius x 1.67 = 50 km: beyond it the baseline is "none" in PRODUCT.md's quality tiers.
  coverageFactor: 5 / 3,
  relayIdleMs: 60_000,
  relaySilenceMs: 30_000,
  relayBackoffMinMs: 1_000,
  relayBackoffMaxMs: 60_000,
  relayGgaIntervalMs: 10_000,
  roverReadSliceMs: 30_000,
};

export class CasterEnvError extends Error {
  constructor(readonly issues: { variable: string; message: string }[]) {
    super(`Invalid environment:\n${issues.map((issue) => `  ${issue.variable}: ${issue.message}`).join('\n')}`);
    this.name = 'CasterEnvError';
  }
}

/** Parses CASTER_* (empty strings count as unset); throws CasterEnvError naming every bad variable. */
export function loadCasterEnv(source: NodeJS.ProcessEnv = process.env): CasterEnv {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = casterEnvSchema.safeParse(present);
  if (!result.success) {
    throw new CasterEnvError(
      result.error.issues.map((issue) => ({ variable: issue.path.join('.'), message: issue.message })),
    );
  }
  if (result.data.CASTER_TLS_PORT !== undefined && !(result.data.CASTER_TLS_CERT && result.data.CASTER_TLS_KEY)) {
    throw new CasterEnvError([
      { variable: 'CASTER_TLS_CERT', message: 'CASTER_TLS_CERT and CASTER_TLS_KEY are required with CASTER_TLS_PORT' },
    ]);
  }
  const { ARCHIVE_S3_BUCKET, ARCHIVE_S3_ACCESS_KEY_ID, ARCHIVE_S3_SECRET_ACCESS_KEY } = result.data;
  if (ARCHIVE_S3_BUCKET && !(ARCHIVE_S3_ACCESS_KEY_ID && ARCHIVE_S3_SECRET_ACCESS_KEY)) {
    throw new CasterEnvError([
      {
        variable: ARCHIVE_S3_ACCESS_KEY_ID ? 'ARCHIVE_S3_SECRET_ACCESS_KEY' : 'ARCHIVE_S3_ACCESS_KEY_ID',
        message: 'ARCHIVE_S3_ACCESS_KEY_ID and ARCHIVE_S3_SECRET_ACCESS_KEY are required with ARCHIVE_S3_BUCKET',
      },
    ]);
  }
  return result.data;
}

export function casterOptionsFromEnv(env: CasterEnv): CasterOptions {
  return {
    ...defaultCasterOptions,
    host: env.CASTER_HOST,
    port: env.CASTER_PORT,
    publicHost: env.CASTER_PUBLIC_HOST,
    ...(env.CASTER_PUBLIC_PORT !== undefined && { publicPort: env.CASTER_PUBLIC_PORT }),
    instance: env.CASTER_INSTANCE ?? `${hostname()}:${env.CASTER_PORT}`,
    portalUrl: env.PUBLIC_URL ?? defaultCasterOptions.portalUrl,
    brandName: getBrand(env.BRAND).name,
    ...(getBrand(env.BRAND).staticLanguage && { staticLanguage: getBrand(env.BRAND).staticLanguage }),
    sourceTimeoutMs: env.CASTER_SOURCE_TIMEOUT_SECONDS * 1000,
    sourceStaleMs: env.CASTER_SOURCE_STALE_SECONDS * 1000,
    alertHoldMs: env.CASTER_ALERT_HOLD_SECONDS * 1000,
    degradation: {
      ...defaultDegradationOptions,
      baselineMs: env.CASTER_DEGRADED_BASELINE_SECONDS * 1000,
      recentMs: env.CASTER_DEGRADED_WINDOW_SECONDS * 1000,
      positionJumpM: env.CASTER_DEGRADED_POSITION_METRES,
    },
    headTimeoutMs: env.CASTER_HEAD_TIMEOUT_SECONDS * 1000,
    maxQueueBytes: env.CASTER_MAX_QUEUE_BYTES,
    maxClients: env.CASTER_MAX_CLIENTS,
    sessionFlushMs: env.CASTER_SESSION_FLUSH_SECONDS * 1000,
    stateFlushMs: env.CASTER_STATE_FLUSH_SECONDS * 1000,
    accountPollMs: env.CASTER_ACCOUNT_POLL_SECONDS * 1000,
    catalogTtlMs: env.CASTER_CATALOG_TTL_SECONDS * 1000,
    relayIdleMs: env.CASTER_RELAY_IDLE_SECONDS * 1000,
    relaySilenceMs: env.CASTER_RELAY_SILENCE_SECONDS * 1000,
    relayBackoffMinMs: env.CASTER_RELAY_BACKOFF_MIN_SECONDS * 1000,
    relayBackoffMaxMs: Math.max(env.CASTER_RELAY_BACKOFF_MAX_SECONDS, env.CASTER_RELAY_BACKOFF_MIN_SECONDS) * 1000,
    relayGgaIntervalMs: env.CASTER_RELAY_GGA_INTERVAL_SECONDS * 1000,
    ...(env.CASTER_TLS_PORT !== undefined &&
      env.CASTER_TLS_CERT &&
      env.CASTER_TLS_KEY && {
        tls: {
          port: env.CASTER_TLS_PORT,
          cert: readPem('CASTER_TLS_CERT', env.CASTER_TLS_CERT),
          key: readPem('CASTER_TLS_KEY', env.CASTER_TLS_KEY),
        },
      }),
    ...(env.NATS_URL && { natsUrl: env.NATS_URL }),
    // The store holds the S3 credentials inside its client, not as plain options that could end up in a log.
    ...(env.ARCHIVE_ENABLED && {
      archive: {
        store: archiveStoreFromEnv(env, resolve(env.DATA_DIR)),
        flushMs: env.ARCHIVE_FLUSH_SECONDS * 1000,
      },
    }),
  };
}

function readPem(variable: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new CasterEnvError([{ variable, message: `cannot read ${path}: ${(error as Error).message}` }]);
  }
}
