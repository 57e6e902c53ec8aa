import { z } from 'zod';

/**
 * Fleet health (issue 33, decision 0079): what each rover achieves, from the GGA it already sends. The caster keeps
 * small aggregates per session (`GgaStats`, stored as jsonb with the session's row); the server merges an account's
 * recent sessions and judges them (`assessHealth`, fleet-health.ts).
 */

export const fixStates = ['fixed', 'float', 'dgps', 'single', 'none'] as const;
export type FixState = (typeof fixStates)[number];

/**
 * GGA quality to fix state: 4 RTK fixed, 5 RTK float, 2 DGPS (3 PPS and 9 SBAS count as DGPS too: corrected but not
 * RTK), 1 standalone; 0 invalid and 6 dead reckoning, 7 manual, 8 simulation (no measured position) count as none.
 */
export function fixStateOf(quality: number): FixState {
  switch (quality) {
    case 4:
      return 'fixed';
    case 5:
      return 'float';
    case 2:
    case 3:
    case 9:
      return 'dgps';
    case 1:
      return 'single';
    default:
      return 'none';
  }
}

/**
 * Histogram bins, fixed so sessions merge by adding counts. A value falls in bin i when edges[i] <= value <
 * edges[i + 1] (the last bin is open-ended); percentiles are read as the bin's lower edge.
 */
export const correctionAgeEdges = [0, 1, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60, 90, 120] as const;
export const satelliteEdges = Array.from({ length: 41 }, (_, i) => i);
export const hdopEdges = Array.from({ length: 51 }, (_, i) => i / 10);

export function binOf(edges: readonly number[], value: number): number {
  let low = 0;
  let high = edges.length - 1;
  if (!(value >= (edges[0] as number))) return 0;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((edges[mid] as number) <= value) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** The value below which `share` (0..1) of the counts lie, as its bin's lower edge; null without counts. */
export function histogramPercentile(edges: readonly number[], counts: readonly number[], share: number): number | null {
  let total = 0;
  for (const count of counts) total += count;
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(share * total));
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    seen += counts[i] ?? 0;
    if (seen >= rank) return edges[i] ?? null;
  }
  return edges[edges.length - 1] ?? null;
}

export type FixMs = Record<FixState, number>;

/**
 * One session's GGA aggregates (what the server merges; caster_sessions.gga_stats written before decision 0088 had
 * this form too).
 */
export interface GgaStats {
  /** Milliseconds spent in each fix state (the time from one GGA to the next, credited to the first). */
  fixMs: FixMs;
  /** Seconds from connecting to the first RTK fixed GGA; null until then. */
  firstFixS: number | null;
  /** Counts per bin of correctionAgeEdges, satelliteEdges and hdopEdges (one per GGA carrying the field). */
  age: number[];
  sats: number[];
  hdop: number[];
  /** The latest GGA's fix state. */
  last: FixState | null;
}

/** Counts by bin index, without the empty bins: `{"18": 30}` (decision 0088). */
export type SparseCounts = Record<string, number>;

/**
 * What the caster writes to caster_sessions.gga_stats since decision 0088: GgaStats with sparse histograms (a
 * rover's values fall in a few bins; the empty ones were most of the text written every 10 s).
 */
export type StoredGgaStats = Omit<GgaStats, 'age' | 'sats' | 'hdop'> & {
  age: SparseCounts;
  sats: SparseCounts;
  hdop: SparseCounts;
};

export const emptyFixMs = (): FixMs => ({ fixed: 0, float: 0, dgps: 0, single: 0, none: 0 });

/** Zero-filled and packed (Array.from, not new Array().fill(): V8 keeps the latter holey, slower to read and copy). */
const zeros = (length: number) => Array.from({ length }, () => 0);

export const emptyGgaStats = (): GgaStats => ({
  fixMs: emptyFixMs(),
  firstFixS: null,
  age: zeros(correctionAgeEdges.length),
  sats: zeros(satelliteEdges.length),
  hdop: zeros(hdopEdges.length),
  last: null,
});

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Adds stored counts, dense (an array) or sparse (an object by bin index), into `into`: both are read by their keys,
 * and what is not a bin of `into` with a count is ignored.
 */
