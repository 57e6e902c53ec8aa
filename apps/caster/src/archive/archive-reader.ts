import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { type Database, schema } from '@fixpoint/db';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { ArchiveStore } from './archive-store';

const gunzipAsync = promisify(gunzip);
const HOUR_MS = 3_600_000;

/**
 * Consecutive segments closer than this read as one interval: a 1 Hz stream flushed into back-to-back segments
 * has about a second between one segment's last frame and the next one's first.
 */
export const COVERAGE_MERGE_GAP_MS = 5_000;

/** Data may arrive this long after its epochs (a station sending what it buffered, in one burst) and still count. */
export const LATE_DATA_MS = HOUR_MS;

export interface ArchiveSegment {
  id: string;
  stationId: string;
  networkId: string;
  objectKey: string;
  startedAt: Date;
  endedAt: Date;
  frames: number;
  rawBytes: number;
  storedBytes: number;
  messageTypes: Record<string, number>;
  /** The span of the observation epochs the frames carry; null without observations or for older segments. */
  firstEpochAt: Date | null;
  lastEpochAt: Date | null;
}

export interface CoverageInterval {
  from: Date;
  to: Date;
}

export interface ArchiveCoverage {
  intervals: CoverageInterval[];
  coveredSeconds: number;
  /** Every UTC hour the window touches, with the seconds covered within the window. */
  byHour: { hour: Date; seconds: number }[];
}

/**
 * A station's segments whose data overlap [from, to), oldest first: by their observation epochs when known, else
 * by the frames' arrival.
 */
export async function listSegments(db: Database, stationId: string, from: Date, to: Date): Promise<ArchiveSegment[]> {
  const a = schema.archiveSegments;
  const rows = await db
    .select({
      id: a.id,
      stationId: a.stationId,
      networkId: a.networkId,
      objectKey: a.objectKey,
      startedAt: a.startedAt,
      endedAt: a.endedAt,
      frames: a.frames,
      rawBytes: a.rawBytes,
      storedBytes: a.storedBytes,
      messageTypes: a.messageTypes,
      firstEpochAt: a.firstEpochAt,
      lastEpochAt: a.lastEpochAt,
    })
    .from(a)
    .where(
      and(
        eq(a.stationId, stationId),
        sql`coalesce(${a.firstEpochAt}, ${a.startedAt}) < ${to.toISOString()}`,
        sql`coalesce(${a.lastEpochAt}, ${a.endedAt}) >= ${from.toISOString()}`,
        // A segment never spans an hour boundary, so it starts less than an hour before it ends, and its data are
        // at most LATE_DATA_MS older than their arrival: these bounds let the (station, startedAt) index do the work.
        gt(a.startedAt, new Date(from.getTime() - HOUR_MS)),
        lt(a.startedAt, new Date(to.getTime() + LATE_DATA_MS)),
      ),
    )
    .orderBy(asc(a.startedAt));
  return rows.map((row) => ({ ...row, messageTypes: row.messageTypes as Record<string, number> }));
}

/** The whole frames of one segment, un-gzipped. Throws ArchiveObjectMissingError when the object is gone. */
export async function readSegment(store: ArchiveStore, key: string): Promise<Uint8Array> {
  return new Uint8Array(await gunzipAsync(await store.get(key)));
}

/**
 * What a station's archive covers of [from, to): each segment spans its observation epochs when known (data that
 * arrived in one burst still cover the time they were observed), else its frames' arrival.
 */
export async function coverage(db: Database, stationId: string, from: Date, to: Date): Promise<ArchiveCoverage> {
  const segments = await listSegments(db, stationId, from, to);
  return mergeCoverage(
    segments.map((segment) => ({
      startedAt: segment.firstEpochAt ?? segment.startedAt,
      endedAt: segment.lastEpochAt ?? segment.endedAt,
    })),
    from,
    to,
  );
}

/**
 * Merges segments whose gap is under `maxGapMs` into intervals, then clips them to [from, to). Pure, so the rule
 * is tested without a database.
 */
export function mergeCoverage(
  segments: readonly { startedAt: Date; endedAt: Date }[],
  from: Date,
  to: Date,
  maxGapMs = COVERAGE_MERGE_GAP_MS,
): ArchiveCoverage {
  const start = from.getTime();
  const end = to.getTime();
  const merged: [number, number][] = [];
  const sorted = [...segments].sort((x, y) => x.startedAt.getTime() - y.startedAt.getTime());
  for (const segment of sorted) {
    const [segmentFrom, segmentTo] = [segment.startedAt.getTime(), segment.endedAt.getTime()];
    const last = merged.at(-1);
    if (last && segmentFrom - last[1] < maxGapMs) last[1] = Math.max(last[1], segmentTo);
    else merged.push([segmentFrom, segmentTo]);
  }
  const clipped = merged
    .map(([intervalFrom, intervalTo]): [number, number] => [Math.max(intervalFrom, start), Math.min(intervalTo, end)])
    .filter(([intervalFrom, intervalTo]) => intervalTo > intervalFrom);

  const byHour: ArchiveCoverage['byHour'] = [];
  for (let hour = Math.floor(start / HOUR_MS) * HOUR_MS; hour < end; hour += HOUR_MS) {
    const [hourFrom, hourTo] = [Math.max(hour, start), Math.min(hour + HOUR_MS, end)];
    let covered = 0;
    for (const [intervalFrom, intervalTo] of clipped) {
      covered += Math.max(0, Math.min(intervalTo, hourTo) - Math.max(intervalFrom, hourFrom));
    }
    byHour.push({ hour: new Date(hour), seconds: covered / 1000 });
  }
  return {
    intervals: clipped.map(([intervalFrom, intervalTo]) => ({
      from: new Date(intervalFrom),
      to: new Date(intervalTo),
    })),
    coveredSeconds: clipped.reduce((sum, [intervalFrom, intervalTo]) => sum + (intervalTo - intervalFrom), 0) / 1000,
    byHour,
  };
}
