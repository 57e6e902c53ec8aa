import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type DatabaseHandle, schema } from '@fixpoint/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rtcmSeconds } from '../testing/harness';
import { coverage, listSegments, mergeCoverage, readSegment } from './archive-reader';
import { createLocalArchiveStore } from './archive-store';

const at = (time: string) => new Date(`2026-11-24T${time}Z`);

/** A 1 Hz stream flushed every minute: each segment runs from :00 to :59, the next starts a second later. */
function minuteSegments(from: string, minutes: number) {
  const start = at(from).getTime();
  return Array.from({ length: minutes }, (_, i) => ({
    startedAt: new Date(start + i * 60_000),
    endedAt: new Date(start + i * 60_000 + 59_000),
  }));
}

describe('mergeCoverage', () => {
  it('reads consecutive segments of a 1 Hz stream as one interval', () => {
    const result = mergeCoverage(minuteSegments('13:00:00', 10), at('12:00:00'), at('15:00:00'));
    expect(result.intervals).toEqual([{ from: at('13:00:00'), to: at('13:09:59') }]);
    expect(result.coveredSeconds).toBe(599);
  });

  it('splits at gaps of 5 s or more and clips to the window', () => {
    const segments = [
      ...minuteSegments('13:00:00', 2),
      // 4 s after the previous segment's last frame: still continuous.
      { startedAt: at('13:02:03'), endedAt: at('13:02:30') },
      // 30 s later: a gap.
      { startedAt: at('13:03:00'), endedAt: at('13:05:00') },
    ];
    const result = mergeCoverage(segments, at('13:00:30'), at('13:04:00'));
    expect(result.intervals).toEqual([
      { from: at('13:00:30'), to: at('13:02:30') },
      { from: at('13:03:00'), to: at('13:04:00') },
    ]);
    expect(result.coveredSeconds).toBe(120 + 60);
  });

  it('counts the covered seconds of every hour the window touches', () => {
    const segments = [{ startedAt: at('12:30:00'), endedAt: at('13:59:59') }, ...minuteSegments('14:00:00', 60)];
    const result = mergeCoverage(segments, at('12:45:00'), at('15:30:00'));
    expect(result.intervals).toEqual([{ from: at('12:45:00'), to: at('14:59:59') }]);
    expect(result.byHour).toEqual([
      { hour: at('12:00:00'), seconds: 15 * 60 },
      { hour: at('13:00:00'), seconds: 3600 },
      { hour: at('14:00:00'), seconds: 3599 },
      { hour: at('15:00:00'), seconds: 0 },
    ]);
    expect(result.coveredSeconds).toBe(15 * 60 + 3600 + 3599);
  });

  it('covers nothing without segments', () => {
    expect(mergeCoverage([], at('13:00:00'), at('13:30:00'))).toEqual({
      intervals: [],
      coveredSeconds: 0,
      byHour: [{ hour: at('13:00:00'), seconds: 0 }],
    });
  });
});

describe('archive reader on the database', () => {
  let database: DatabaseHandle;
  let root: string;

  beforeAll(async () => {
    database = await openDatabase();
    root = await mkdtemp(join(tmpdir(), 'fixpoint-reader-'));
  });

  afterAll(async () => {
    await database?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('lists the segments overlapping a window in order, reads them back and reports their coverage', async () => {
    const store = createLocalArchiveStore(root);
    const stationId = randomUUID();
    const networkId = randomUUID();
    const epochs = rtcmSeconds(9, 3);
    const segments = minuteSegments('13:58:00', 4);
    const other = randomUUID();
    const rows = [
      ...segments.map((segment, i) => ({ ...segment, stationId, key: `stations/${stationId}/${i}.rtcm.gz` })),
      { ...(segments[0] as (typeof segments)[number]), stationId: other, key: `stations/${other}/0.rtcm.gz` },
    ];
    // Inserted out of order; another station's segment in the same window must not appear.
    for (const [i, { key, ...row }] of [...rows.entries()].reverse()) {
      await store.put(key, gzipSync(epochs[i % 3] as Buffer));
      await database.db.insert(schema.archiveSegments).values({
        ...row,
        networkId,
        objectKey: key,
        frames: 1,
        rawBytes: 1,
        storedBytes: 1,
        messageTypes: { 1074: 1 },
      });
    }
    const listed = await listSegments(database.db, stationId, at('13:58:30'), at('14:00:30'));
    expect(listed.map((segment) => segment.objectKey)).toEqual(
      [0, 1, 2].map((i) => `stations/${stationId}/${i}.rtcm.gz`),
    );
    expect(listed[0]?.messageTypes).toEqual({ 1074: 1 });
    expect(Buffer.from(await readSegment(store, listed[1]?.objectKey ?? ''))).toEqual(epochs[1]);

    const covered = await coverage(database.db, stationId, at('13:58:30'), at('14:00:30'));
    expect(covered.intervals).toEqual([{ from: at('13:58:30'), to: at('14:00:30') }]);
    expect(covered.byHour).toEqual([
      { hour: at('13:00:00'), seconds: 90 },
      { hour: at('14:00:00'), seconds: 30 },
    ]);
  });
});