const addInto = (into: number[], from: unknown) => {
  if (typeof from !== 'object' || from === null) return;
  for (const [key, value] of Object.entries(from)) {
    const i = Number(key);
    if (Number.isInteger(i) && i >= 0 && i < into.length && isCount(value)) into[i] = (into[i] ?? 0) + value;
  }
};

/** Adds a stored session's aggregates (read from jsonb, so checked field by field) into `into`. */
export function addGgaStats(into: GgaStats, stored: unknown): void {
  if (typeof stored !== 'object' || stored === null) return;
  const from = stored as Partial<Record<keyof GgaStats, unknown>> & { fixMs?: Partial<Record<FixState, unknown>> };
  for (const state of fixStates) {
    const ms = from.fixMs?.[state];
    if (isCount(ms)) into.fixMs[state] += ms;
  }
  addInto(into.age, from.age);
  addInto(into.sats, from.sats);
  addInto(into.hdop, from.hdop);
}

// ---- API contract ----

export const healthStatusSchema = z.enum(['good', 'limited', 'action-required', 'unknown']);
export type HealthStatus = z.infer<typeof healthStatusSchema>;

/** Why, in words: `code` names the rule (the web translates it with `values`), `text` says it in English. */
export const healthReasonCodeSchema = z.enum([
  'mostly-fixed',
  'rarely-fixed',
  'slow-first-fix',
  'base-far',
  'old-corrections',
  'few-satellites',
  'base-degraded',
  'obstructed-sky',
  'no-corrections',
  'no-gga-auto',
  'failed-logins',
  'access-ending',
  'access-ended',
  'no-gga',
]);
export type HealthReasonCode = z.infer<typeof healthReasonCodeSchema>;

export const healthReasonSchema = z
  .object({
    code: healthReasonCodeSchema,
    text: z.string(),
    values: z.record(z.string(), z.union([z.string(), z.number()])),
  })
  .meta({ id: 'HealthReason' });
export type HealthReason = z.infer<typeof healthReasonSchema>;

const share = z.number().min(0).max(1);

export const accountHealthSchema = z
  .object({
    accountId: z.string(),
    accountName: z.string(),
    username: z.string(),
    status: healthStatusSchema,
    reasons: z.array(healthReasonSchema),
    /** Shares of the time with GGA in each fix state over the recent sessions (0..1, summing to 1 when any). */
    fix: z.object({ fixed: share, float: share, dgps: share, single: share, none: share }),
    /** Median over the recent sessions that reached a fix. */
    timeToFirstFixS: z.number().nullable(),
    correctionAgeS: z.object({ p50: z.number().nullable(), p95: z.number().nullable() }),
    /** Medians over every GGA of the recent sessions. */
    satellites: z.number().nullable(),
    hdop: z.number().nullable(),
    /** From the latest position to the base serving it (the base's ARP). */
    baseDistanceKm: z.number().nullable(),
    lastPosition: z
      .object({ lat: z.number(), lon: z.number(), at: z.iso.datetime(), fix: z.enum(fixStates).nullable() })
      .nullable(),
    /** The base serving the latest session. */
    station: z.object({ id: z.string(), mountpoint: z.string() }).nullable(),
    isConnected: z.boolean(),
    sessionCount: z.number().int(),
  })
  .meta({ id: 'AccountHealth' });
export type AccountHealth = z.infer<typeof accountHealthSchema>;

export const fleetSchema = z
  .object({
    /** How far back the sessions judged reach. */
    windowDays: z.number().int(),
    counts: z.object({
      good: z.number().int(),
      limited: z.number().int(),
      'action-required': z.number().int(),
      unknown: z.number().int(),
    }),
    accounts: z.array(accountHealthSchema),
  })
  .meta({ id: 'Fleet' });
export type Fleet = z.infer<typeof fleetSchema>;

/** Most urgent first: the fleet table's order by health. */
export const healthRank: Record<HealthStatus, number> = { 'action-required': 0, limited: 1, unknown: 2, good: 3 };

export const adminFleetQuerySchema = z.object({
  ownerType: z.enum(['user', 'organization']).optional(),
  /** A user's id (text) or an organisation's (uuid). */
  ownerId: z.string().min(1).max(100).optional(),
  stationId: z.uuid().optional(),
});
