import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';
import { buildGga } from '@fixpoint/rtcm';
import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogNetwork, CatalogStation } from '../streams/catalog';
import { eventually, sleep } from '../testing/harness';
import { createReadSlices } from './read-slices';
import { RoverSession } from './rover-session';

// Rover sockets read in slices (decision 0080), on real sockets: a session of a station mount with its GGA.

const SLICE_MS = 400;
const network: CatalogNetwork = {
  id: 'network',
  code: 'SLICE',
  name: 'Slice network',
  operator: 'Fixpoint',
  kind: 'hosted',
  dailyPrice: 1,
  isPublished: true,
  coverageRadiusKm: 50,
  countryCode: null,
  autoMountpoint: 'SLICE_AUTO',
  upstream: undefined,
  archiveRetentionDays: 0,
  archiveRelayed: false,
};
const station: CatalogStation = {
  id: 'station',
  networkId: network.id,
  mountpoint: 'SLICE00',
  identifier: 'Slice',
  latitude: 52,
  longitude: 4.36,
  height: 10,
  countryCode: null,
  format: 'RTCM 3.3',
  formatDetails: '',
  carrier: 2,
  navSystem: 'GPS',
  needsGga: false,
  sourcePasswordHash: null,
  isSimulated: false,
  upstreamMountpoint: null,
};
const NOON = 43_200;
const gga = (second: number, quality = 4) =>
  `${buildGga({ latitude: 52.0, longitude: 4.5, altitude: 10, time: NOON + second, quality })}\r\n`;

const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const close of cleanup.splice(0)) close();
});

/** A rover connected to a session on a real socket; `positions` counts the positions routed. */
async function connectRover(sliceMs = SLICE_MS) {
  const listener = createServer();
  listener.listen(0, '127.0.0.1');
  await once(listener, 'listening');
  const client = connect((listener.address() as { port: number }).port, '127.0.0.1');
  const [socket] = (await once(listener, 'connection')) as [Socket];
  listener.close();
  client.on('error', () => {});
  const reads = createReadSlices(sliceMs);
  const routed: number[] = [];
  const closed: string[] = [];
  const session = new RoverSession(
    {
      id: 'session',
      socket,
      version: 1,
      accountId: 'account',
      username: 'rover',
      passwordChangedAt: new Date(0),
      network,
      station,
      networkStations: [station],
      mountpoint: station.mountpoint,
      accessUntil: new Date(Date.now() + 3_600_000),
      clientAddress: '127.0.0.1',
      userAgent: 'NTRIP test',
      maxQueueBytes: 1_000_000,
      reads,
    },
    {
      onPosition: () => routed.push(Date.now()),
      onBytesOut: () => {},
      onClose: (_, reason) => closed.push(reason),
    },
  );
  cleanup.push(() => {
    client.destroy();
    session.close('shutdown');
  });
  return { client, socket, session, reads, routed, closed };
}

