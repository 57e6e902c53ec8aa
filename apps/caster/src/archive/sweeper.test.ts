import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatabaseHandle, schema } from '@fixpoint/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, seedNetwork, seedStation } from '../testing/harness';
import { ArchiveObjectMissingError, type ArchiveStore, createLocalArchiveStore } from './archive-store';
import { sweepArchive } from './sweeper';

let database: DatabaseHandle;
let root: string;
let store: ArchiveStore;

beforeAll(async () => {
  database = await openDatabase();
  root = await mkdtemp(join(tmpdir(), 'fixpoint-sweeper-'));
  store = createLocalArchiveStore(root);
});

afterAll(async () => {
  await database?.close();
  await rm(root, { recursive: true, force: true });
});

const now = new Date('2026-11-24T12:00:00Z');
const DAY_MS = 86_400_000;

/** A stored segment of `stationId` ending `ageMs` before now. */
async function segment(stationId: string, networkId: string, ageMs: number): Promise<string> {
  const endedAt = new Date(now.getTime() - ageMs);
  const key = `stations/${stationId}/${randomUUID()}.rtcm.gz`;
  await store.put(key, new Uint8Array([1]));
  await database.db.insert(schema.archiveSegments).values({
    stationId,
    networkId,
    objectKey: key,
    startedAt: new Date(endedAt.getTime() - 60_000),
    endedAt,
    frames: 1,
    rawBytes: 1,
    storedBytes: 1,
    messageTypes: { 1077: 1 },
  });
  return key;
}

const exists = (key: string) =>
  store.get(key).then(
    () => true,
    (error: unknown) => {
      if (error instanceof ArchiveObjectMissingError) return false;
      throw error;
    },
  );

describe('sweepArchive', () => {
  it('deletes expired and orphaned segments with their objects, in batches, and keeps the rest', async () => {
    const { networkId: weekly } = await seedNetwork(database, { code: 'SWEEPWEEK', archiveRetentionDays: 7 });
    const { networkId: off } = await seedNetwork(database, { code: 'SWEEPOFF', archiveRetentionDays: 0 });
    const kept = await seedStation(database, { networkId: weekly, mountpoint: 'SWEEP1' });
    const unrecorded = await seedStation(database, { networkId: off, mountpoint: 'SWEEP2' });
    const deletedStation = randomUUID();

    const expired = await Promise.all([8, 9, 10, 30, 365].map((days) => segment(kept, weekly, days * DAY_MS)));
    const fresh = await Promise.all([0, 1, 6.9].map((days) => segment(kept, weekly, days * DAY_MS)));
    // Retention 0 keeps nothing, however recent.
    const offSegments = [await segment(unrecorded, off, 60_000)];
    const orphans = await Promise.all([0, 1, 2].map((days) => segment(deletedStation, weekly, days * DAY_MS)));

    const result = await sweepArchive({ db: database.db, store, now, batchSize: 2 });
    expect(result).toEqual({ expired: expired.length + offSegments.length, orphaned: orphans.length });
    for (const key of [...expired, ...offSegments, ...orphans]) expect(await exists(key)).toBe(false);
    for (const key of fresh) expect(await exists(key)).toBe(true);
    const rows = await database.db.select({ key: schema.archiveSegments.objectKey }).from(schema.archiveSegments);
    expect(rows.map((row) => row.key).sort()).toEqual([...fresh].sort());

    expect(await sweepArchive({ db: database.db, store, now })).toEqual({ expired: 0, orphaned: 0 });
  });

  it('keeps the rows when the store cannot delete, so the next sweep tries again', async () => {
    const { networkId } = await seedNetwork(database, { code: 'SWEEPFAIL', archiveRetentionDays: 1 });
    const stationId = await seedStation(database, { networkId, mountpoint: 'SWEEP3' });
    const key = await segment(stationId, networkId, 2 * DAY_MS);
    const failing: ArchiveStore = { ...store, delete: () => Promise.reject(new Error('unavailable')) };
    await expect(sweepArchive({ db: database.db, store: failing, now })).rejects.toThrow('unavailable');
    expect(await exists(key)).toBe(true);
    expect(await sweepArchive({ db: database.db, store, now })).toEqual({ expired: 1, orphaned: 0 });
    expect(await exists(key)).toBe(false);
  });
});
