import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { type DatabaseHandle, schema } from '@fixpoint/db';
import { RtcmFramer } from '@fixpoint/rtcm';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caster } from '../caster';
import { TestUpstream } from '../relay/test-upstream';
import {
  connectSourceV1,
  eventually,
  grantAccess,
  openDatabase,
  rtcmSeconds,
  type SeedAccount,
  seedAccount,
  seedNetwork,
  seedStation,
  sleep,
  startCaster,
  TestClient,
  v1RoverHead,
} from '../testing/harness';
import { type ArchiveStore, createLocalArchiveStore } from './archive-store';

// The archive through the whole caster: sources pushing over real sockets, the in-process simulator and a relay
// pulling an upstream, recorded into a local store on disk and the database, as in production.

const FLUSH_MS = 400;
let database: DatabaseHandle;
let caster: Caster;
let root: string;
let store: ArchiveStore;
let upstream: TestUpstream;
let rover: SeedAccount;
const ids = new Map<string, string>();

beforeAll(async () => {
  database = await openDatabase();
  root = await mkdtemp(join(tmpdir(), 'fixpoint-recording-'));
  store = createLocalArchiveStore(root);
  const { networkId: recorded } = await seedNetwork(database, { code: 'ARCH', archiveRetentionDays: 30 });
  const { networkId: unrecorded } = await seedNetwork(database, { code: 'NOARCH', archiveRetentionDays: 0 });
  for (const mountpoint of ['ARCH1', 'ARCH2', 'ARCH3', 'ARCH4']) {
    ids.set(mountpoint, await seedStation(database, { networkId: recorded, mountpoint }));
  }
  ids.set('SIM1', await seedStation(database, { networkId: recorded, mountpoint: 'SIM1', isSimulated: true }));
  ids.set('NOARCH1', await seedStation(database, { networkId: unrecorded, mountpoint: 'NOARCH1' }));

  // An upstream caster that streams an epoch every 100 ms to whoever pulls a mount.
  const [epoch] = rtcmSeconds(21, 1) as [Buffer];
  upstream = await TestUpstream.start((connection) => {
    connection.socket.write('ICY 200 OK\r\n\r\n');
    const timer = setInterval(() => connection.socket.write(epoch), 100);
    connection.socket.on('close', () => clearInterval(timer));
  });
  rover = await seedAccount(database, { maxConnections: 10 });
  for (const [code, archiveRelayed] of [
    ['RELAYARCH', true],
    ['RELAYNOARCH', false],
  ] as const) {
    const { networkId } = await seedNetwork(database, {
      code,
      kind: 'relay',
      archiveRelayed,
      upstreamHost: '127.0.0.1',
      upstreamPort: upstream.port,
      upstreamVersion: 1,
    });
    await grantAccess(database, rover.accountId, networkId);
    ids.set(`${code}1`, await seedStation(database, { networkId, mountpoint: `${code}1`, sourcePasswordHash: null }));
  }
  caster = await startCaster(database, { archive: { store, flushMs: FLUSH_MS }, relayIdleMs: 300 });
}, 30_000);

afterAll(async () => {
  await caster?.stop();
  await upstream?.stop();
  await database?.close();
  await rm(root, { recursive: true, force: true });
});

const segmentsOf = (mountpoint: string) =>
  database.db
    .select()
    .from(schema.archiveSegments)
    .where(eq(schema.archiveSegments.stationId, ids.get(mountpoint) ?? ''))
    .orderBy(asc(schema.archiveSegments.startedAt));

/** Every recorded byte of a station, its segments un-gzipped and joined in order. */
async function recordedBytes(mountpoint: string): Promise<Buffer> {
  const rows = await segmentsOf(mountpoint);
  return Buffer.concat(await Promise.all(rows.map(async (row) => gunzipSync(await store.get(row.objectKey)))));
}

function typeCounts(bytes: Buffer): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const frame of new RtcmFramer().push(bytes)) counts[frame.messageType] = (counts[frame.messageType] ?? 0) + 1;
  return counts;
}

