import { schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNetwork, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

const day = 24 * 60 * 60 * 1000;

describe('map routes', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUpUser>>;
  let bob: Awaited<ReturnType<typeof signUpUser>>;
  let usable: Awaited<ReturnType<typeof seedNetwork>>;
  let expired: Awaited<ReturnType<typeof seedNetwork>>;

  async function account(ownerUserId: string, name: string) {
    const [row] = await t.database.db
      .insert(schema.ntripAccounts)
      .values({ username: `u-${crypto.randomUUID().slice(0, 8)}`, passwordEnc: 'x', name, ownerUserId })
      .returning();
    if (!row) throw new Error('no account');
    return row;
  }

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signUpUser(t, 'Alice Map');
    bob = await signUpUser(t, 'Bob Map');
    usable = await seedNetwork(t.database.db, { name: 'Usable' }, 2);
    expired = await seedNetwork(t.database.db, { name: 'Expired' }, 1);
    const aliceAccount = await account(alice.id, 'Tractor');
    const bobAccount = await account(bob.id, 'Drone');
    const now = Date.now();
    await t.database.db.insert(schema.accessWindows).values([
      {
        accountId: aliceAccount.id,
        networkId: usable.id,
        startsAt: new Date(now - day),
        endsAt: new Date(now + day),
        source: 'admin',
      },
      {
        accountId: aliceAccount.id,
        networkId: expired.id,
        startsAt: new Date(now - 3 * day),
        endsAt: new Date(now - day),
        source: 'admin',
      },
      {
        accountId: bobAccount.id,
        networkId: expired.id,
        startsAt: new Date(now - day),
        endsAt: new Date(now + day),
        source: 'admin',
      },
    ]);
    const session = (accountId: string, latitude: number, ended: boolean, startedAt: number) => ({
      accountId,
      mountpoint: 'X',
      clientAddress: '127.0.0.1',
      ntripVersion: 2,
      startedAt: new Date(startedAt),
      endedAt: ended ? new Date(startedAt + 1000) : null,
      lastLatitude: latitude,
      lastLongitude: 5,
      lastGgaAt: new Date(startedAt + 500),
    });
    await t.database.db.insert(schema.casterSessions).values([
      session(aliceAccount.id, 52.1, true, now - 2 * day),
      session(aliceAccount.id, 52.2, true, now - day),
      session(bobAccount.id, 53.3, false, now - 1000),
      // Alice's rover has just connected and sent no GGA yet.
      { ...session(aliceAccount.id, 0, false, now - 500), lastLatitude: null, lastLongitude: null, lastGgaAt: null },
    ]);
    const [admin] = await t.database.db
      .update(schema.users)
      .set({ role: 'admin' })
      .where(eq(schema.users.id, bob.id))
      .returning();
    expect(admin?.role).toBe('admin');
  });
  afterAll(() => t.close());

  it("shows a user the networks their accounts can use now and only their own rovers' last positions", async () => {
    const res = await t.app.inject({ url: '/api/map', headers: alice.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(new Set(body.stations.map((s: { networkId: string }) => s.networkId))).toEqual(new Set([usable.id]));
    expect(body.stations).toHaveLength(2);
    // The latest session's position, and never Bob's rover.
    expect(body.rovers).toEqual([
      expect.objectContaining({ accountName: 'Tractor', latitude: 52.2, isConnected: false }),
    ]);
  });

  it('refuses the user map to visitors', async () => {
    const res = await t.app.inject({ url: '/api/map' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('shows admins every station and every connected rover, and refuses others', async () => {
    expect((await t.app.inject({ url: '/api/admin/map' })).statusCode).toBe(401);
    const forbidden = await t.app.inject({ url: '/api/admin/map', headers: alice.headers });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
    const res = await t.app.inject({ url: '/api/admin/map', headers: bob.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.stations).toHaveLength(3);
    // Every connected rover, the one without a position yet too; ended sessions not.
    expect(body.rovers).toEqual([
      expect.objectContaining({ accountName: 'Tractor', latitude: null, longitude: null, isConnected: true }),
      expect.objectContaining({ accountName: 'Drone', latitude: 53.3, isConnected: true }),
    ]);
  });
});
