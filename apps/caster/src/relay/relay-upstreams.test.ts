import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '@fixpoint/db';
import { schema } from '@fixpoint/db';
import { buildGga } from '@fixpoint/rtcm';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Caster } from '../caster';
import { ChunkedDecoder, encodeChunk } from '../protocol/chunked';
import {
  basic,
  eventually,
  grantAccess,
  openDatabase,
  rtcmSeconds,
  type SeedAccount,
  secretBox,
  seedAccount,
  seedNetwork,
  seedStation,
  sleep,
  startCaster,
  TestClient,
  v1RoverHead,
  v2RoverHead,
} from '../testing/harness';
import { TestUpstream, type UpstreamConnection } from './test-upstream';

// The relay against upstreams written here (test-upstream.ts): every reply shape a caster may send, an nmea=1
// upstream that answers each GGA with data for that rover only, and an upstream that dies and comes back.

let db: DatabaseHandle;
let caster: Caster;
let rover: SeedAccount;
const upstreams: TestUpstream[] = [];
const upstreamUser = `relay-${randomBytes(3).toString('hex')}`;
const upstreamPassword = randomBytes(8).toString('hex');
const GGA_INTERVAL_MS = 600;

beforeAll(async () => {
  db = await openDatabase();
  rover = await seedAccount(db, { maxConnections: 10 });
  caster = await startCaster(db, {
    instance: 'relay-upstreams',
    relayIdleMs: 300,
    relayBackoffMinMs: 100,
    relayBackoffMaxMs: 400,
    relaySilenceMs: 1_500,
    relayGgaIntervalMs: GGA_INTERVAL_MS,
    // Rovers elsewhere are read once a minute; a relay network's are read as often as their GGA may go upstream.
    roverReadSliceMs: 60_000,
  });
}, 30_000);

afterEach(async () => {
  for (const upstream of upstreams.splice(0)) await upstream.stop();
});

afterAll(async () => {
  await caster?.stop();
  await db?.close();
});

async function relayTo(
  upstream: TestUpstream,
  code: string,
  stations: {
    mountpoint: string;
    upstreamMountpoint: string;
    needsGga?: boolean;
    latitude?: number;
    longitude?: number;
  }[],
  version: 1 | 2 = 2,
) {
  const { networkId } = await seedNetwork(db, {
    code,
    kind: 'relay',
    upstreamHost: '127.0.0.1',
    upstreamPort: upstream.port,
    upstreamVersion: version,
    upstreamUsername: upstreamUser,
    upstreamPasswordEnc: secretBox.encrypt(upstreamPassword),
  });
  await grantAccess(db, rover.accountId, networkId);
  const ids: string[] = [];
  for (const station of stations) ids.push(await seedStation(db, { networkId, ...station, sourcePasswordHash: null }));
  return ids;
}

const decodeChunked = (body: Buffer) => Buffer.concat(new ChunkedDecoder().push(body));

const frames = (stationId: number, seconds = 3) => Buffer.concat(rtcmSeconds(stationId, seconds));

/** Writes `data` in pieces of `size` bytes that ignore frame boundaries. */
function writeInPieces(connection: UpstreamConnection, data: Buffer, size: number, encode = (b: Buffer) => b) {
  for (let i = 0; i < data.length; i += size) connection.socket.write(encode(data.subarray(i, i + size)));
}

async function upstreamOf(handler: (connection: UpstreamConnection) => void, port = 0) {
  const upstream = await TestUpstream.start(handler, port);
  upstreams.push(upstream);
  return upstream;
}

