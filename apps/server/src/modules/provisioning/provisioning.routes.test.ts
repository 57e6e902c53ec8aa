import { schema } from '@fixpoint/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPlan, seedNetwork, signInAdmin, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

type User = Awaited<ReturnType<typeof signUpUser>>;
const dayMs = 24 * 3600_000;

/** Provisioning with API keys (docs/decisions/0077): one call, paid once, idempotent, all-or-nothing payment. */
describe('provisioning', () => {
  let t: TestApp;
  let reseller: User;
  let networkId: string;
  let key: string;
  let admin: { headers: Record<string, string> };

  const balance = async (userId: string) =>
    (
      await t.database.db
        .select({ balance: schema.creditBalances.balance })
        .from(schema.creditBalances)
        .where(eq(schema.creditBalances.ownerUserId, userId))
    )[0]?.balance ?? 0;
  const grant = (userId: string, tokenAmount: number) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/tokens',
      query: { userId, tokenAmount: String(tokenAmount) },
      headers: admin.headers,
    });
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { authorization: `Bearer ${key}`, ...headers },
    });

  beforeAll(async () => {
    t = await createTestApp({ CASTER_PUBLIC_HOST: 'caster.example.com', CASTER_PUBLIC_PORT: '2101' });
    admin = await signInAdmin(t);
    reseller = await signUpUser(t, 'Reseller');
    networkId = (await seedNetwork(t.database.db, { code: 'PRV', dailyPrice: 2 })).id;
    await grant(reseller.id, 100);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: reseller.headers,
      payload: { name: 'Shop', scopes: ['accounts:read', 'accounts:write', 'access:write'] },
    });
    key = created.json().key;
  });
  afterAll(() => t.close());

  it('creates an account with 30 days and a connection cap in one call, with where to connect', async () => {
    const res = await post('/api/provisioning/accounts', {
      name: 'Tractor 7',
      maxConnections: 2,
      access: { pay: 'credits', networkId, days: 30 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.account).toMatchObject({ name: 'Tractor 7', maxConnections: 2 });
    expect(body.account.networks[0]).toMatchObject({ networkCode: 'PRV', state: 'active', daysLeft: 30 });
    expect(body.connection).toMatchObject({ host: 'caster.example.com', port: 2101, mountpoint: 'PRV_AUTO' });
    expect(body.password).toMatch(/\w{8,}/);
    expect(body.charged).toEqual({ credits: 60, subscriptionId: null });
    expect(await balance(reseller.id)).toBe(40);
  });

  it('answers a retried Idempotency-Key with the first answer and charges once', async () => {
    const before = await balance(reseller.id);
    const payload = { name: 'Retry me', access: { pay: 'credits', networkId, days: 5 } };
    const headers = { 'idempotency-key': 'order-4711' };
    const first = await post('/api/provisioning/accounts', payload, headers);
    const second = await post('/api/provisioning/accounts', payload, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await balance(reseller.id)).toBe(before - 10);
    const named = await t.database.db
      .select()
      .from(schema.ntripAccounts)
      .where(and(eq(schema.ntripAccounts.ownerUserId, reseller.id), eq(schema.ntripAccounts.name, 'Retry me')));
    expect(named).toHaveLength(1);

    // The same key with another body is refused; another owner's identical key is theirs alone.
    const other = await post('/api/provisioning/accounts', { ...payload, name: 'Other' }, headers);
    expect([other.statusCode, other.json().code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const stranger = await signUpUser(t, 'Idem Stranger');
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/accounts',
      payload: { name: 'Theirs' },
      headers: { ...stranger.headers, 'idempotency-key': 'order-4711' },
    });
    expect(theirs.statusCode).toBe(201);
  });

  it('creates nothing and charges nothing when the credits do not suffice', async () => {
    const before = await balance(reseller.id);
    const countBefore = (await t.app.inject({ url: '/api/accounts', headers: reseller.headers })).json().length;
    const res = await post('/api/provisioning/accounts', {
      name: 'Too long',
      access: { pay: 'credits', networkId, days: 1000 },
    });
    expect([res.statusCode, res.json().code]).toEqual([402, 'INSUFFICIENT_CREDITS']);
    expect(await balance(reseller.id)).toBe(before);
    expect((await t.app.inject({ url: '/api/accounts', headers: reseller.headers })).json()).toHaveLength(countBefore);
    const bulk = await post('/api/provisioning/accounts/bulk', {
      count: 50,
      namePrefix: 'Nope',
      access: { pay: 'credits', networkId, days: 1 },
    });
    expect(bulk.statusCode).toBe(402);
    expect((await t.app.inject({ url: '/api/accounts', headers: reseller.headers })).json()).toHaveLength(countBefore);
  });

  it('needs access:write to pay for access', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: reseller.headers,
      payload: { name: 'No money', scopes: ['accounts:write'] },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/provisioning/accounts',
      headers: { authorization: `Bearer ${created.json().key}` },
      payload: { name: 'Free ride', access: { pay: 'credits', networkId, days: 1 } },
    });
    expect([res.statusCode, res.json().code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    const extend = await t.app.inject({
      method: 'POST',
      url: `/api/provisioning/accounts/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/extend`,
      headers: { authorization: `Bearer ${created.json().key}` },
      payload: { networkId, days: 1 },
    });
    expect(extend.json().code).toBe('INSUFFICIENT_SCOPE');
  });

  it('creates in bulk with a CSV answer, until a date, from the first connection', async () => {
    await grant(reseller.id, 20);
    const csv = await post('/api/provisioning/accounts/bulk?format=csv', {
      count: 3,
      namePrefix: 'Sprayer',
      access: { pay: 'credits', networkId, days: 2, start: 'first-connection' },
    });
    expect(csv.statusCode, csv.body).toBe(201);
    const rows = csv.body
      .trim()
      .split('\r\n')
      .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
    expect(rows[0]).toEqual(['name', 'username', 'password', 'host', 'port', 'tls_port', 'mountpoint', 'access_until']);
    expect(rows).toHaveLength(4);
    // Pending until the first connection: no end yet, but the mount to use already.
    expect(rows[1]?.slice(3)).toEqual(['caster.example.com', '2101', '', 'PRV_AUTO', '']);
    expect(rows[1]?.[0]).toBe('Sprayer 1');

    const until = new Date(Date.now() + 2.5 * dayMs);
    const dated = await post('/api/provisioning/accounts', {
      name: 'Until',
      access: { pay: 'credits', networkId, until: until.toISOString() },
    });
    expect(dated.json().charged.credits).toBe(6);
    expect(dated.json().account.networks[0].activeUntil).toBe(until.toISOString());
  });

  it('extends, shortens, suspends, resumes and deletes', async () => {
    await grant(reseller.id, 20);
    const made = (
      await post('/api/provisioning/accounts', { name: 'Life', access: { pay: 'credits', networkId, days: 3 } })
    ).json();
    const id = made.account.id as string;
    const end = () => t.app.inject({ url: `/api/accounts/${id}`, headers: { authorization: `Bearer ${key}` } });
    const firstEnd = Date.parse((await end()).json().networks[0].activeUntil);

    const extended = await post(`/api/provisioning/accounts/${id}/extend`, { networkId, days: 4 });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(Date.parse(extended.json().networks[0].activeUntil) - firstEnd).toBe(4 * dayMs);

    const shortened = await post(`/api/provisioning/accounts/${id}/shorten`, { networkId, days: 5 });
    expect(shortened.statusCode, shortened.body).toBe(200);
    expect(Date.parse(shortened.json().networks[0].activeUntil) - firstEnd).toBe(-dayMs);

    expect((await post(`/api/provisioning/accounts/${id}/suspend`, {})).json().isDisabled).toBe(true);
    expect((await post(`/api/provisioning/accounts/${id}/resume`, {})).json().isDisabled).toBe(false);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/provisioning/accounts/${id}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(gone.statusCode).toBe(204);
    expect((await end()).statusCode).toBe(404);
  });

  it('takes a free subscription seat instead of credits, and refuses when none is left', async () => {
    const [subscription] = await t.database.db
      .insert(schema.subscriptions)
      .values({
        ownerUserId: reseller.id,
        productId: await insertPlan(t.database.db, networkId),
        networkId,
        seats: 1,
        provider: 'manual',
        status: 'active',
        currentPeriodStart: new Date(Date.now() - dayMs),
        currentPeriodEnd: new Date(Date.now() + 20 * dayMs),
      })
      .returning();
    const subscriptionId = subscription?.id as string;
    const before = await balance(reseller.id);
    const seated = await post('/api/provisioning/accounts', {
      name: 'Seated',
      access: { pay: 'seat', subscriptionId },
    });
    expect(seated.statusCode, seated.body).toBe(201);
    expect(seated.json().charged).toEqual({ credits: 0, subscriptionId });
    expect(seated.json().account.networks[0].state).toBe('active');
    expect(await balance(reseller.id)).toBe(before);
    const full = await post('/api/provisioning/accounts', { name: 'No seat', access: { pay: 'seat', subscriptionId } });
    expect([full.statusCode, full.json().code]).toEqual([409, 'NO_FREE_SEAT']);
  });
});
