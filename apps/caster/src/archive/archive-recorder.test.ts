import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { type DatabaseHandle, schema } from '@fixpoint/db';
import { RtcmFramer } from '@fixpoint/rtcm';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatedEpochBytes } from '../demo/simulated-station';
import { type CasterLogger, silentLogger } from '../logger';
import type { Catalog, CatalogNetwork, CatalogStation } from '../streams/catalog';
import { eventually, openDatabase, rtcmSeconds, sleep } from '../testing/harness';
import { createArchiveRecorder } from './archive-recorder';
import { type ArchiveStore, createLocalArchiveStore } from './archive-store';

// The recorder with an injected catalog, clock and store over a real database: which stations are recorded, hour
// boundaries, and retries of failed writes. The caster-level path (real sockets) is in archive-recording.test.ts.

let database: DatabaseHandle;
let root: string;

beforeAll(async () => {
  database = await openDatabase();
  root = await mkdtemp(join(tmpdir(), 'fixpoint-recorder-'));
});

afterAll(async () => {
  await database?.close();
  await rm(root, { recursive: true, force: true });
});

function network(values: Partial<CatalogNetwork> = {}): CatalogNetwork {
  const id = randomUUID();
  return {
    id,
    code: `N${id.slice(0, 6)}`,
    name: 'net',
    operator: '',
    kind: 'hosted',
    dailyPrice: 1,
    isPublished: true,
    coverageRadiusKm: 30,
    countryCode: null,
    autoMountpoint: `N${id.slice(0, 6)}_AUTO`,
    upstream: undefined,
    archiveRetentionDays: 30,
    archiveRelayed: true,
    ...values,
  };
}

function station(of: CatalogNetwork, values: Partial<CatalogStation> = {}): CatalogStation {
  const id = randomUUID();
  return {
    id,
    networkId: of.id,
    mountpoint: `M${id.slice(0, 8)}`,
    identifier: '',
    latitude: null,
    longitude: null,
    height: null,
    countryCode: null,
    format: 'RTCM 3.3',
    formatDetails: '',
    carrier: 2,
    navSystem: 'GPS',
    needsGga: false,
    sourcePasswordHash: null,
    isSimulated: false,
    upstreamMountpoint: null,
    ...values,
  };
}

function catalogOf(networks: CatalogNetwork[], stations: CatalogStation[]): { get(): Promise<Catalog> } {
  const catalog: Catalog = {
    networks: new Map(networks.map((item) => [item.id, item])),
    stations: new Map(stations.map((item) => [item.mountpoint, item])),
    autoMounts: new Map(),
    stationsOf: (networkId) => stations.filter((item) => item.networkId === networkId),
  };
  return { get: () => Promise.resolve(catalog) };
}

const segmentsOf = (stationId: string) =>
  database.db
    .select()
    .from(schema.archiveSegments)
    .where(eq(schema.archiveSegments.stationId, stationId))
    .orderBy(asc(schema.archiveSegments.startedAt));

function feed(recording: { onFrames: (raw: Buffer, frames: { messageType: number }[], at: number) => void }) {
  return (epoch: Buffer, arrivedAt: number) => recording.onFrames(epoch, new RtcmFramer().push(epoch), arrivedAt);
}

