import { schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNetwork } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('marketplace routes', () => {
  let t: TestApp;
  let open: Awaited<ReturnType<typeof seedNetwork>>;
  let hidden: Awaited<ReturnType<typeof seedNetwork>>;
  let privateNet: Awaited<ReturnType<typeof seedNetwork>>;
  beforeAll(async () => {
    t = await createTestApp();
    open = await seedNetwork(t.database.db, { name: 'Alpha RTK', dailyPrice: 3, countryCode: 'NLD' }, 3);
    hidden = await seedNetwork(t.database.db, { name: 'Hidden', isPublished: false });
    privateNet = await seedNetwork(t.database.db, { name: 'Private', visibility: 'private' });
    const [first, second, third] = await t.database.db
      .select()
      .from(schema.stations)
      .where(eq(schema.stations.networkId, open.id))
      .orderBy(schema.stations.mountpoint);
    if (!first || !second || !third) throw new Error('stations missing');
    await t.database.db.update(schema.stations).set({ countryCode: 'BEL' }).where(eq(schema.stations.id, first.id));
    // Second station: no entered position, only the one decoded from RTCM; live.
    await t.database.db
      .update(schema.stations)
      .set({ latitude: null, longitude: null })
      .where(eq(schema.stations.id, second.id));
    await t.database.db.insert(schema.stationStates).values([
      {
        stationId: second.id,
        isConnected: true,
        lastDataAt: new Date(),
        decodedLatitude: 51.5,
        decodedLongitude: 4.5,
      },
      // Third: connected but silent for a minute.
      { stationId: third.id, isConnected: true, lastDataAt: new Date(Date.now() - 60_000) },
    ]);
  });
  afterAll(() => t.close());

  it('lists published public networks with station counts, countries and plans, to visitors too', async () => {
    const res = await t.app.inject({ url: '/api/networks' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        id: open.id,
        name: 'Alpha RTK',
        dailyPrice: 3,
        stationCount: 3,
        accessStartsAt: 'purchase',
        countries: ['BEL', 'NLD'],
        coverageRadiusKm: 30,
        plans: [],
      }),
    ]);
  });

  it('shows a public network with its stations, live status and effective position, and 404 for the others', async () => {
    const res = await t.app.inject({ url: `/api/networks/${open.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.name).toBe('Alpha RTK');
    expect(body.stations.map((s: { status: string }) => s.status)).toEqual(['down', 'up', 'degraded']);
    expect(body.stations[1]).toMatchObject({ latitude: 51.5, longitude: 4.5 });
    for (const id of [hidden.id, privateNet.id, '00000000-0000-4000-8000-000000000000']) {
      const missing = await t.app.inject({ url: `/api/networks/${id}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('NOT_FOUND');
      expect((await t.app.inject({ url: `/api/networks/${id}/coverage` })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ url: '/api/networks/not-a-uuid' })).statusCode).toBe(400);
  });

  it("serves a network's coverage and every public network's coverage without sign-in", async () => {
    const one = await t.app.inject({ url: `/api/networks/${open.id}/coverage` });
    expect(one.statusCode).toBe(200);
    const stations = one.json().stations;
    expect(stations).toHaveLength(3);
    expect(stations[1]).toMatchObject({ status: 'up', latitude: 51.5, radiusKm: 30, networkName: 'Alpha RTK' });
    const all = await t.app.inject({ url: '/api/networks/coverage' });
    expect(all.statusCode).toBe(200);
    const networkIds = new Set(all.json().stations.map((s: { networkId: string }) => s.networkId));
    expect([...networkIds]).toEqual([open.id]);
  });
});
