import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { DatabaseHandle } from '@fixpoint/db';
import { schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caster, createCaster, type LocalSource } from '../caster';
import { ChunkedDecoder } from '../protocol/chunked';
import {
  eventually,
  grantAccess,
  openDatabase,
  rtcmSeconds,
  type SeedAccount,
  secretBox,
  seedAccount,
  seedNetwork,
  seedStation,
  startCaster,
  TestClient,
  v1RoverHead,
  v2RoverHead,
} from '../testing/harness';

// A relay of a second Fixpoint caster: the upstream is a real caster on its own database, fed in-process; the
// relaying caster pulls its mount on demand with the account's credentials (sealed in the database) and must
// deliver the very bytes the upstream's rovers get, to v1 and v2 rovers, then let go when nobody is left.

let upstreamDb: DatabaseHandle;
let upstream: Caster;
let upstreamAccount: SeedAccount;
let db: DatabaseHandle;
let caster: Caster;
let rover: SeedAccount;
const relayNetworkIds: string[] = [];
const stationIds = new Map<string, string>();

async function relayNetwork(code: string, values: Partial<typeof schema.networks.$inferInsert>) {
  const { networkId } = await seedNetwork(db, {
    code,
    kind: 'relay',
    upstreamHost: '127.0.0.1',
    upstreamPort: upstream.port,
    upstreamVersion: 1,
    upstreamUsername: upstreamAccount.username,
    upstreamPasswordEnc: secretBox.encrypt(upstreamAccount.password),
    ...values,
  });
  relayNetworkIds.push(networkId);
  await grantAccess(db, rover.accountId, networkId);
  return networkId;
}

async function relayStation(networkId: string, mountpoint: string, upstreamMountpoint: string) {
  const id = await seedStation(db, { networkId, mountpoint, upstreamMountpoint, sourcePasswordHash: null });
  stationIds.set(mountpoint, id);
}

async function stateOf(mountpoint: string) {
  const [row] = await db.db
    .select()
    .from(schema.stationStates)
    .where(eq(schema.stationStates.stationId, stationIds.get(mountpoint) ?? ''));
  return row;
}

beforeAll(async () => {
  [upstreamDb, db] = await Promise.all([openDatabase(), openDatabase()]);
  const { networkId: upNet } = await seedNetwork(upstreamDb, { code: 'UPSTREAM' });
  await seedStation(upstreamDb, { networkId: upNet, mountpoint: 'UP1' });
  upstreamAccount = await seedAccount(upstreamDb, { maxConnections: 10 });
  await grantAccess(upstreamDb, upstreamAccount.accountId, upNet);
  upstream = await startCaster(upstreamDb, { instance: 'upstream' });

  rover = await seedAccount(db, { maxConnections: 10 });
  const v1 = await relayNetwork('RELAYONE', { upstreamVersion: 1 });
  const v2 = await relayNetwork('RELAYTWO', { upstreamVersion: 2 });
  const wrongPassword = await relayNetwork('RELAYBAD', {
    upstreamPasswordEnc: secretBox.encrypt(randomBytes(8).toString('hex')),
  });
  const closedPort = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });
  const refused = await relayNetwork('RELAYOFF', { upstreamPort: closedPort });
  await relayStation(v1, 'R1_UP1', 'UP1');
  await relayStation(v2, 'R2_UP1', 'UP1');
  await relayStation(v2, 'R2_MISSING', 'NOSUCHMOUNT');
  await relayStation(v1, 'R1_MISSING', 'NOSUCHMOUNT');
  await relayStation(wrongPassword, 'RBAD', 'UP1');
  await relayStation(refused, 'ROFF', 'UP1');
  caster = await startCaster(db, {
    instance: 'relay',
    relayIdleMs: 300,
    relayBackoffMinMs: 100,
    relayBackoffMaxMs: 400,
    relaySilenceMs: 2_000,
  });
}, 30_000);

afterAll(async () => {
  await caster?.stop();
  await upstream?.stop();
  await Promise.all([db?.close(), upstreamDb?.close()]);
});

function decodeChunked(body: Buffer): Buffer {
  return Buffer.concat(new ChunkedDecoder().push(body));
}