describe('relay: upstream reply shapes', () => {
  it('reads ICY, HTTP chunked and plain HTTP replies and re-frames the data', async () => {
    const data = frames(77);
    const upstream = await upstreamOf((connection) => {
      // A stray byte first: the framer must drop it rather than pass it on.
      if (connection.mountpoint === 'ICY') {
        connection.socket.write('ICY 200 OK\r\n\r\n');
        writeInPieces(connection, data, 13);
      } else if (connection.mountpoint === 'CHUNKED') {
        connection.socket.write(
          'HTTP/1.1 200 OK\r\nNtrip-Version: Ntrip/2.0\r\nContent-Type: gnss/data\r\nTransfer-Encoding: chunked\r\n\r\n',
        );
        // Chunk boundaries fall inside frames: the relay must de-chunk, then frame.
        writeInPieces(connection, Buffer.concat([Buffer.from([0x00]), data]), 37, (piece) => encodeChunk(piece));
      } else if (connection.mountpoint === 'PLAIN') {
        connection.socket.write('HTTP/1.0 200 OK\r\nContent-Type: gnss/data\r\n\r\n');
        writeInPieces(connection, data, 101);
      }
    });
    await relayTo(upstream, 'SHAPES', [
      { mountpoint: 'S_ICY', upstreamMountpoint: 'ICY' },
      { mountpoint: 'S_CHUNKED', upstreamMountpoint: 'CHUNKED' },
      { mountpoint: 'S_PLAIN', upstreamMountpoint: 'PLAIN' },
    ]);
    for (const mountpoint of ['S_ICY', 'S_CHUNKED', 'S_PLAIN']) {
      const client = await TestClient.request(caster.port, v1RoverHead(mountpoint, rover.username, rover.password));
      await client.waitFor(() => client.body().length >= data.length, 5_000, `${mountpoint} data`);
      expect(client.body().equals(data)).toBe(true);
      client.close();
    }
    // The request carried the decrypted credentials and the v2 header.
    const head = upstream.connections[0]?.head ?? '';
    expect(head).toContain('Ntrip-Version: Ntrip/2.0');
    expect(head).toContain(
      `Authorization: Basic ${Buffer.from(`${upstreamUser}:${upstreamPassword}`).toString('base64')}`,
    );
  });
});

describe('relay: mounts that need GGA', () => {
  it('opens one upstream connection per rover, forwards its GGA (first at once, then throttled), data to it alone', async () => {
    // The upstream answers every GGA with frames of a station id taken from the GGA's latitude minutes, and keeps
    // sending them as a VRS caster does: a link silent for relaySilenceMs would be dropped and dialled again.
    const upstream = await upstreamOf((connection) => {
      connection.socket.write('ICY 200 OK\r\n\r\n');
      let streaming: NodeJS.Timeout | undefined;
      connection.onData = (text) => {
        const match = /\$GPGGA,[\d.]+,\d{2}(\d{2})/.exec(text);
        if (!match) return;
        const epoch = frames(Number(match[1]), 1);
        connection.socket.write(epoch);
        clearInterval(streaming);
        streaming = setInterval(() => {
          if (connection.isClosed) clearInterval(streaming);
          else connection.socket.write(epoch);
        }, 300);
      };
    });
    const [vrsId] = await relayTo(
      upstream,
      'VRSNET',
      [{ mountpoint: 'VRS', upstreamMountpoint: 'VRS_UP', needsGga: true }],
      1,
    );
    const vrsState = async () =>
      (
        await db.db
          .select()
          .from(schema.stationStates)
          .where(eq(schema.stationStates.stationId, vrsId ?? ''))
      )[0];
    const gga = (minutes: number, second = 0) =>
      buildGga({
        time: new Date(Date.UTC(2026, 0, 1, 12, 0, second)),
        latitude: 52 + minutes / 60,
        longitude: 5,
        altitude: 10,
        quality: 1,
        satellites: 12,
        hdop: 0.8,
      });
    const roverA = await TestClient.request(caster.port, v1RoverHead('VRS', rover.username, rover.password));
    const roverB = await TestClient.request(
      caster.port,
      v2RoverHead('VRS', rover.username, rover.password, [`Ntrip-GGA: ${gga(22)}`]),
    );
    await roverA.waitForText('ICY 200 OK\r\n\r\n');
    await eventually(() => upstream.open.length === 2);
    // Nothing upstream until rover A sends its GGA; then it goes at once.
    const fromB = await eventually(() => upstream.open.find((c) => c.received.includes('$GPGGA')));
    const fromA = upstream.open.find((c) => c !== fromB) as UpstreamConnection;
    expect(fromA.received).toBe('');
    const sentAt = Date.now();
    roverA.write(`${gga(11, 1)}\r\n`);
    await eventually(() => fromA.received.includes('$GPGGA'), 2_000);
    expect(Date.now() - sentAt).toBeLessThan(GGA_INTERVAL_MS);
    // Two more right away: held back, and only the latest goes once the interval has passed. The first went
    // upstream after `sentAt`, so a held-back one arrives no sooner than the interval after `sentAt` (less a few ms:
    // timers run on the event loop's cached clock).
    roverA.write(`${gga(11, 2)}\r\n${gga(11, 3)}\r\n`);
    await eventually(() => (fromA.received.match(/\$GPGGA/g) ?? []).length >= 2, 10_000);
    expect(Date.now() - sentAt).toBeGreaterThan(GGA_INTERVAL_MS - 50);
    expect(fromA.received.match(/\$GPGGA/g)).toHaveLength(2);
    expect(fromA.received).toContain(gga(11, 3));
    expect(fromA.received).not.toContain(gga(11, 2));

    // Each rover gets the data of its own upstream connection only.
    const forA = frames(11, 1);
    const forB = frames(22, 1);
    await roverA.waitFor(() => roverA.body().includes(forA));
    await roverB.waitFor(() => roverB.body().includes(forB.subarray(0, 20)));
    expect(roverA.body().includes(forB.subarray(0, 20))).toBe(false);
    expect(roverB.body().includes(forA.subarray(0, 20))).toBe(false);

    // The station is live while its rovers' links are (one state for all of them, refreshed by the flush).
    await caster.flush();
    const live = await eventually(async () => {
      const row = await vrsState();
      return row?.isConnected && row.lastDataAt ? row : undefined;
    });
    expect(live.sourceAddress).toBe(`127.0.0.1:${upstream.port}`);

    // A rover leaving closes its own upstream connection, not the other's.
    roverA.close();
    await eventually(() => fromA.isClosed);
    expect(fromB.isClosed).toBe(false);
    roverB.close();
    await eventually(() => fromB.isClosed);
    await eventually(async () => (await vrsState())?.isConnected === false);
  });
});