describe('archive recorder', () => {
  it('writes a segment per UTC hour, with the hour in its key', async () => {
    const net = network();
    const base = station(net);
    const store = createLocalArchiveStore(join(root, 'hours'));
    let clock = Date.parse('2026-11-24T13:59:58Z');
    const recorder = createArchiveRecorder({
      db: database.db,
      store,
      logger: silentLogger,
      catalog: catalogOf([net], [base]),
      flushMs: 60_000,
      now: () => clock,
    });
    const recording = recorder.open(base);
    const push = feed(recording);
    const epochs = rtcmSeconds(3, 4);
    epochs.forEach((epoch, i) => {
      clock = Date.parse('2026-11-24T13:59:58.250Z') + i * 1000;
      push(epoch, clock);
    });
    recording.close();
    await recorder.flush();
    const rows = await segmentsOf(base.id);
    expect(rows.map((row) => [row.startedAt.toISOString(), row.endedAt.toISOString()])).toEqual([
      ['2026-11-24T13:59:58.250Z', '2026-11-24T13:59:59.250Z'],
      ['2026-11-24T14:00:00.250Z', '2026-11-24T14:00:01.250Z'],
    ]);
    expect(rows.map((row) => row.objectKey)).toEqual([
      `stations/${base.id}/2026/11/24/13/${Date.parse('2026-11-24T13:59:58.250Z')}.rtcm.gz`,
      `stations/${base.id}/2026/11/24/14/${Date.parse('2026-11-24T14:00:00.250Z')}.rtcm.gz`,
    ]);
    const stored = await Promise.all(rows.map(async (row) => gunzipSync(await store.get(row.objectKey))));
    expect(stored).toEqual([Buffer.concat(epochs.slice(0, 2)), Buffer.concat(epochs.slice(2))]);
    expect(rows.map((row) => row.networkId)).toEqual([net.id, net.id]);
    expect(rows[0]?.rawBytes).toBe(stored[0]?.length);
    await recorder.close();
  });

  it('dates a segment by the observation epochs its frames carry, also when they arrived in one burst', async () => {
    const net = network();
    const base = station(net);
    const arrived = Date.parse('2026-11-24T10:05:00.300Z');
    const recorder = createArchiveRecorder({
      db: database.db,
      store: createLocalArchiveStore(join(root, 'burst')),
      logger: silentLogger,
      catalog: catalogOf([net], [base]),
      flushMs: 60_000,
      now: () => arrived,
    });
    const recording = recorder.open(base);
    const push = feed(recording);
    // Thirty seconds a station had buffered, sent at once five minutes later.
    const first = Date.parse('2026-11-24T10:00:00Z');
    for (let i = 0; i < 30; i++) {
      push(
        simulatedEpochBytes({ stationId: 9, position: { latitude: 52, longitude: 5, height: 50 } }, first + i * 1000),
        arrived,
      );
    }
    recording.close();
    await recorder.flush();
    const [row] = await segmentsOf(base.id);
    expect([row?.startedAt.toISOString(), row?.endedAt.toISOString()]).toEqual([
      '2026-11-24T10:05:00.300Z',
      '2026-11-24T10:05:00.300Z',
    ]);
    expect([row?.firstEpochAt?.toISOString(), row?.lastEpochAt?.toISOString()]).toEqual([
      '2026-11-24T10:00:00.000Z',
      '2026-11-24T10:00:29.000Z',
    ]);
    await recorder.close();
  });

  it('records nothing for retention 0, a relay that may not be recorded, an nmea=1 relay mount or another format', async () => {
    const none = network({ archiveRetentionDays: 0 });
    const noRelay = network({ kind: 'relay', archiveRelayed: false });
    const relay = network({ kind: 'relay', archiveRelayed: true });
    const hosted = network();
    const skipped = [station(none), station(noRelay), station(relay, { needsGga: true })];
    const recorded = station(relay);
    const other = station(hosted, { format: 'CMR+' });
    const recorder = createArchiveRecorder({
      db: database.db,
      store: createLocalArchiveStore(join(root, 'policy')),
      logger: silentLogger,
      catalog: catalogOf([none, noRelay, relay, hosted], [...skipped, recorded, other]),
      flushMs: 60_000,
    });
    const [epoch] = rtcmSeconds(4, 1) as [Buffer];
    for (const item of [...skipped, recorded, other]) feed(recorder.open(item))(epoch, Date.now());
    await recorder.close();
    for (const item of [...skipped, other]) expect(await segmentsOf(item.id)).toEqual([]);
    expect(await segmentsOf(recorded.id)).toHaveLength(1);
  });

  it('follows the network: recording starts and stops within a flush interval of the change', async () => {
    const net = network({ archiveRetentionDays: 0 });
    const base = station(net);
    const store = createLocalArchiveStore(join(root, 'follow'));
    const recorder = createArchiveRecorder({
      db: database.db,
      store,
      logger: silentLogger,
      catalog: catalogOf([net], [base]),
      flushMs: 200,
    });
    recorder.start();
    const push = feed(recorder.open(base));
    const [off, on, offAgain] = rtcmSeconds(8, 3) as [Buffer, Buffer, Buffer];
    push(off, Date.now());
    await sleep(400);
    expect(await segmentsOf(base.id)).toEqual([]);
    net.archiveRetentionDays = 7;
    await eventually(async () => {
      push(on, Date.now());
      return (await segmentsOf(base.id)).length > 0;
    });
    net.archiveRetentionDays = 0;
    await sleep(1_000);
    push(offAgain, Date.now());
    await recorder.close();
    const rows = await segmentsOf(base.id);
    const recorded = Buffer.concat(
      await Promise.all(rows.map(async (row) => gunzipSync(await store.get(row.objectKey)))),
    );
    // Only what was pushed while recording was on, whole epochs of it.
    expect(recorded.length % on.length).toBe(0);
    expect(recorded.subarray(0, on.length)).toEqual(on);
    expect(recorded.includes(offAgain)).toBe(false);
  });

  it('retries a failed put once on the next flush, under the same key, and stores it once', async () => {
    const net = network();
    const base = station(net);
    const local = createLocalArchiveStore(join(root, 'retry'));
    let failures = 1;
    const puts: string[] = [];
    const flaky: ArchiveStore = {
      ...local,
      async put(key, bytes) {
        puts.push(key);
        if (failures-- > 0) throw new Error('connection reset');
        await local.put(key, bytes);
      },
    };
    const warnings: object[] = [];
    const logger: CasterLogger = { ...silentLogger, warn: (object) => warnings.push(object) };
    const recorder = createArchiveRecorder({
      db: database.db,
      store: flaky,
      logger,
      catalog: catalogOf([net], [base]),
      flushMs: 60_000,
    });
    const push = feed(recorder.open(base));
    const [first, second] = rtcmSeconds(5, 2) as [Buffer, Buffer];
    push(first, Date.now());
    await recorder.flush();
    expect(await segmentsOf(base.id)).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings[0])).toContain('connection reset');
    push(second, Date.now());
    await recorder.flush();
    const rows = await segmentsOf(base.id);
    expect(rows).toHaveLength(2);
    expect(puts).toHaveLength(3);
    expect(new Set(puts).size).toBe(2);
    expect(gunzipSync(await local.get(rows[0]?.objectKey ?? ''))).toEqual(first);
    await recorder.close();
  });

  it('gives a segment up after its second failure, logging the store error without credentials', async () => {
    const net = network();
    const base = station(net);
    const errors: object[] = [];
    const broken: ArchiveStore = {
      ...createLocalArchiveStore(join(root, 'broken')),
      put: () => Promise.reject(new Error('AccessDenied')),
    };
    const recorder = createArchiveRecorder({
      db: database.db,
      store: broken,
      logger: { ...silentLogger, error: (object) => errors.push(object) },
      catalog: catalogOf([net], [base]),
      flushMs: 60_000,
    });
    const [epoch] = rtcmSeconds(6, 1) as [Buffer];
    feed(recorder.open(base))(epoch, Date.now());
    await recorder.flush();
    await recorder.close();
    expect(await segmentsOf(base.id)).toEqual([]);
    expect(errors).toEqual([
      expect.objectContaining({ stationId: base.id, step: 'put', error: 'Error: AccessDenied' }),
    ]);
  });
});
