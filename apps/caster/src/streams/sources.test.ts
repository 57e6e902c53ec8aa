import { type DatabaseHandle, schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caster } from '../caster';
import { encodeChunk } from '../protocol/chunked';
import {
  connectSourceV1,
  defaultSourcePassword,
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

let database: DatabaseHandle;
let caster: Caster;
let port: number;
let rover: SeedAccount;
let stationId: string;
let base5Id: string;

beforeAll(async () => {
  database = await openDatabase();
  const { networkId } = await seedNetwork(database, { code: 'SRC' });
  await seedStation(database, { networkId, mountpoint: 'BASE1' });
  await seedStation(database, { networkId, mountpoint: 'BASE2', sourcePassword: 'other pw' });
  await seedStation(database, { networkId, mountpoint: 'BASE3' });
  await seedStation(database, { networkId, mountpoint: 'BASE4' });
  base5Id = await seedStation(database, { networkId, mountpoint: 'BASE5' });
  stationId = await seedStation(database, { networkId, mountpoint: 'BASE6' });
  rover = await seedAccount(database, { maxConnections: 10 });
  await grantAccess(database, rover.accountId, networkId);
  caster = await startCaster(database, { sourceTimeoutMs: 600 });
  port = caster.port;
});

afterAll(async () => {
  await caster?.stop();
  await database?.close();
});

/** A source writing an epoch now and every 50 ms, so it never looks stale (sourceStaleMs is 300 ms here). */
function keepStreaming(source: TestClient, stationId: number): NodeJS.Timeout {
  const [epoch] = rtcmSeconds(stationId, 1) as [Buffer];
  source.write(epoch);
  return setInterval(() => source.write(epoch), 50);
}

async function roverOn(mountpoint: string) {
  const client = await TestClient.request(port, v1RoverHead(mountpoint, rover.username, rover.password));
  await client.waitForText('ICY 200 OK\r\n\r\n');
  return client;
}

describe('v1 sources', () => {
  it.each([
    [`SOURCE ${defaultSourcePassword} BASE1`, 'RTKLIB (no slash)'],
    [`SOURCE ${defaultSourcePassword} /BASE1`, 'BKG ntripserver'],
    [`SOURCE ${defaultSourcePassword} /BASE1 HTTP/1.1`, 'the v2 spec'],
  ])('accepts `%s` (%s) and streams to rovers', async (line) => {
    const source = await TestClient.request(port, [
      line,
      'Source-Agent: NTRIP test',
      'STR: BASE1;x;RTCM 3.3;;2;GPS;SRC;NLD;52;5;0;0;x;none;B;N;0;',
    ]);
    await source.waitForText('ICY 200 OK\r\n\r\n');
    const client = await roverOn('BASE1');
    const [data] = rtcmSeconds(1, 1);
    source.write(data as Buffer);
    await client.waitFor((received) => received.length >= 14 + (data as Buffer).length);
    expect(client.received.subarray(14)).toEqual(data);
    client.close();
    source.close();
    await sleep(50);
  });

  it('refuses a wrong password and an unknown mountpoint with the v1 error lines', async () => {
    const wrong = await TestClient.request(port, [`SOURCE ${defaultSourcePassword} BASE2`, 'Source-Agent: NTRIP test']);
    await wrong.waitClosed();
    expect(wrong.text()).toBe('ERROR - Bad Password\r\n');
    const unknown = await TestClient.request(port, [
      `SOURCE ${defaultSourcePassword} NOSUCH`,
      'Source-Agent: NTRIP test',
    ]);
    await unknown.waitClosed();
    expect(unknown.text()).toBe('ERROR - Mount Point Taken or Invalid\r\n');
  });

  it('forwards whole frames only: garbage and a torn frame never reach rovers', async () => {
    const source = await connectSourceV1(port, 'BASE3');
    const client = await roverOn('BASE3');
    const [a, b] = rtcmSeconds(2, 2) as [Buffer, Buffer];
    const garbage = Buffer.from('garbage\xd3\x00\x05junk', 'latin1');
    // Frames split across writes, garbage between them.
    source.write(Buffer.concat([garbage, a.subarray(0, 10)]));
    await sleep(30);
    source.write(Buffer.concat([a.subarray(10), garbage, b]));
    await client.waitFor((received) => received.length >= 14 + a.length + b.length);
    expect(client.received.subarray(14)).toEqual(Buffer.concat([a, b]));
    client.close();
    source.close();
  });

  it('refuses a second source while the first is streaming, and replaces a stale one', async () => {
    const first = await connectSourceV1(port, 'BASE4');
    // Streaming for as long as the second asks: one write could be older than sourceStaleMs on a loaded machine.
    const streaming = keepStreaming(first, 4);
    const refused = await TestClient.request(port, [
      `SOURCE ${defaultSourcePassword} BASE4`,
      'Source-Agent: NTRIP test',
    ]);
    await refused.waitClosed();
    clearInterval(streaming);
    expect(refused.text()).toBe('ERROR - Mount Point Taken or Invalid\r\n');
    // Silent for longer than sourceStaleMs (300 ms in tests): a half-open old connection; the new one wins.
    await sleep(400);
    const second = await connectSourceV1(port, 'BASE4');
    await first.waitClosed();
    const client = await roverOn('BASE4');
    const [data] = rtcmSeconds(4, 1);
    second.write(data as Buffer);
    await client.waitFor((received) => received.length >= 14 + (data as Buffer).length);
    client.close();
    second.close();
  });

  it('disconnects a silent source after the timeout', async () => {
    const source = await connectSourceV1(port, 'BASE5');
    const started = Date.now();
    await source.waitClosed(3_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    const events = await eventually(async () => {
      const rows = await database.db
        .select()
        .from(schema.stationEvents)
        .where(eq(schema.stationEvents.stationId, base5Id));
      return rows.some((row) => row.reason === 'timeout') && rows;
    });
    expect(events.filter((row) => row.reason === 'timeout')).toHaveLength(1);
  });
});

describe('v2 sources', () => {
  it('accepts a chunked POST with Expect: 100-continue (curl) and re-frames across chunk boundaries', async () => {
    const source = await TestClient.request(port, [
      'POST /BASE1 HTTP/1.1',
      'Host: 127.0.0.1',
      'Ntrip-Version: Ntrip/2.0',
      'User-Agent: NTRIP curl',
      `Authorization: Basic ${Buffer.from(`BASE1:${defaultSourcePassword}`).toString('base64')}`,
      'Transfer-Encoding: chunked',
      'Expect: 100-continue',
    ]);
    await source.waitForText('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n');
    await source.waitForText('\r\n\r\nHTTP/1.1 200 OK\r\n');
    expect(source.text()).toContain('Ntrip-Version: Ntrip/2.0');
    const client = await roverOn('BASE1');
    const data = Buffer.concat(rtcmSeconds(5, 3));
    // Chunks cut mid-frame: the caster must de-chunk, then frame.
    for (let offset = 0; offset < data.length; offset += 333) {
      source.write(encodeChunk(data.subarray(offset, offset + 333)));
      await sleep(5);
    }
    await client.waitFor((received) => received.length >= 14 + data.length);
    expect(client.received.subarray(14)).toEqual(data);
    source.write('0\r\n\r\n');
    await source.waitClosed();
    client.close();
  });

  it('answers v2 refusals in v2 (401, 404, 409)', async () => {
    const post = (mountpoint: string, password: string) =>
      TestClient.request(port, [
        `POST /${mountpoint} HTTP/1.1`,
        'Ntrip-Version: Ntrip/2.0',
        `Authorization: Basic ${Buffer.from(`x:${password}`).toString('base64')}`,
        'Transfer-Encoding: chunked',
      ]);
    const wrong = await post('BASE2', 'nope');
    await wrong.waitClosed();
    expect(wrong.text()).toMatch(/^HTTP\/1\.1 401 Unauthorized\r\n/);
    const unknown = await post('NOSUCH', `${defaultSourcePassword}`);
    await unknown.waitClosed();
    expect(unknown.text()).toMatch(/^HTTP\/1\.1 404 Not Found\r\n/);
    const live = await connectSourceV1(port, 'BASE3');
    const streaming = keepStreaming(live, 6);
    const taken = await post('BASE3', `${defaultSourcePassword}`);
    await taken.waitClosed();
    clearInterval(streaming);
    expect(taken.text()).toMatch(/^HTTP\/1\.1 409 Conflict\r\n/);
    expect(taken.text()).toContain('Ntrip-Version: Ntrip/2.0');
    live.close();
  });
});

describe('live station state', () => {
  it('writes connection, message types, bitrate and the decoded 1006 position', async () => {
    const source = await connectSourceV1(port, 'BASE6');
    for (const second of rtcmSeconds(11, 3, { latitude: 52.1, longitude: 5.2, height: 40 })) {
      source.write(second);
      await sleep(100);
    }
    const state = await eventually(async () => {
      const [row] = await database.db
        .select()
        .from(schema.stationStates)
        .where(eq(schema.stationStates.stationId, stationId));
      const types = (row?.messageTypes ?? {}) as Record<string, { count: number }>;
      return row?.isConnected && row.decodedLatitude !== null && types['1074']?.count === 3 ? row : undefined;
    });
    expect(state.decodedLatitude).toBeCloseTo(52.1, 6);
    expect(state.decodedLongitude).toBeCloseTo(5.2, 6);
    expect(state.decodedHeight).toBeCloseTo(40, 3);
    expect(state.sourceAgent).toBe('NTRIP test');
    expect(state.lastDataAt).not.toBeNull();
    const types = state.messageTypes as Record<string, { count: number }>;
    expect(types['1006']?.count).toBe(1);
    expect(types['1074']?.count).toBe(3);
    // The station had no entered position: the decoded one fills it.
    const [station] = await database.db.select().from(schema.stations).where(eq(schema.stations.id, stationId));
    expect(station?.latitude).toBeCloseTo(52.1, 6);
    expect(station?.positionSource).toBe('decoded');
    source.close();
    const after = await eventually(async () => {
      const [row] = await database.db
        .select()
        .from(schema.stationStates)
        .where(eq(schema.stationStates.stationId, stationId));
      return row && !row.isConnected ? row : undefined;
    });
    expect(after.connectedSince).toBeNull();
    const events = await database.db
      .select()
      .from(schema.stationEvents)
      .where(eq(schema.stationEvents.stationId, stationId));
    expect(events.filter((event) => event.kind === 'connected').length).toBe(
      events.filter((event) => event.kind === 'disconnected').length,
    );
  });
});