describe('relay: live state of a mount that needs GGA', () => {
  it("sums what its rovers' upstream links receive: message counts, rates, bitrate and last data", async () => {
    // Each GGA is answered with two epochs; later the test has the upstream stream to every rover's link.
    const streams: NodeJS.Timeout[] = [];
    let stream = false;
    const epoch = frames(33, 1);
    const upstream = await upstreamOf((connection) => {
      connection.socket.write('ICY 200 OK\r\n\r\n');
      let answered = false;
      connection.onData = (text) => {
        if (answered || !text.includes('$GPGGA')) return;
        answered = true;
        connection.socket.write(frames(33, 2));
        const timer = setInterval(() => {
          if (stream && !connection.isClosed) connection.socket.write(epoch);
        }, 100);
        streams.push(timer);
      };
    });
    const [vrsId] = await relayTo(
      upstream,
      'VRSSUM',
      [{ mountpoint: 'VRSSUM', upstreamMountpoint: 'VRS_UP', needsGga: true }],
      1,
    );
    const state = async () =>
      (
        await db.db
          .select()
          .from(schema.stationStates)
          .where(eq(schema.stationStates.stationId, vrsId ?? ''))
      )[0];
    const gga = buildGga({
      time: new Date(Date.UTC(2026, 0, 1, 12, 0, 0)),
      latitude: 52.5,
      longitude: 5,
      altitude: 10,
      quality: 1,
      satellites: 12,
      hdop: 0.8,
    });
    const head = v2RoverHead('VRSSUM', rover.username, rover.password, [`Ntrip-GGA: ${gga}`]);
    const roverA = await TestClient.request(caster.port, head);
    const roverB = await TestClient.request(caster.port, head);
    try {
      const twoEpochs = frames(33, 2);
      await roverA.waitFor(() => roverA.body().includes(twoEpochs));
      await roverB.waitFor(() => roverB.body().includes(twoEpochs));
      expect(upstream.connections).toHaveLength(2);

      // Both links streaming one epoch per 100 ms: once the first burst is long counted (many epochs later), the
      // station's bitrate over a flush interval is their sum, well above what one link carries, and its 1074 rate
      // passes one link's 600 per minute. (The station's state is written from the start, so the test does not
      // wait idle: an idle link would be dropped as silent after the test caster's 1.5 s.)
      stream = true;
      const oneLinkBps = epoch.length * 8 * 10;
      const busy = await eventually(async () => {
        const row = await state();
        const types = (row?.messageTypes ?? {}) as Record<string, { count: number; ratePerMinute: number }>;
        const summed = row?.isConnected && (types['1074']?.count ?? 0) >= 24 && row.bitrate > oneLinkBps * 1.6;
        return summed && (types['1074']?.ratePerMinute ?? 0) > 600 ? row : undefined;
      }, 15_000);
      expect(busy.lastDataAt).not.toBeNull();
    } finally {
      for (const timer of streams) clearInterval(timer);
      roverA.close();
      roverB.close();
    }
    await eventually(async () => (await state())?.isConnected === false);
  });
});

