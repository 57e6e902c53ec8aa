import { type DatabaseHandle, schema } from '@fixpoint/db';
import { buildGga, RtcmFramer } from '@fixpoint/rtcm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caster } from '../caster';
import { ChunkedDecoder } from '../protocol/chunked';
import {
  TestClient as Client,
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
  type TestClient,
  v1RoverHead,
  v2RoverHead,
} from '../testing/harness';

// Two bases 34 km apart on 52 N; AUTO rovers must get the nearer one's frames, whole.
const BASE_A = { latitude: 52.0, longitude: 4.0, height: 40 };
const BASE_B = { latitude: 52.0, longitude: 4.5, height: 40 };
const STATION_A = 101;
const STATION_B = 102;

let database: DatabaseHandle;
let caster: Caster;
let port: number;
let networkId: string;
let rover: SeedAccount;
let sources: TestClient[] = [];
let feeding: NodeJS.Timeout | undefined;

beforeAll(async () => {
  database = await openDatabase();
  ({ networkId } = await seedNetwork(database, { code: 'AUT', coverageRadiusKm: 30 }));
  await seedStation(database, { networkId, mountpoint: 'AUTA', ...BASE_A });
  await seedStation(database, { networkId, mountpoint: 'AUTB', ...BASE_B });
  rover = await seedAccount(database, { maxConnections: 10 });
  await grantAccess(database, rover.accountId, networkId);
  caster = await startCaster(database, { autoReevaluateMs: 300 });
  port = caster.port;
  const a = await connectSourceV1(port, 'AUTA');
  const b = await connectSourceV1(port, 'AUTB');
  sources = [a, b];
  // Both bases stream 1 epoch every 50 ms (time-lapse), each epoch several frames, written in one piece.
  const epochsA = rtcmSeconds(STATION_A, 20, BASE_A);
  const epochsB = rtcmSeconds(STATION_B, 20, BASE_B);
  let tick = 0;
  feeding = setInterval(() => {
    a.write(epochsA[tick % 20] as Buffer);
    b.write(epochsB[tick % 20] as Buffer);
    tick++;
  }, 50);
  await sleep(200);
});

afterAll(async () => {
  clearInterval(feeding);
  for (const source of sources) source.close();
  await caster?.stop();
  await database?.close();
});

const gga = (latitude: number, longitude: number) => `${buildGga({ latitude, longitude, altitude: 10 })}\r\n`;

/** Frames received, in order, with the framer's view of garbage (must be none). */
function framesOf(stream: Buffer) {
  const framer = new RtcmFramer();
  const frames = framer.push(stream);
  return { stations: frames.map((frame) => frame.stationId), stats: framer.stats };
}

/** The rover account's newest session. */
async function newestSession() {
  const rows = await database.db
    .select()
    .from(schema.casterSessions)
    .where(eq(schema.casterSessions.accountId, rover.accountId));
  return rows.sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime())[0];
}