describe('relay of a Fixpoint caster', () => {
  it('pulls the upstream only while rovers want it and delivers the same bytes to v1 and v2 rovers', async () => {
    expect(upstream.roverCount).toBe(0);
    const roverV1 = await TestClient.request(caster.port, v1RoverHead('R1_UP1', rover.username, rover.password));
    const roverV2 = await TestClient.request(caster.port, v2RoverHead('R2_UP1', rover.username, rover.password));
    await roverV1.waitForText('ICY 200 OK\r\n\r\n');
    await roverV2.waitForText('HTTP/1.1 200 OK');
    // One upstream connection per relayed mount (v1 and v2 networks), opened because a rover asked.
    await eventually(() => upstream.roverCount === 2);
    const direct = await TestClient.request(
      upstream.port,
      v1RoverHead('UP1', upstreamAccount.username, upstreamAccount.password),
    );
    await direct.waitForText('ICY 200 OK\r\n\r\n');
    await eventually(() => caster.sourceCount === 2);

    const local = (await upstream.openLocalSource('UP1', 'NTRIP test')) as LocalSource;
    const frames = rtcmSeconds(1234, 5);
    for (const epoch of frames) local.push(epoch);
    const expected = Buffer.concat(frames);
    await direct.waitFor((received) => received.length >= 'ICY 200 OK\r\n\r\n'.length + expected.length);
    await roverV1.waitFor(() => roverV1.body().length >= expected.length);
    await roverV2.waitFor(() => decodeChunked(roverV2.body()).length >= expected.length);
    expect(direct.body().equals(expected)).toBe(true);
    expect(roverV1.body().equals(expected)).toBe(true);
    expect(decodeChunked(roverV2.body()).equals(expected)).toBe(true);

    // Live state as for a hosted station: connected, with the decoded position and message counts.
    await caster.flush();
    const state = await eventually(async () => {
      const row = await stateOf('R1_UP1');
      return row?.isConnected && row.decodedLatitude !== null && row;
    });
    expect(state.sourceAddress).toBe(`127.0.0.1:${upstream.port}`);
    expect(state.decodedLatitude).toBeCloseTo(52, 4);
    expect(Object.keys(state.messageTypes as object)).toContain('1006');

    roverV1.close();
    roverV2.close();
    direct.close();
    local.close();
    // Idle release (300 ms here): the upstream sees its rovers leave, the station is disconnected.
    await eventually(() => upstream.roverCount === 0, 5_000);
    await eventually(async () => (await stateOf('R1_UP1'))?.isConnected === false);
    expect(caster.sourceCount).toBe(0);
    const events = await db.db
      .select()
      .from(schema.stationEvents)
      .where(eq(schema.stationEvents.stationId, stationIds.get('R1_UP1') ?? ''));
    expect(events.map((event) => [event.kind, event.reason])).toEqual(
      expect.arrayContaining([
        ['connected', null],
        ['disconnected', 'relay-idle'],
      ]),
    );
  });

  it('records 401, 404 and refused connections as the station last error, keeping the rover', async () => {
    const cases: [string, RegExp][] = [
      ['RBAD', /^401 Unauthorized$/],
      ['R2_MISSING', /^404 Not Found$/],
      ['R1_MISSING', /^404 Not Found \(the upstream answered with its sourcetable\)$/],
      ['ROFF', /^connection refused$/],
    ];
    const rovers = await Promise.all(
      cases.map(async ([mountpoint]) => {
        const client = await TestClient.request(caster.port, v1RoverHead(mountpoint, rover.username, rover.password));
        await client.waitForText('ICY 200 OK\r\n\r\n');
        return client;
      }),
    );
    for (const [mountpoint, pattern] of cases) {
      const row = await eventually(async () => {
        const state = await stateOf(mountpoint);
        return state?.lastError ? state : undefined;
      });
      expect(row.lastError).toMatch(pattern);
      expect(row.isConnected).toBe(false);
      expect(Date.now() - (row.lastErrorAt as Date).getTime()).toBeLessThan(10_000);
    }
    // Retrying with back-off does not end the rovers.
    for (const client of rovers) expect(client.socket.destroyed).toBe(false);
    for (const client of rovers) client.close();
  });

  it('never writes upstream credentials to its log', async () => {
    // A caster whose log lines are kept (the harness's is silent).
    const lines: string[] = [];
    const recorded = createCaster({
      db: db.db,
      secretBox,
      logger: {
        debug: (object, message) => lines.push(`${message} ${JSON.stringify(object)}`),
        info: (object, message) => lines.push(`${message} ${JSON.stringify(object)}`),
        warn: (object, message) => lines.push(`${message} ${JSON.stringify(object)}`),
        error: (object, message) => lines.push(`${message} ${JSON.stringify(object)}`),
      },
      options: {
        host: '127.0.0.1',
        port: 0,
        catalogTtlMs: 0,
        instance: 'relay-logging',
        relayIdleMs: 200,
        relayBackoffMinMs: 100,
        relayBackoffMaxMs: 200,
      },
    });
    await recorded.start();
    try {
      const good = await TestClient.request(recorded.port, v1RoverHead('R1_UP1', rover.username, rover.password));
      const bad = await TestClient.request(recorded.port, v1RoverHead('RBAD', rover.username, rover.password));
      await eventually(() => lines.some((line) => line.includes('relay: upstream connected')));
      await eventually(() => lines.some((line) => line.includes('401 Unauthorized')));
      good.close();
      bad.close();
      const text = lines.join('\n');
      expect(text).toContain(`127.0.0.1:${upstream.port}/UP1`);
      expect(text).not.toContain(upstreamAccount.password);
      expect(text).not.toContain(Buffer.from(`${upstreamAccount.username}:`).toString('base64').slice(0, 8));
    } finally {
      await recorded.stop();
    }
  });
});
