import { randomBytes } from 'node:crypto';
import { schema } from '@fixpoint/db';
import { feedNetworkSchema, feedStationSchema } from '@fixpoint/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seedNetwork, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { ensureAdmin } from '../auth/admin-bootstrap';

describe('admin feed', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let user: Awaited<ReturnType<typeof signUpUser>>;
  let network: Awaited<ReturnType<typeof seedNetwork>>;
  let quiet: Awaited<ReturnType<typeof seedNetwork>>;

  beforeAll(async () => {
    t = await createTestApp();
    user = await signUpUser(t, 'Feed Rover');
    const password = randomBytes(12).toString('hex');
    await ensureAdmin({ auth: t.app.auth, db: t.database.db }, { email: 'feed@example.com', password });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'feed@example.com', password },
    });
    admin = { authorization: `Bearer ${res.headers['set-auth-token']}` };

    network = await seedNetwork(t.database.db, { name: 'Alpha Feed' }, 2);
    quiet = await seedNetwork(t.database.db, { name: 'Beta Relay', kind: 'relay' }, 2);
    const db = t.database.db;
    const stations = await db.select().from(schema.stations);
    const [first, second] = stations
      .filter((s) => s.networkId === network.id)
      .sort((a, b) => (a.mountpoint < b.mountpoint ? -1 : 1));
    const [relayStation, recovered] = stations
      .filter((s) => s.networkId === quiet.id)
      .sort((a, b) => (a.mountpoint < b.mountpoint ? -1 : 1));
    const now = Date.now();
    // first: live, a rover on it, decoded 1005 position about 111 m north of the entered one.
    await db.insert(schema.stationStates).values({
      stationId: first?.id as string,
      isConnected: true,
      connectedSince: new Date(now - 3_600_000),
      lastDataAt: new Date(now - 500),
      bitrate: 4800,
      messageTypes: { '1005': { count: 36, ratePerMinute: 6 }, '1077': { count: 3600, ratePerMinute: 60 } },
      decodedLatitude: (first?.latitude ?? 0) + 0.001,
      decodedLongitude: first?.longitude,
      decodedHeight: 10,
      sourceAddress: '10.0.0.5',
      sourceAgent: 'NTRIP RTKLIB/2.4.3',
      updatedAt: new Date(now - 1000),
    });
    // A flapping first station: its 30 recent events must not push the second one's older history out.
    await db.insert(schema.stationEvents).values(
      Array.from({ length: 30 }, (_, i) => ({
        stationId: first?.id as string,
        kind: i % 2 === 0 ? ('connected' as const) : ('disconnected' as const),
        at: new Date(now - 60_000 + i * 1000),
      })),
    );
    await db.insert(schema.stationEvents).values([
      { stationId: second?.id as string, kind: 'connected', at: new Date(now - 7_200_000) },
      { stationId: second?.id as string, kind: 'disconnected', reason: 'timeout', at: new Date(now - 600_000) },
    ]);
    // second: the caster wrote "connected" long ago and went away: not live. Its position was copied by the
    // caster from the decoded one, so it was never entered.
    await db
      .update(schema.stations)
      .set({ positionSource: 'decoded' })
      .where(eq(schema.stations.id, second?.id as string));
    await db.insert(schema.stationStates).values({
      stationId: second?.id as string,
      isConnected: true,
      lastDataAt: new Date(now - 600_000),
      decodedLatitude: second?.latitude,
      decodedLongitude: second?.longitude,
      messageTypes: { '1005': { count: 5, ratePerMinute: 6 } },
      updatedAt: new Date(now - 600_000),
    });
    // relay station: upstream refused.
    await db.insert(schema.stationStates).values({
      stationId: relayStation?.id as string,
      isConnected: false,
      lastError: '401 Unauthorized',
      lastErrorAt: new Date(now - 30_000),
    });
    // A relay station that failed, recovered, then let its idle mount go: its error is history.
    await db.insert(schema.stationStates).values({
      stationId: recovered?.id as string,
      isConnected: false,
      lastError: 'upstream closed the connection',
      lastErrorAt: new Date(now - 300_000),
    });
    await db.insert(schema.stationEvents).values([
      { stationId: recovered?.id as string, kind: 'connected', at: new Date(now - 200_000) },
      { stationId: recovered?.id as string, kind: 'disconnected', reason: 'relay-idle', at: new Date(now - 100_000) },
    ]);
    const [account] = await db
      .insert(schema.ntripAccounts)
      .values({ username: 'fx-feedrov', passwordEnc: 'x', name: 'Rover', ownerUserId: user.id })
      .returning();
    await db.insert(schema.casterSessions).values([
      {
        accountId: account?.id as string,
        mountpoint: `${network.code}_AUTO`,
        networkId: network.id,
        stationId: first?.id,
        clientAddress: '192.0.2.7',
        userAgent: 'NTRIP Tractor',
        ntripVersion: 2,
        bytesSent: 12_345,
        lastLatitude: 52.11,
        lastLongitude: 5.01,
        distanceToBaseM: 1500,
      },
      {
        accountId: account?.id as string,
        mountpoint: `${network.code}_AUTO`,
        networkId: network.id,
        stationId: first?.id,
        clientAddress: '192.0.2.8',
        ntripVersion: 2,
        endedAt: new Date(now - 1000),
      },
    ]);
  });
  afterAll(() => t.close());

  it('lists every network with connected stations, rovers, bitrate and upstream errors', async () => {
    const res = await t.app.inject({ url: '/api/admin/feed', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const [alpha, beta] = res.json();
    expect(alpha).toMatchObject({
      name: 'Alpha Feed',
      stationCount: 2,
      connectedCount: 1,
      roverCount: 1,
      bitrate: 4800,
      errorCount: 0,
    });
    expect(beta).toMatchObject({ name: 'Beta Relay', kind: 'relay', connectedCount: 0, errorCount: 1 });
    expect((await t.app.inject({ url: '/api/admin/feed', headers: user.headers })).statusCode).toBe(403);
  });

  it("shows each station's live state, message types, positions, rovers and outages", async () => {
    const res = await t.app.inject({ url: `/api/admin/feed/${network.id}`, headers: admin });
    expect(res.statusCode).toBe(200);
    // The answer goes out without the schema's pass: it is the schema's wire form already, no key more or less.
    expect(z.encode(feedNetworkSchema, res.json())).toEqual(res.json());
    expect(Object.keys(res.json().stations[0]).sort()).toEqual(Object.keys(feedStationSchema.shape).sort());
    const [first, second] = res.json().stations;
    expect(first).toMatchObject({
      mountpoint: `${network.code}_ST1`,
      isConnected: true,
      bitrate: 4800,
      sourceAgent: 'NTRIP RTKLIB/2.4.3',
      messageTypes: [
        { type: 1005, count: 36, ratePerMinute: 6 },
        { type: 1077, count: 3600, ratePerMinute: 60 },
      ],
    });
    expect(first.enteredPosition).toMatchObject({ latitude: expect.any(Number) });
    expect(first.positionOffsetM).toBeGreaterThan(110);
    expect(first.positionOffsetM).toBeLessThan(112);
    expect(first.rovers).toHaveLength(1);
    expect(first.rovers[0]).toMatchObject({ username: 'fx-feedrov', bytesSent: 12_345, distanceToBaseM: 1500 });

    expect(second).toMatchObject({ isConnected: false, connectedSince: null, bitrate: 0, enteredPosition: null });
    expect(second.decodedPosition).toMatchObject({ latitude: expect.any(Number) });
    // The last connection's counts stay; its rates are not current.
    expect(second.messageTypes).toEqual([{ type: 1005, count: 5, ratePerMinute: 0 }]);
    expect(second.events.map((e: { kind: string }) => e.kind)).toEqual(['disconnected', 'connected']);
    expect(first.events).toHaveLength(20);
    expect(first.events[0].at > first.events[19].at).toBe(true);
    expect(second.disconnectedAt).toBe(second.events[0].at);
    // The database writes the events' times as the API writes every other time.
    const stored = await t.database.db
      .select()
      .from(schema.stationEvents)
      .where(eq(schema.stationEvents.stationId, second.id))
      .orderBy(schema.stationEvents.at);
    expect(second.events.map((e: { at: string }) => e.at)).toEqual(stored.map((e) => e.at.toISOString()).reverse());

    const relay = (await t.app.inject({ url: `/api/admin/feed/${quiet.id}`, headers: admin })).json();
    expect(relay.stations[0]).toMatchObject({
      lastError: '401 Unauthorized',
      isConnected: false,
      errorIsCurrent: true,
    });
    expect(relay.stations[1]).toMatchObject({ lastError: 'upstream closed the connection', errorIsCurrent: false });
    expect(relay.stations[0].lastErrorAt).toBeTruthy();
    // Its state holds only the upstream error: it never connected, so it is not "disconnected since" anything.
    expect(relay.stations[0].disconnectedAt).toBeNull();

    const missing = await t.app.inject({ url: `/api/admin/feed/${crypto.randomUUID()}`, headers: admin });
    expect(missing.statusCode).toBe(404);
  });
});