describe('relay: AUTO mount of a relay network', () => {
  it('pulls the station nearest to the rover once its GGA arrives and routes the rover to it', async () => {
    const data = frames(301);
    const upstream = await upstreamOf((connection) => {
      connection.socket.write('ICY 200 OK\r\n\r\n');
      if (connection.mountpoint === 'NEAR_UP') writeInPieces(connection, data, 64);
    });
    const stations = [
      { mountpoint: 'AUTONEAR', upstreamMountpoint: 'NEAR_UP', latitude: 52.0, longitude: 5.0 },
      { mountpoint: 'AUTOFAR', upstreamMountpoint: 'FAR_UP', latitude: 52.2, longitude: 5.3 },
    ];
    await relayTo(upstream, 'RAUTO', stations, 1);
    const client = await TestClient.request(
      caster.port,
      v2RoverHead('RAUTO_AUTO', rover.username, rover.password, [
        `Ntrip-GGA: ${buildGga({ latitude: 52.01, longitude: 5.01, altitude: 5 })}`,
      ]),
    );
    await client.waitForText('HTTP/1.1 200 OK');
    await eventually(() => upstream.connections.some((connection) => connection.mountpoint === 'NEAR_UP'));
    await client.waitFor(() => decodeChunked(client.body()).length >= data.length);
    expect(decodeChunked(client.body()).equals(data)).toBe(true);
    // Only the nearest station was pulled.
    expect(upstream.connections.map((connection) => connection.mountpoint)).toEqual(['NEAR_UP']);
    client.close();
    // Let go after the idle period once the rover has left.
    await eventually(() => upstream.open.length === 0, 10_000);
  });
});

