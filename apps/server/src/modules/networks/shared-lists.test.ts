import { brotliDecompressSync } from 'node:zlib';
import { schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNetwork, signInAdmin } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

// The marketplace list and the admin feed are shared answers (docs/decisions/0052): kept between requests, and
// forgotten the moment an admin changes what they show. Each test first proves the answer is kept (a change
// written straight to the database, as another process would, does not show yet), then that the admin's write
// through the API shows at once.
describe('shared lists', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let network: Awaited<ReturnType<typeof seedNetwork>>;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: admin });
  const marketplace = async () =>
    (await t.app.inject({ url: '/api/networks' })).json() as {
      id: string;
      name: string;
      stationCount: number;
      plans: { name: string }[];
    }[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signInAdmin(t)).headers;
    network = await seedNetwork(t.database.db, { name: 'Shared Alpha' }, 3);
  });
  afterAll(() => t.close());

  it('keeps the marketplace list until an admin renames a network, disables a station or adds a plan', async () => {
    expect(await marketplace()).toEqual([expect.objectContaining({ name: 'Shared Alpha', stationCount: 3 })]);
    await t.database.db
      .update(schema.networks)
      .set({ name: 'Renamed Directly' })
      .where(eq(schema.networks.id, network.id));
    expect((await marketplace())[0]?.name).toBe('Shared Alpha');

    await call('PATCH', `/api/admin/networks/${network.id}`, { name: 'Shared Beta' });
    expect((await marketplace())[0]?.name).toBe('Shared Beta');

    const [station] = await t.database.db
      .select()
      .from(schema.stations)
      .where(eq(schema.stations.networkId, network.id));
    const disabled = await call('PATCH', `/api/admin/networks/${network.id}/stations/${station?.id}`, {
      isEnabled: false,
    });
    expect(disabled.statusCode).toBe(200);
    expect((await marketplace())[0]?.stationCount).toBe(2);

    const plan = await call('POST', '/api/admin/products', {
      name: 'Shared Monthly',
      category: 'billable-subscription',
      amount: 1900,
      currency: 'EUR',
      interval: 'MONTHLY',
      networkId: network.id,
    });
    expect(plan.statusCode).toBe(201);
    expect((await marketplace())[0]?.plans.map((p) => p.name)).toEqual(['Shared Monthly']);
  });

  it('does not forget the list on refused admin writes or on reads', async () => {
    const before = await marketplace();
    await t.database.db
      .update(schema.networks)
      .set({ name: 'Changed Directly' })
      .where(eq(schema.networks.id, network.id));
    const refused = await call('PATCH', `/api/admin/networks/${network.id}`, { code: 'not a code' });
    expect(refused.statusCode).toBe(400);
    await call('GET', '/api/admin/networks');
    expect(await marketplace()).toEqual(before);
  });

  it('answers the list compressed for browsers, with an ETag that a revalidation gets 304 for', async () => {
    const plain = await t.app.inject({ url: '/api/networks' });
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const br = await t.app.inject({ url: '/api/networks', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    // Under 1 KB nothing is compressed; the list of one network is about that size, so both cases are fine.
    const body = br.headers['content-encoding'] === 'br' ? brotliDecompressSync(br.rawPayload).toString() : br.body;
    expect(JSON.parse(body)).toEqual(plain.json());
    const again = await t.app.inject({ url: '/api/networks', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, { get: { responses: Record<string, unknown> } }>;
    };
    for (const path of ['/api/networks', '/api/admin/feed', '/api/admin/feed/{networkId}']) {
      expect(Object.keys(doc.paths[path]?.get.responses ?? {}), path).toEqual(expect.arrayContaining(['200', '304']));
    }
  });

  it("shows an admin's station changes in the feed at once, and shares one reading between admins", async () => {
    const feed = async () => (await call('GET', `/api/admin/feed/${network.id}`)).json() as { stations: unknown[] };
    const other = (await signInAdmin(t)).headers;
    const first = await call('GET', `/api/admin/feed/${network.id}`);
    expect(first.headers['cache-control']).toBe('no-store');
    const seen = (first.json() as { stations: unknown[] }).stations.length;
    const second = await t.app.inject({ url: `/api/admin/feed/${network.id}`, headers: other });
    expect(second.body).toBe(first.body);

    const added = await call('POST', `/api/admin/networks/${network.id}/stations`, { mountpoint: 'SHARED_NEW' });
    expect(added.statusCode).toBe(201);
    expect((await feed()).stations).toHaveLength(seen + 1);
    const removed = await call('DELETE', `/api/admin/networks/${network.id}/stations/${added.json().station.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await feed()).stations).toHaveLength(seen);
    expect((await call('GET', '/api/admin/feed')).json()).toEqual([
      expect.objectContaining({ networkId: network.id, stationCount: seen }),
    ]);
  });

  it('still refuses the feed to everyone but admins, and 404s a network that is not there', async () => {
    expect((await t.app.inject({ url: `/api/admin/feed/${network.id}` })).statusCode).toBe(401);
    const missing = await call('GET', `/api/admin/feed/${crypto.randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', requestId: expect.any(String) });
  });
});