describe('AUTO mountpoint', () => {
  it('lists the AUTO mount in the sourcetable with nmea=1 and solution=1', async () => {
    const client = await Client.request(port, ['GET / HTTP/1.0', 'User-Agent: NTRIP test']);
    await client.waitClosed();
    const line = client
      .text()
      .split('\r\n')
      .find((row) => row.startsWith('STR;AUT_AUTO;'));
    expect(line?.split(';').slice(11, 13)).toEqual(['1', '1']);
    expect(line?.split(';').slice(9, 11)).toEqual(['52.00', '4.25']);
  });

  it('sends nothing until a GGA arrives, then the nearest base only, in whole frames', async () => {
    const client = await Client.request(port, v1RoverHead('AUT_AUTO', rover.username, rover.password));
    await client.waitForText('ICY 200 OK\r\n\r\n');
    await sleep(300);
    expect(client.received.length).toBe(14);
    client.write(gga(52.0, 4.05));
    await client.waitFor((received) => received.length > 3_000);
    const { stations, stats } = framesOf(client.received.subarray(14));
    expect(stats).toMatchObject({ badCrc: 0, skippedBytes: 0 });
    expect(new Set(stations)).toEqual(new Set([STATION_A]));
    client.close();
  });

  it('switches to the new nearest base at a frame boundary, with hysteresis', async () => {
    const client = await Client.request(port, v1RoverHead('AUT_AUTO', rover.username, rover.password));
    await client.waitForText('ICY 200 OK\r\n\r\n');
    client.write(gga(52.0, 4.05));
    await client.waitFor((received) => received.length > 2_000);
    // Just past the midpoint (4.25) towards B by about 140 m, so B is about 280 m nearer: within the 500 m
    // hysteresis, A is kept.
    client.write(gga(52.0, 4.252));
    await sleep(700);
    client.write(gga(52.0, 4.252));
    await sleep(300);
    expect(new Set(framesOf(client.received.subarray(14)).stations)).toEqual(new Set([STATION_A]));
    // Well towards B: switch. Sent every 200 ms, as a rover sends it: a position read within the re-evaluation
    // throttle of the last choice only updates the distance, and the next one is what moves the rover.
    const sender = setInterval(() => client.write(gga(52.0, 4.45)), 200);
    client.write(gga(52.0, 4.45));
    await client
      .waitFor(() => framesOf(client.received.subarray(14)).stations.includes(STATION_B), 10_000)
      .finally(() => clearInterval(sender));
    // The bases keep streaming, so a read can land inside a frame's delivery: wait for one between frames.
    const { stations, stats } = await eventually(() => {
      const seen = framesOf(client.received.subarray(14));
      return seen.stats.pendingBytes === 0 && seen.stations.filter((id) => id === STATION_B).length > 2
        ? seen
        : undefined;
    }, 10_000);
    expect(stats).toMatchObject({ badCrc: 0, skippedBytes: 0 });
    const firstB = stations.indexOf(STATION_B);
    expect(stations.slice(0, firstB).every((id) => id === STATION_A)).toBe(true);
    expect(stations.slice(firstB).every((id) => id === STATION_B)).toBe(true);
    client.close();
  });

  it('takes the position from the v2 Ntrip-GGA header', async () => {
    const client = await Client.request(
      port,
      v2RoverHead('AUT_AUTO', rover.username, rover.password, [`Ntrip-GGA: ${gga(52.0, 4.49).trim()}`]),
    );
    await client.waitFor(() => client.body().length > 2_000);
    const decoder = new ChunkedDecoder();
    const { stations } = framesOf(Buffer.concat(decoder.push(client.body())));
    expect(new Set(stations)).toEqual(new Set([STATION_B]));
    client.close();
  });

  it('marks a session that ended without any GGA as no-gga', async () => {
    const quiet = await seedAccount(database);
    await grantAccess(database, quiet.accountId, networkId);
    const client = await Client.request(port, v1RoverHead('AUT_AUTO', quiet.username, quiet.password));
    await client.waitForText('ICY 200 OK');
    await sleep(200);
    client.close();
    const [row] = await eventually(async () => {
      const rows = await database.db
        .select()
        .from(schema.casterSessions)
        .where(eq(schema.casterSessions.accountId, quiet.accountId));
      return rows[0]?.endedAt ? rows : undefined;
    });
    expect(row).toMatchObject({ ggaCount: 0, bytesSent: 0, closeReason: 'no-gga' });
  });

  it('refuses a rover outside coverage and records why', async () => {
    const far = await seedAccount(database);
    await grantAccess(database, far.accountId, networkId);
    const client = await Client.request(port, v1RoverHead('AUT_AUTO', far.username, far.password));
    await client.waitForText('ICY 200 OK');
    // About 70 km south of A: beyond 30 km x 5/3 = 50 km.
    client.write(gga(51.37, 4.0));
    await client.waitClosed(2_000);
    expect(client.received.length).toBe(14);
    const [failure] = await eventually(() =>
      database.db
        .select()
        .from(schema.loginFailures)
        .where(eq(schema.loginFailures.accountId, far.accountId))
        .then((rows) => rows.length > 0 && rows),
    );
    expect(failure).toMatchObject({ reason: 'outside-coverage', mountpoint: 'AUT_AUTO', username: far.username });
    const [row] = await eventually(async () => {
      const rows = await database.db
        .select()
        .from(schema.casterSessions)
        .where(eq(schema.casterSessions.accountId, far.accountId));
      return rows[0]?.endedAt ? rows : undefined;
    });
    expect(row).toMatchObject({ closeReason: 'outside-coverage', ggaCount: 1 });
  });

  it('moves AUTO rovers to the next base when theirs goes offline', async () => {
    const client = await Client.request(port, v1RoverHead('AUT_AUTO', rover.username, rover.password));
    await client.waitForText('ICY 200 OK\r\n\r\n');
    client.write(gga(52.0, 4.1));
    await client.waitFor(() => framesOf(client.received.subarray(14)).stations.includes(STATION_A));
    sources[0]?.close();
    await client.waitFor(() => framesOf(client.received.subarray(14)).stations.includes(STATION_B));
    expect(framesOf(client.received.subarray(14)).stats.skippedBytes).toBe(0);
    // 4.1 E is about 27 km from B.
    const row = await eventually(async () => {
      const session = await newestSession();
      return session?.distanceToBaseM !== null && (session?.distanceToBaseM ?? 0) > 20_000 && session;
    });
    expect(row.distanceToBaseM).toBeLessThan(30_000);
    client.close();
  });
});