describe('relay: upstream failure', () => {
  it('backs off while the upstream is gone, keeps the rover, and resumes when it returns', async () => {
    let epoch = 0;
    const serve = (connection: UpstreamConnection) => {
      connection.socket.write('ICY 200 OK\r\n\r\n');
      const timer = setInterval(() => {
        if (connection.isClosed) clearInterval(timer);
        else connection.socket.write(frames(500 + (epoch++ % 100), 1));
      }, 50);
    };
    let upstream = await upstreamOf(serve);
    const port = upstream.port;
    const [stationId] = await relayTo(upstream, 'FLAKY', [{ mountpoint: 'FLAKY1', upstreamMountpoint: 'LIVE' }], 1);
    const client = await TestClient.request(caster.port, v2RoverHead('FLAKY1', rover.username, rover.password));
    await client.waitFor(() => client.body().length > 200);

    // The upstream dies; for a while it accepts and hangs up at once (counting the relay's attempts).
    await upstream.stop();
    upstreams.splice(upstreams.indexOf(upstream), 1);
    const flapping = await upstreamOf((connection) => connection.socket.destroy(), port);
    const flappingSince = Date.now();
    // It keeps dialling...
    await eventually(() => flapping.accepted >= 3, 10_000);
    await sleep(Math.max(0, 1_600 - (Date.now() - flappingSince)));
    // ...backing off 100 ms doubling to 400 ms (jitter 0.75-1.25): 5 to 9 attempts in 1.6 s, not hundreds. A loaded
    // machine that took longer to get here allows one more per 300 ms, the shortest delay at the cap.
    const lateMs = Math.max(0, Date.now() - flappingSince - 1_600);
    expect(flapping.accepted).toBeLessThanOrEqual(10 + Math.ceil(lateMs / 300));
    await flapping.stop();
    upstreams.splice(upstreams.indexOf(flapping), 1);
    const state = await eventually(async () => {
      const [row] = await db.db
        .select()
        .from(schema.stationStates)
        .where(eq(schema.stationStates.stationId, stationId ?? ''));
      return row?.lastError === 'connection refused' && row;
    }, 10_000);
    expect(state.isConnected).toBe(false);
    expect(client.socket.destroyed).toBe(false);

    // It comes back: the same rover receives data again, and the last error stays for the feed page.
    const before = client.receivedLength;
    upstream = await upstreamOf(serve, port);
    await client.waitFor(() => client.receivedLength > before + 200, 10_000, 'data after recovery');
    expect(client.socket.destroyed).toBe(false);
    await caster.flush();
    const recovered = await eventually(async () => {
      const [row] = await db.db
        .select()
        .from(schema.stationStates)
        .where(eq(schema.stationStates.stationId, stationId ?? ''));
      return row?.isConnected && row;
    });
    expect(recovered.lastError).toBe('connection refused');
    client.close();
  });

  it('drops a silent upstream and dials again', async () => {
    // Accepts, says OK, then sends nothing.
    const upstream = await upstreamOf((connection) => connection.socket.write('ICY 200 OK\r\n\r\n'));
    const [stationId] = await relayTo(upstream, 'SILENT', [{ mountpoint: 'SILENT1', upstreamMountpoint: 'S' }], 1);
    const client = await TestClient.request(caster.port, v1RoverHead('SILENT1', rover.username, rover.password));
    await client.waitForText('ICY 200 OK\r\n\r\n');
    const row = await eventually(async () => {
      const [state] = await db.db
        .select()
        .from(schema.stationStates)
        .where(eq(schema.stationStates.stationId, stationId ?? ''));
      return state?.lastError ? state : undefined;
    }, 10_000);
    expect(row.lastError).toBe('no data for 2 s');
    await eventually(() => upstream.connections.length >= 2, 10_000);
    expect(client.socket.destroyed).toBe(false);
    client.close();
  });
});

