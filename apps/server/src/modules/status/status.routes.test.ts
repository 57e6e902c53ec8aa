import { schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNetwork } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

const day = 24 * 60 * 60 * 1000;

describe('GET /api/status', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports each public station up or down now and its uptime over 7 and 30 days from its events', async () => {
    const network = await seedNetwork(t.database.db, { name: 'Status Net' }, 3);
    const now = Date.now();
    await t.database.db
      .update(schema.stations)
      .set({ createdAt: new Date(now - 60 * day) })
      .where(eq(schema.stations.networkId, network.id));
    await seedNetwork(t.database.db, { name: 'Private', visibility: 'private' }, 1);
    const stations = await t.database.db
      .select()
      .from(schema.stations)
      .where(eq(schema.stations.networkId, network.id))
      .orderBy(schema.stations.mountpoint);
    const [steady, flaky, fresh] = stations;
    if (!steady || !flaky || !fresh) throw new Error('stations missing');
    // Fresh: added an hour ago, connected for the last half hour: measured from when it was added.
    await t.database.db
      .update(schema.stations)
      .set({ createdAt: new Date(now - 3_600_000) })
      .where(eq(schema.stations.id, fresh.id));
    await t.database.db.insert(schema.stationEvents).values([
      // Steady: connected 40 days ago, still connected: 100 % over both periods.
      { stationId: steady.id, kind: 'connected', at: new Date(now - 40 * day) },
      // Flaky: connected 20 days ago, down 14 days ago, back 3 days ago for 1.5 days, down since.
      { stationId: flaky.id, kind: 'connected', at: new Date(now - 20 * day) },
      { stationId: flaky.id, kind: 'disconnected', at: new Date(now - 14 * day) },
      { stationId: flaky.id, kind: 'connected', at: new Date(now - 3 * day) },
      { stationId: flaky.id, kind: 'disconnected', at: new Date(now - 1.5 * day) },
      { stationId: fresh.id, kind: 'connected', at: new Date(now - 1_800_000) },
    ]);
    await t.database.db.insert(schema.stationStates).values([
      { stationId: steady.id, isConnected: true, lastDataAt: new Date() },
      { stationId: flaky.id, isConnected: false },
      { stationId: fresh.id, isConnected: true, lastDataAt: new Date() },
    ]);

    const res = await t.app.inject({ url: '/api/status' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.networks.map((n: { name: string }) => n.name)).toEqual(['Status Net']);
    const [entry] = body.networks;
    expect(entry.status).toBe('degraded');
    const [a, b, c] = entry.stations;
    expect(a).toMatchObject({ mountpoint: steady.mountpoint, status: 'up' });
    expect(a.uptime7d).toBeCloseTo(1, 3);
    expect(a.uptime30d).toBeCloseTo(1, 3);
    expect(b).toMatchObject({ mountpoint: flaky.mountpoint, status: 'down' });
    expect(b.uptime7d).toBeCloseTo(1.5 / 7, 3);
    expect(b.uptime30d).toBeCloseTo((6 + 1.5) / 30, 3);
    expect(c).toMatchObject({ mountpoint: fresh.mountpoint, status: 'up' });
    expect(c.uptime7d).toBeCloseTo(0.5, 2);
    expect(c.uptime30d).toBeCloseTo(0.5, 2);
    expect(entry.uptime7d).toBeCloseTo((1 + 1.5 / 7 + 0.5) / 3, 2);
  });

  it('counts a station whose caster died without writing its disconnect as down from its last state update', async () => {
    const network = await seedNetwork(t.database.db, { name: 'Crashed Net' }, 2);
    const now = Date.now();
    await t.database.db
      .update(schema.stations)
      .set({ createdAt: new Date(now - 60 * day) })
      .where(eq(schema.stations.networkId, network.id));
    const [recent, old] = await t.database.db
      .select()
      .from(schema.stations)
      .where(eq(schema.stations.networkId, network.id))
      .orderBy(schema.stations.mountpoint);
    if (!recent || !old) throw new Error('stations missing');
    await t.database.db.insert(schema.stationEvents).values([
      { stationId: recent.id, kind: 'connected', at: new Date(now - 20 * day) },
      { stationId: old.id, kind: 'connected', at: new Date(now - 50 * day) },
    ]);
    // Both states still say "connected", but their caster stopped refreshing them 2 and 40 days ago.
    await t.database.db.insert(schema.stationStates).values([
      {
        stationId: recent.id,
        isConnected: true,
        lastDataAt: new Date(now - 2 * day),
        updatedAt: new Date(now - 2 * day),
      },
      {
        stationId: old.id,
        isConnected: true,
        lastDataAt: new Date(now - 40 * day),
        updatedAt: new Date(now - 40 * day),
      },
    ]);

    const res = await t.app.inject({ url: '/api/status' });
    const entry = res.json().networks.find((n: { name: string }) => n.name === 'Crashed Net');
    expect(entry.status).toBe('down');
    const [a, b] = entry.stations;
    expect(a).toMatchObject({ mountpoint: recent.mountpoint, status: 'down' });
    expect(a.uptime7d).toBeCloseTo(5 / 7, 3);
    expect(a.uptime30d).toBeCloseTo(18 / 30, 3);
    expect(b).toMatchObject({ mountpoint: old.mountpoint, status: 'down' });
    expect(b.uptime7d).toBe(0);
    expect(b.uptime30d).toBe(0);
  });

  it('counts an idle relay station as available, and one whose upstream last failed as down', async () => {
    const network = await seedNetwork(t.database.db, { name: 'Relay Net', kind: 'relay' }, 3);
    const now = Date.now();
    await t.database.db
      .update(schema.stations)
      .set({ createdAt: new Date(now - 60 * day) })
      .where(eq(schema.stations.networkId, network.id));
    const [idle, failing, unused] = await t.database.db
      .select()
      .from(schema.stations)
      .where(eq(schema.stations.networkId, network.id))
      .orderBy(schema.stations.mountpoint);
    if (!idle || !failing || !unused) throw new Error('stations missing');
    await t.database.db.insert(schema.stationEvents).values([
      // Pulled for a rover 2 days ago for an hour, then let go when nobody wanted it: not an outage.
      { stationId: idle.id, kind: 'connected', at: new Date(now - 2 * day) },
      { stationId: idle.id, kind: 'disconnected', reason: 'relay-idle', at: new Date(now - 2 * day + 3_600_000) },
      // Its upstream went away under a rover a day ago: that is one.
      { stationId: failing.id, kind: 'connected', at: new Date(now - 40 * day) },
      { stationId: failing.id, kind: 'disconnected', reason: 'upstream-lost', at: new Date(now - day) },
    ]);
    await t.database.db.insert(schema.stationStates).values([
      { stationId: idle.id, isConnected: false, lastDataAt: new Date(now - 2 * day + 3_600_000) },
      {
        stationId: failing.id,
        isConnected: false,
        lastDataAt: new Date(now - day),
        lastError: '401 Unauthorized',
        lastErrorAt: new Date(now - 60_000),
      },
    ]);

    const entry = (await t.app.inject({ url: '/api/status' }))
      .json()
      .networks.find((n: { name: string }) => n.name === 'Relay Net');
    const [a, b, c] = entry.stations;
    expect(a).toMatchObject({ mountpoint: idle.mountpoint, status: 'up' });
    expect(a.uptime7d).toBeCloseTo(1, 3);
    expect(b).toMatchObject({ mountpoint: failing.mountpoint, status: 'down' });
    expect(b.uptime7d).toBeCloseTo(6 / 7, 3);
    // Never pulled yet: available on demand.
    expect(c).toMatchObject({ mountpoint: unused.mountpoint, status: 'up' });
    expect(c.uptime30d).toBeCloseTo(1, 3);

    // The marketplace draws coverage around the available ones.
    const coverage = await t.app.inject({ url: `/api/networks/${network.id}/coverage` });
    expect(
      coverage
        .json()
        .stations.map((station: { mountpoint: string; status: string }) => [station.mountpoint, station.status]),
    ).toEqual([
      [idle.mountpoint, 'up'],
      [failing.mountpoint, 'down'],
      [unused.mountpoint, 'up'],
    ]);
  });
});