describe('rover sockets read in slices (decisions 0080, 0088)', () => {
  it('reads at once until the position is known, then once a slice with all its sentences', async () => {
    const { client, session, reads, routed } = await connectRover();
    // A GGA without a fix carries no position: the next one is still read at once.
    client.write(gga(0, 0));
    await eventually(() => session.ggaCount === 1);
    expect(reads.polledCount).toBe(0);
    client.write(gga(1));
    await eventually(() => routed.length === 1);
    expect(reads.polledCount).toBe(1);

    // Four more in one go: the socket is not read (the kernel keeps them) until the slice has passed.
    await sleep(150);
    const sentAt = Date.now();
    client.write(gga(1.1) + gga(1.2, 5) + gga(1.3, 5) + gga(1.4, 1));
    await sleep(SLICE_MS / 4);
    expect(session.ggaCount).toBe(2);
    await eventually(() => session.ggaCount === 6, 5_000);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(SLICE_MS / 2);
    // One read, one position routed (the newest), and the socket still read in slices.
    expect(routed).toHaveLength(2);
    expect(reads.polledCount).toBe(1);
  });

  it('writes fix health with the periodic progress only when GGA came since, and in full at the close (decision 0089)', async () => {
    const { client, session } = await connectRover();
    const at = (second: number, latitude: number) =>
      `${buildGga({ latitude, longitude: 4.5, altitude: 10, time: NOON + second, quality: 4 })}\r\n`;
    client.write(at(0, 52.1));
    await eventually(() => session.ggaCount === 1);
    const position = session.lastPosition;
    expect(JSON.parse(session.periodicProgress().ggaStatsJson ?? 'null')?.last).toBe('fixed');
    // Nothing new: the stored aggregates stay as they are (the write leaves them), the rest is written.
    const unchanged = session.periodicProgress();
    expect(unchanged.ggaStatsJson).toBeNull();
    expect(unchanged.lastLatitude).toBeCloseTo(52.1, 9);
    expect(session.progress().ggaStatsJson).not.toBeNull();
    // Its write failed: the next one has them again.
    session.progressNotWritten();
    expect(session.periodicProgress().ggaStatsJson).not.toBeNull();
    expect(session.periodicProgress().ggaStatsJson).toBeNull();

    client.write(at(1, 52.2) + at(2, 52.3));
    await eventually(() => session.ggaCount === 3, 5_000);
    expect(JSON.parse(session.periodicProgress().ggaStatsJson ?? 'null')?.fixMs.fixed).toBeGreaterThan(0);
    // The newest position, in the one object the session keeps; no sentence kept off a relay network.
    expect(session.lastPosition).toBe(position);
    expect(session.lastPosition?.latitude).toBeCloseTo(52.3, 9);
    expect(session.lastGgaSentence).toBeNull();
  });

  it('counts the time between GGA read late by their own times, as if each had been read as it came', async () => {
    const { client, session } = await connectRover(1_000);
    // Five a second, each with its time: fixed from 0 to 1 s, float from 1 to 2 s, single at 2 s.
    const started = Date.now();
    for (let k = 0; k <= 10; k++) {
      await sleep(Math.max(0, started + k * 200 - Date.now()));
      client.write(gga(k / 5, k < 5 ? 4 : k < 10 ? 5 : 1));
    }
    await eventually(() => session.ggaCount === 11, 5_000);
    const stats = session.gga.snapshot(session.lastGgaAt?.getTime() ?? 0);
    // Dated by the reads instead, each slice's first sentence would take the time since the slice before, up to
    // 200 ms off.
    expect(Math.abs((stats?.fixMs.fixed ?? 0) - 1_000)).toBeLessThanOrEqual(20);
    expect(Math.abs((stats?.fixMs.float ?? 0) - 1_000)).toBeLessThanOrEqual(20);
    expect(stats?.last).toBe('single');
  });

  it('notices a rover that hung up while held within the slice, as closed by the receiver, its time ending then', async () => {
    const { client, session, closed } = await connectRover(1_000);
    for (let k = 0; k <= 3; k++) {
      client.write(gga(k / 5));
      await sleep(200);
    }
    const hungUpAt = Date.now();
    client.destroy();
    await eventually(() => closed.length === 1, 5_000);
    expect(Date.now() - hungUpAt).toBeLessThan(2_000);
    expect(closed).toEqual(['client-closed']);
    // Not up to when the caster noticed: one GGA interval after the last at most.
    const fixedMs = JSON.parse(session.progress().ggaStatsJson ?? 'null')?.fixMs.fixed ?? 0;
    expect(fixedMs).toBeGreaterThanOrEqual(600);
    expect(fixedMs).toBeLessThanOrEqual(800);
  });

  it('a write to a rover that hung up while held closes it as closed by the receiver, a reset as an error', async () => {
    for (const [hangUp, reason] of [
      ['close', 'client-closed'],
      ['reset', 'client-error'],
    ] as const) {
      // A long slice: the corrections written, not the next read, find the rover gone.
      const { client, session, closed, reads } = await connectRover(60_000);
      client.write(gga(0));
      await eventually(() => session.lastPosition !== null);
      expect(reads.polledCount).toBe(1);
      await sleep(100);
      if (hangUp === 'close') client.destroy();
      else client.resetAndDestroy();
      await sleep(50);
      const frame = Buffer.alloc(100);
      await eventually(() => {
        session.send(frame, frame.length);
        return closed.length === 1;
      }, 5_000);
      expect(closed).toEqual([reason]);
      // Let go of at once, not at the slice's end a minute later.
      expect(reads.polledCount).toBe(0);
    }
  });

  it('reads every time when slices are off', async () => {
    const { client, session, reads } = await connectRover(0);
    client.write(gga(0));
    await eventually(() => session.ggaCount === 1);
    client.write(gga(1));
    await eventually(() => session.ggaCount === 2, 1_000);
    expect(reads.polledCount).toBe(0);
  });
});
