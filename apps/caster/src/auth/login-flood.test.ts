import { randomBytes } from 'node:crypto';
import { type DatabaseHandle, hashSecret, hashToken, schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caster } from '../caster';
import {
  defaultSourcePassword,
  grantAccess,
  openDatabase,
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
let networkId: string;

beforeAll(async () => {
  database = await openDatabase();
  ({ networkId } = await seedNetwork(database, { code: 'FLOOD' }));
  // The catalog cached as in production (the harness reads it on every login).
  caster = await startCaster(database, { catalogTtlMs: 2_000 });
  port = caster.port;
});
afterAll(async () => {
  await caster?.stop();
  await database?.close();
});

/** Opens `count` wrong-password SOURCE requests at once; resolves when all were answered or closed. */
async function sourceFlood(mountpoint: string, count: number) {
  const clients = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      TestClient.request(port, [`SOURCE wrong-${i} /${mountpoint}`, 'Source-Agent: flood']).catch(() => undefined),
    ),
  );
  return Promise.all(clients.map((client) => client?.waitClosed(30_000).catch(() => undefined)));
}

/** How long a legitimate base's SOURCE takes to be accepted. */
async function timedSource(mountpoint: string, password: string) {
  const started = Date.now();
  const base = await TestClient.request(port, [`SOURCE ${password} /${mountpoint}`, 'Source-Agent: NTRIP legit']);
  await base.waitForText('ICY 200 OK\r\n\r\n', 5_000);
  base.close();
  return Date.now() - started;
}

/** A slow hash at the production cost, as a web sign-in runs it on the same thread pool. */
async function timedSlowHash() {
  const started = Date.now();
  await hashSecret('a web sign-in', { logN: 15 });
  return Date.now() - started;
}

describe('login floods do not stall paying customers (decision 0043)', () => {
  it('400 wrong-password SOURCE requests do not delay a legitimate base by a second', async () => {
    const password = randomBytes(15).toString('base64url');
    // A mountpoint of its own per try, so CI's retry of a scheduling hiccup starts clean (decision 0035).
    const mountpoint = `FLOOD1${randomBytes(3).toString('hex').toUpperCase()}`;
    await seedStation(database, { networkId, mountpoint, latitude: 52, longitude: 5 });
    await database.db
      .update(schema.stations)
      .set({ sourcePasswordHash: hashToken(password) })
      .where(eq(schema.stations.mountpoint, mountpoint));
    const flood = sourceFlood(mountpoint, 400);
    const [legit, slowHash] = await Promise.all([timedSource(mountpoint, password), timedSlowHash()]);
    await flood;
    expect(legit).toBeLessThan(1_000);
    expect(slowHash).toBeLessThan(1_000);
  }, 60_000);

  it('a flood against an older slow hash holds one thread at most, and the hash moves to the fast one', async () => {
    await seedStation(database, { networkId, mountpoint: 'FLOOD2', latitude: 52, longitude: 5 });
    await database.db
      .update(schema.stations)
      .set({ sourcePasswordHash: await hashSecret(defaultSourcePassword, { logN: 15 }) })
      .where(eq(schema.stations.mountpoint, 'FLOOD2'));
    const flood = sourceFlood('FLOOD2', 200);
    // Once the flood's heads have arrived and their checks would be queued on the thread pool.
    await sleep(400);
    const slowHash = await timedSlowHash();
    await flood;
    expect(slowHash).toBeLessThan(1_000);

    // The base logs in once the flood is over; its station now holds the fast hash, checked in microseconds.
    expect(await timedSource('FLOOD2', defaultSourcePassword)).toBeGreaterThan(0);
    const [station] = await database.db
      .select({ hash: schema.stations.sourcePasswordHash })
      .from(schema.stations)
      .where(eq(schema.stations.mountpoint, 'FLOOD2'));
    expect(station?.hash?.startsWith('sha256$')).toBe(true);
    expect(await timedSource('FLOOD2', defaultSourcePassword)).toBeLessThan(1_000);
  }, 60_000);

  it("300 wrong rover passwords (each a web-password hint) delay neither a rover's login nor a web sign-in", async () => {
    await seedStation(database, { networkId, mountpoint: 'FLOOD3', latitude: 52, longitude: 5 });
    const victim = await seedAccount(database);
    const legit = await seedAccount(database);
    await grantAccess(database, legit.accountId, networkId);
    const flood = Promise.all(
      Array.from({ length: 300 }, async () => {
        const client = await TestClient.request(port, v1RoverHead('FLOOD3', victim.username, 'not-the-password')).catch(
          () => undefined,
        );
        await client?.waitClosed(30_000).catch(() => undefined);
      }),
    );
    const started = Date.now();
    const rover = await TestClient.request(port, v1RoverHead('FLOOD3', legit.username, legit.password));
    await rover.waitForText('ICY 200 OK', 5_000);
    const roverMs = Date.now() - started;
    const slowHash = await timedSlowHash();
    rover.close();
    await flood;
    console.log('TIMES', roverMs, slowHash);
    expect(roverMs).toBeLessThan(1_000);
    expect(slowHash).toBeLessThan(1_000);
  }, 60_000);
});