describe('relay: upstream settings changed while rovers are connected', () => {
  /** Streams `stationId`'s epochs to a request with the right credentials; refuses others with 401. */
  const streaming = (stationId: number) => (connection: UpstreamConnection) => {
    if (!connection.head.includes(basic(upstreamUser, upstreamPassword))) {
      connection.socket.end('HTTP/1.1 401 Unauthorized\r\n\r\n');
      return;
    }
    connection.socket.write('ICY 200 OK\r\n\r\n');
    const timer = setInterval(() => {
      if (connection.isClosed) clearInterval(timer);
      else connection.socket.write(frames(stationId, 1));
    }, 50);
  };

  /** An admin's edit of the network's upstream settings, straight in the database as the server writes it. */
  const editNetwork = (code: string, values: Partial<typeof schema.networks.$inferInsert>) =>
    db.db.update(schema.networks).set(values).where(eq(schema.networks.code, code));

  const lastErrorOf = async (stationId: string) =>
    (await db.db.select().from(schema.stationStates).where(eq(schema.stationStates.stationId, stationId)))[0]
      ?.lastError;

  it('a fixed password reaches the link of a connected rover: the same rover gets the data', async () => {
    const upstream = await upstreamOf(streaming(601));
    const [stationId] = await relayTo(upstream, 'FIXPW', [{ mountpoint: 'FIXPW1', upstreamMountpoint: 'LIVE' }], 1);
    await editNetwork('FIXPW', { upstreamPasswordEnc: secretBox.encrypt('not-the-password') });
    const client = await TestClient.request(caster.port, v1RoverHead('FIXPW1', rover.username, rover.password));
    await client.waitForText('ICY 200 OK\r\n\r\n');
    await eventually(async () => (await lastErrorOf(stationId ?? '')) === '401 Unauthorized');
    expect(client.body().length).toBe(0);

    await editNetwork('FIXPW', { upstreamPasswordEnc: secretBox.encrypt(upstreamPassword) });
    const epoch = frames(601, 1);
    await client.waitFor((received) => received.includes(epoch), 8_000, 'data after the password fix');
    expect(client.socket.destroyed).toBe(false);
    // One link: the old one (still backing off with the wrong password) was replaced, not joined by a second.
    await sleep(500);
    expect(upstream.open).toHaveLength(1);
    expect(upstream.open[0]?.head).toContain(basic(upstreamUser, upstreamPassword));
    client.close();
  });

  it('a new upstream host and port move the link there, the rover kept, the old connection closed', async () => {
    const first = await upstreamOf(streaming(611));
    const second = await upstreamOf(streaming(612));
    await relayTo(first, 'MOVEUP', [{ mountpoint: 'MOVEUP1', upstreamMountpoint: 'LIVE' }], 1);
    const client = await TestClient.request(caster.port, v1RoverHead('MOVEUP1', rover.username, rover.password));
    await client.waitFor((received) => received.includes(frames(611, 1)), 5_000, 'data from the first upstream');
    const [old] = first.open;
    expect(old).toBeDefined();

    await editNetwork('MOVEUP', { upstreamHost: '127.0.0.1', upstreamPort: second.port });
    await client.waitFor((received) => received.includes(frames(612, 1)), 8_000, 'data from the second upstream');
    await eventually(() => old?.isClosed);
    expect(first.open).toHaveLength(0);
    expect(first.connections).toHaveLength(1);
    expect(second.open).toHaveLength(1);
    expect(client.socket.destroyed).toBe(false);
    client.close();
  });

  it("a changed upstream mountpoint moves a rover's own link and sends it the rover's last GGA at once", async () => {
    const ids: Record<string, number> = { VRS_OLD: 621, VRS_NEW: 622 };
    const upstream = await upstreamOf((connection) => {
      connection.socket.write('ICY 200 OK\r\n\r\n');
      connection.onData = (text) => {
        if (text.includes('$GPGGA')) connection.socket.write(frames(ids[connection.mountpoint] ?? 0, 1));
      };
    });
    const [stationId] = await relayTo(
      upstream,
      'VRSMOVE',
      [{ mountpoint: 'VRSMOVE', upstreamMountpoint: 'VRS_OLD', needsGga: true }],
      1,
    );
    const gga = buildGga({ latitude: 52.1, longitude: 5.1, altitude: 10 });
    const client = await TestClient.request(
      caster.port,
      v2RoverHead('VRSMOVE', rover.username, rover.password, [`Ntrip-GGA: ${gga}`]),
    );
    await client.waitFor(() => decodeChunked(client.body()).includes(frames(621, 1)), 5_000, 'data for VRS_OLD');
    const [old] = upstream.open;

    await db.db
      .update(schema.stations)
      .set({ upstreamMountpoint: 'VRS_NEW' })
      .where(eq(schema.stations.id, stationId ?? ''));
    // The rover sends nothing more: its last GGA goes to the new link by itself.
    const moved = await eventually(
      () => upstream.connections.find((connection) => connection.mountpoint === 'VRS_NEW'),
      8_000,
    );
    await eventually(() => moved.received.includes(gga.trim()));
    await client.waitFor(() => decodeChunked(client.body()).includes(frames(622, 1)), 5_000, 'data for VRS_NEW');
    await eventually(() => old?.isClosed);
    expect(upstream.open).toEqual([moved]);
    expect(client.socket.destroyed).toBe(false);
    client.close();
  });

  it('a station taken out of the catalog lets its link go; its rover stays, as when a hosted base goes away', async () => {
    const upstream = await upstreamOf(streaming(631));
    const [stationId] = await relayTo(upstream, 'GONEUP', [{ mountpoint: 'GONEUP1', upstreamMountpoint: 'LIVE' }], 1);
    const client = await TestClient.request(caster.port, v1RoverHead('GONEUP1', rover.username, rover.password));
    await client.waitFor((received) => received.includes(frames(631, 1)), 5_000, 'data before the change');

    await db.db
      .update(schema.stations)
      .set({ isEnabled: false })
      .where(eq(schema.stations.id, stationId ?? ''));
    await eventually(() => upstream.open.length === 0, 8_000);
    // Not dialled again (no back-off retry, no takeover).
    await sleep(1_000);
    expect(upstream.connections).toHaveLength(1);
    expect(client.socket.destroyed).toBe(false);
    client.close();
  });
});
