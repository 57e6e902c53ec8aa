import { schema } from '@fixpoint/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNetwork, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

const parseCsv = (body: string) =>
  body
    .trim()
    .split('\r\n')
    .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));

describe('NTRIP account management', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpUser(t, 'Fleet Owner');
  });
  afterAll(() => t.close());

  it('creates a fleet at once and hands out its credentials as CSV', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/bulk',
      payload: { count: 12, namePrefix: 'Harvester' },
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(['name', 'username', 'password', 'host', 'port', 'tls_port', 'mountpoint']);
    expect(rows).toHaveLength(13);
    expect(rows[1]?.[0]).toBe('Harvester 01');
    // Where the rover connects (this machine without PUBLIC_URL; no TLS port configured); no access yet: no mount.
    expect(rows[1]?.slice(3)).toEqual(['localhost', '2101', '', '']);
    expect(new Set(rows.slice(1).map((r) => r[1])).size).toBe(12);

    const exported = parseCsv(
      (await t.app.inject({ url: '/api/accounts/credentials.csv', headers: owner.headers })).body,
    );
    expect(exported.slice(1).sort()).toEqual(rows.slice(1).sort());
  });

  it('rotates passwords and revokes a selection, only for the owner', async () => {
    const list = (await t.app.inject({ url: '/api/accounts', headers: owner.headers })).json() as {
      id: string;
      username: string;
    }[];
    const [first, second] = list;
    const before = (
      await t.app.inject({ url: `/api/accounts/${first?.id}/credentials`, headers: owner.headers })
    ).json().password;
    const rotated = parseCsv(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/accounts/rotate',
          payload: { ids: [first?.id] },
          headers: owner.headers,
        })
      ).body,
    );
    expect(rotated[1]?.[1]).toBe(first?.username);
    expect(rotated[1]?.[2]).not.toBe(before);
    expect(
      (await t.app.inject({ url: `/api/accounts/${first?.id}/credentials`, headers: owner.headers })).json().password,
    ).toBe(rotated[1]?.[2]);

    const revoked = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/revoke',
      payload: { ids: [second?.id] },
      headers: owner.headers,
    });
    expect(revoked.json()[0]).toMatchObject({ id: second?.id, isDisabled: true, diagnosis: 'disabled' });

    const stranger = await signUpUser(t, 'Someone Else');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/revoke',
      payload: { ids: [first?.id] },
      headers: stranger.headers,
    });
    expect(refused.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/accounts', headers: stranger.headers })).json()).toEqual([]);
  });

  it('renames, limits connections within bounds, and deletes', async () => {
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/api/accounts',
        payload: { name: 'Old name' },
        headers: owner.headers,
      })
    ).json();
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/accounts/${created.id}`,
      payload: { name: 'Drone 7', maxConnections: 3 },
      headers: owner.headers,
    });
    expect(renamed.json()).toMatchObject({ name: 'Drone 7', maxConnections: 3 });
    const tooMany = await t.app.inject({
      method: 'PATCH',
      url: `/api/accounts/${created.id}`,
      payload: { maxConnections: 50 },
      headers: owner.headers,
    });
    expect(tooMany.statusCode).toBe(400);
    const blank = await t.app.inject({
      method: 'POST',
      url: '/api/accounts',
      payload: { name: '   ' },
      headers: owner.headers,
    });
    expect(blank.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Invalid body.name: Give the account a name.',
    });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/accounts/${created.id}`, headers: owner.headers })).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ url: `/api/accounts/${created.id}`, headers: owner.headers })).statusCode).toBe(404);
  });

  it("shows the caster's sessions and derives the diagnosis from them", async () => {
    const network = await seedNetwork(t.database.db);
    const account = (
      await t.app.inject({ method: 'POST', url: '/api/accounts', payload: { name: 'Rover' }, headers: owner.headers })
    ).json();
    await t.database.db.insert(schema.accessWindows).values({
      accountId: account.id,
      networkId: network.id,
      startsAt: new Date(Date.now() - 3_600_000),
      endsAt: new Date(Date.now() + 86_400_000),
      source: 'admin',
    });
    // With access, its credentials CSV names the mountpoint the rover uses.
    const [, exported] = parseCsv(
      (await t.app.inject({ url: `/api/accounts/credentials.csv?ids=${account.id}`, headers: owner.headers })).body,
    );
    expect(exported?.[1]).toBe(account.username);
    expect(exported?.slice(3)).toEqual(['localhost', '2101', '', `${network.code}_AUTO`]);
    await t.database.db.insert(schema.casterSessions).values({
      accountId: account.id,
      mountpoint: `${network.code}_AUTO`,
      networkId: network.id,
      clientAddress: '192.0.2.10',
      userAgent: 'NTRIP RTKLIB/2.4.3',
      ntripVersion: 1,
      bytesSent: 123_456,
    });
    const described = (await t.app.inject({ url: `/api/accounts/${account.id}`, headers: owner.headers })).json();
    expect(described.diagnosis).toBe('connected-no-gga');
    const sessions = (
      await t.app.inject({ url: `/api/accounts/${account.id}/sessions`, headers: owner.headers })
    ).json();
    expect(sessions).toEqual([
      expect.objectContaining({
        mountpoint: `${network.code}_AUTO`,
        bytesSent: 123_456,
        endedAt: null,
        userAgent: 'NTRIP RTKLIB/2.4.3',
      }),
    ]);
  });
});

describe('usernames under a reseller brand', () => {
  it("start with the brand's prefix", async () => {
    const t = await createTestApp({ BRAND: 'akkerpunt' });
    const owner = await signUpUser(t, 'Akker Owner');
    const account = (
      await t.app.inject({ method: 'POST', url: '/api/accounts', payload: { name: 'Trekker' }, headers: owner.headers })
    ).json();
    expect(account.username).toMatch(/^ap-[a-z2-9]{7}$/);
    await t.close();
  });
});
