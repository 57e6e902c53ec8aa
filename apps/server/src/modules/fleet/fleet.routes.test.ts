import { schema } from '@fixpoint/db';
import { emptyGgaStats, type Fleet, type GgaStats } from '@fixpoint/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNetwork, signInAdmin, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

const stats = (fixMs: Partial<GgaStats['fixMs']>, firstFixS: number | null): GgaStats => {
  const s = emptyGgaStats();
  Object.assign(s.fixMs, fixMs);
  s.firstFixS = firstFixS;
  s.age[1] = 100; // 1 s old
  s.sats[17] = 100;
  s.hdop[8] = 100; // 0.8
  s.last = 'fixed';
  return s;
};

describe('fleet health', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpUser>>;
  let stationId: string;
  const accountIds: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpUser(t, 'Fleet Health Owner');
    const network = await seedNetwork(t.database.db, {}, 1);
    const [station] = await t.database.db.select().from(schema.stations);
    stationId = station?.id as string;
    for (const name of ['Tractor', 'Drone', 'Survey pole']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/accounts',
        payload: { name },
        headers: owner.headers,
      });
      accountIds.push(res.json().id);
    }
    const now = Date.now();
    await t.database.db.insert(schema.accessWindows).values(
      accountIds.map((accountId) => ({
        accountId,
        networkId: network.id,
        startsAt: new Date(now - 86_400_000),
        endsAt: new Date(now + 30 * 86_400_000),
        source: 'admin' as const,
      })),
    );
    const session = (accountId: string, values: Partial<typeof schema.casterSessions.$inferInsert>) => ({
      accountId,
      mountpoint: station?.mountpoint as string,
      networkId: network.id,
      stationId,
      clientAddress: '192.0.2.1',
      ntripVersion: 2,
      startedAt: new Date(now - 3_600_000),
      endedAt: new Date(now - 600_000),
      bytesSent: 1_000_000,
      ggaCount: 3000,
      ...values,
    });
    await t.database.db.insert(schema.casterSessions).values([
      // Tractor: two sessions, 90 % fixed overall, 4.2 km from its base.
      session(accountIds[0] as string, {
        ggaStats: stats({ fixed: 800_000, float: 100_000 }, 20),
        lastLatitude: 52.15,
        lastLongitude: 5.05,
        lastGgaAt: new Date(now - 600_000),
        distanceToBaseM: 4_200,
      }),
      session(accountIds[0] as string, {
        startedAt: new Date(now - 7_200_000),
        ggaStats: stats({ fixed: 100_000, float: 0 }, 40),
      }),
      // Drone: mostly float, 42 km from its base.
      session(accountIds[1] as string, { ggaStats: stats({ fixed: 10, float: 90 }, null), distanceToBaseM: 42_000 }),
      // Survey pole: connected, no GGA ever.
      session(accountIds[2] as string, { endedAt: null, ggaCount: 0, ggaStats: null }),
    ]);
  });
  afterAll(() => t.close());

  it("answers one account's health: shares, first fix, correction age, base distance, last position", async () => {
    const res = await t.app.inject({ url: `/api/accounts/${accountIds[0]}/health`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    const health = res.json();
    expect(health).toMatchObject({
      status: 'good',
      fix: { fixed: 0.9, float: 0.1, dgps: 0, single: 0, none: 0 },
      timeToFirstFixS: 30,
      correctionAgeS: { p50: 1, p95: 1 },
      satellites: 17,
      hdop: 0.8,
      baseDistanceKm: 4.2,
      lastPosition: { lat: 52.15, lon: 5.05, fix: 'fixed' },
      sessionCount: 2,
    });
    expect(health.reasons[0].text).toBe('RTK fixed 90% of the time.');
  });

  it("lists the owner's fleet with counts, and a far base as the drone's reason", async () => {
    const fleet = (await t.app.inject({ url: '/api/fleet', headers: owner.headers })).json() as Fleet;
    expect(fleet.counts).toEqual({ good: 1, limited: 1, 'action-required': 0, unknown: 1 });
    const drone = fleet.accounts.find((a) => a.accountId === accountIds[1]);
    expect(drone?.status).toBe('limited');
    expect(drone?.reasons.map((r) => r.code)).toEqual(['rarely-fixed', 'base-far']);
  });

  it("refuses another owner's account and an anonymous caller", async () => {
    const stranger = await signUpUser(t, 'Fleet Stranger');
    const res = await t.app.inject({ url: `/api/accounts/${accountIds[0]}/health`, headers: stranger.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ACCOUNT_NOT_FOUND');
    expect((await t.app.inject({ url: '/api/fleet' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/fleet', headers: owner.headers })).statusCode).toBe(403);
  });

  it("shows the admin any owner's fleet and the rovers one station served", async () => {
    const admin = await signInAdmin(t);
    const byOwner = (
      await t.app.inject({ url: `/api/admin/fleet?ownerType=user&ownerId=${owner.id}`, headers: admin.headers })
    ).json() as Fleet;
    expect(byOwner.accounts).toHaveLength(3);
    const byStation = (
      await t.app.inject({ url: `/api/admin/fleet?stationId=${stationId}`, headers: admin.headers })
    ).json() as Fleet;
    expect(byStation.accounts.map((a) => a.accountName).sort()).toEqual(['Drone', 'Survey pole', 'Tractor']);
    expect(byStation.counts.good).toBe(1);
  });
});