describe('recording live stations', () => {
  it('writes what a source pushed after the flush interval, frames only, and the rest when it disconnects', async () => {
    const source = await connectSourceV1(caster.port, 'ARCH1');
    const epochs = rtcmSeconds(11, 5);
    // Garbage and frames torn across writes: only whole CRC-checked frames are recorded.
    source.write(Buffer.concat([Buffer.from('noise\xd3\x00', 'latin1'), (epochs[0] as Buffer).subarray(0, 20)]));
    await sleep(20);
    source.write(Buffer.concat([(epochs[0] as Buffer).subarray(20), ...epochs.slice(1, 3)]));
    const firstPart = Buffer.concat(epochs.slice(0, 3));
    const [segment] = await eventually(async () => {
      const rows = await segmentsOf('ARCH1');
      return rows.length > 0 && rows;
    });
    expect(gunzipSync(await store.get(segment?.objectKey ?? ''))).toEqual(firstPart);
    expect(segment?.messageTypes).toEqual(typeCounts(firstPart));
    expect(segment?.frames).toBe(new RtcmFramer().push(firstPart).length);
    expect(segment?.rawBytes).toBe(firstPart.length);

    source.write(Buffer.concat(epochs.slice(3)));
    await sleep(50);
    source.close();
    const all = Buffer.concat(epochs);
    await eventually(async () => (await recordedBytes('ARCH1')).equals(all));
    for (const row of await segmentsOf('ARCH1')) {
      expect(Math.floor(row.startedAt.getTime() / 3_600_000)).toBe(Math.floor(row.endedAt.getTime() / 3_600_000));
    }
  });

  it('writes the buffer when a source disconnects and when the caster stops, long before the flush interval', async () => {
    const slow = await startCaster(database, { instance: 'slow-archive', archive: { store, flushMs: 3_600_000 } });
    const [a, b] = rtcmSeconds(12, 2) as [Buffer, Buffer];
    const first = await connectSourceV1(slow.port, 'ARCH2');
    first.write(a);
    await sleep(100);
    first.close();
    await eventually(async () => (await recordedBytes('ARCH2')).equals(a));

    const second = await connectSourceV1(slow.port, 'ARCH3');
    second.write(b);
    await sleep(100);
    expect(await segmentsOf('ARCH3')).toEqual([]);
    await slow.stop();
    expect(await recordedBytes('ARCH3')).toEqual(b);
  });

  it('records the in-process simulator like a base station', async () => {
    const local = await caster.openLocalSource('SIM1', 'simulator');
    const epochs = rtcmSeconds(13, 2);
    for (const epoch of epochs) local?.push(Buffer.from(epoch));
    local?.close();
    await eventually(async () => (await recordedBytes('SIM1')).equals(Buffer.concat(epochs)));
  });

  it('records nothing of a network with retention 0', async () => {
    const source = await connectSourceV1(caster.port, 'NOARCH1');
    for (const epoch of rtcmSeconds(14, 3)) source.write(epoch);
    await sleep(FLUSH_MS * 2);
    source.close();
    await sleep(200);
    expect(await segmentsOf('NOARCH1')).toEqual([]);
  });

  it('records a relayed station while it is pulled only when its network allows it', async () => {
    const clients = await Promise.all(
      ['RELAYARCH1', 'RELAYNOARCH1'].map(async (mountpoint) => {
        const client = await TestClient.request(caster.port, v1RoverHead(mountpoint, rover.username, rover.password));
        await client.waitFor((received) => received.length > 2_000, 5_000, `${mountpoint} data`);
        return client;
      }),
    );
    const [segment] = await eventually(async () => {
      const rows = await segmentsOf('RELAYARCH1');
      return rows.length > 0 && rows;
    });
    const [epoch] = rtcmSeconds(21, 1) as [Buffer];
    const bytes = gunzipSync(await store.get(segment?.objectKey ?? ''));
    expect(bytes.length % epoch.length).toBe(0);
    expect(bytes.subarray(0, epoch.length)).toEqual(epoch);
    await sleep(FLUSH_MS);
    expect(await segmentsOf('RELAYNOARCH1')).toEqual([]);
    for (const client of clients) client.close();
  });
});
