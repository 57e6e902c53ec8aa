import { schema } from '@fixpoint/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNetwork, signInAdmin, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('products and pricing tables', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let user: Awaited<ReturnType<typeof signUpUser>>;
  let networkId: string;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
    t.app.inject({ method, url, payload: payload as object, headers });

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signInAdmin(t)).headers;
    user = await signUpUser(t, 'Buyer');
    networkId = (await seedNetwork(t.database.db)).id;
  });
  afterAll(() => t.close());

  const plan = (name: string, amount: number, extra: object = {}) => ({
    name,
    category: 'billable-subscription',
    amount,
    currency: 'EUR',
    interval: 'MONTHLY',
    networkId,
    attributes: ['Unlimited rovers'],
    ...extra,
  });

  it('creates credit packs and plans, normalising the currency, and lists them publicly by type', async () => {
    const pack = await call('POST', '/api/admin/products', {
      name: '100 credits',
      category: 'credits',
      amount: 1000,
      currency: 'Eur',
      creditsAmount: 100,
      bestChoice: true,
    });
    expect(pack.statusCode).toBe(201);
    expect(pack.json()).toMatchObject({
      type: 'Token',
      currency: 'eur',
      creditsAmount: 100,
      networkId: null,
      soldCount: 0,
    });
    await call('POST', '/api/admin/products', {
      name: '20 credits',
      category: 'credits',
      amount: 250,
      currency: 'eur',
      creditsAmount: 20,
    });

    const tokens = (await t.app.inject({ url: '/api/tokenProducts' })).json();
    // Cheapest first; every card is marked test mode while the local provider takes the payments.
    expect(tokens.data.map((p: { name: string }) => p.name)).toEqual(['20 credits', '100 credits']);
    expect(tokens.data[1]).toMatchObject({ type: 'Token', creditsAmount: 100, bestChoice: true, testMode: true });
    expect(tokens.data[1]).not.toHaveProperty('interval');

    const monthly = (await call('POST', '/api/admin/products', plan('Monthly', 2900))).json();
    const yearly = (
      await call('POST', '/api/admin/products', plan('Yearly', 29000, { interval: 'YEARLY', seats: 3 }))
    ).json();
    expect(monthly).toMatchObject({
      type: 'Subscription',
      interval: 'MONTHLY',
      seats: 1,
      networkName: expect.any(String),
    });

    // No table yet: nothing on the public subscription pricing.
    expect((await t.app.inject({ url: '/api/stripe/subscription-pricing-tables' })).json()).toEqual([]);
    const table = await call('POST', '/api/admin/pricing-tables', {
      name: 'RTK plans',
      description: 'Corrections on the network',
      networkId,
      productIds: [yearly.id, monthly.id],
    });
    expect(table.statusCode).toBe(201);
    const tables = (await t.app.inject({ url: '/api/stripe/subscription-pricing-tables' })).json();
    expect(tables).toHaveLength(1);
    expect(tables[0]).toMatchObject({ name: 'RTK plans', description: 'Corrections on the network', networkId });
    expect(tables[0].data.map((p: { priceId: string }) => p.priceId)).toEqual([yearly.id, monthly.id]);
    expect(tables[0].data[0]).toMatchObject({ type: 'Subscription', interval: 'YEARLY', seats: 3, amount: 29000 });

    // Archived products leave the public table; a table with nothing to sell is not shown.
    await call('POST', `/api/admin/products/${yearly.id}/archive`);
    await call('POST', `/api/admin/products/${monthly.id}/archive`);
    expect((await t.app.inject({ url: '/api/stripe/subscription-pricing-tables' })).json()).toEqual([]);
    await call('POST', `/api/admin/products/${monthly.id}/unarchive`);
    expect((await t.app.inject({ url: '/api/stripe/subscription-pricing-tables' })).json()[0].data).toHaveLength(1);
  });

  it('refuses products of the wrong shape with the reason at the field', async () => {
    const noCredits = await call('POST', '/api/admin/products', {
      name: 'Pack',
      category: 'credits',
      amount: 100,
      currency: 'eur',
    });
    expect(noCredits.statusCode).toBe(400);
    expect(noCredits.json().details).toContainEqual({
      path: 'body.creditsAmount',
      message: 'A credit pack needs the number of credits it adds.',
    });
    const noInterval = await call('POST', '/api/admin/products', plan('No interval', 100, { interval: null }));
    expect(noInterval.json().details).toContainEqual(expect.objectContaining({ path: 'body.interval' }));
    const badCurrency = await call('POST', '/api/admin/products', plan('Yen', 100, { currency: 'JPY' }));
    expect(badCurrency.statusCode).toBe(400);
    expect(badCurrency.json().details[0].message).toBe('The currency must be EUR, USD or GBP.');
    const fraction = await call('POST', '/api/admin/products', plan('Fraction', 12.5));
    expect(fraction.statusCode).toBe(400);
    const missingNetwork = await call(
      'POST',
      '/api/admin/products',
      plan('Ghost', 100, { networkId: crypto.randomUUID() }),
    );
    expect(missingNetwork.statusCode).toBe(404);
    // A credit pack in a subscription table is refused.
    const pack = (await call('GET', '/api/admin/products?category=credits')).json()[0];
    const mixed = await call('POST', '/api/admin/pricing-tables', { name: 'Mixed', productIds: [pack.id] });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toContain('not a billable subscription');
  });

  it('edits what may change, deletes an unsold product and refuses to delete a sold one', async () => {
    const product = (await call('POST', '/api/admin/products', plan('Weekly', 900, { interval: 'WEEKLY' }))).json();
    const edited = await call('PATCH', `/api/admin/products/${product.id}`, {
      name: 'Weekly pass',
      seats: 2,
      bestChoice: true,
    });
    expect(edited.json()).toMatchObject({ name: 'Weekly pass', seats: 2, bestChoice: true, amount: 900 });
    // The price is not editable: the field is not part of the update.
    const priced = await call('PATCH', `/api/admin/products/${product.id}`, { amount: 1 });
    expect(priced.statusCode).toBe(400);

    const [sold] = await t.database.db
      .insert(schema.products)
      .values({
        name: 'Sold pack',
        type: 'Token',
        category: 'credits',
        amount: 500,
        currency: 'eur',
        creditsAmount: 50,
      })
      .returning();
    await t.database.db.insert(schema.checkoutSessions).values({
      ownerUserId: user.id,
      userId: user.id,
      productId: sold?.id as string,
      mode: 'payment',
      provider: 'local',
      status: 'paid',
      amount: 500,
      currency: 'eur',
      creditsAmount: 50,
    });
    const refused = await call('DELETE', `/api/admin/products/${sold?.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PRODUCT_SOLD');
    expect((await call('GET', `/api/admin/products/${sold?.id}`)).json().soldCount).toBe(1);

    expect((await call('DELETE', `/api/admin/products/${product.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/admin/products/${product.id}`)).statusCode).toBe(404);
  });

  it('orders pricing tables and refuses an order that leaves one out', async () => {
    const monthly = (await call('POST', '/api/admin/products', plan('Second', 1500))).json();
    const second = (
      await call('POST', '/api/admin/pricing-tables', { name: 'Second table', productIds: [monthly.id] })
    ).json();
    const tables = (await call('GET', '/api/admin/pricing-tables')).json() as { id: string }[];
    const reversed = tables.map((table) => table.id).reverse();
    const ordered = await call('PUT', '/api/admin/pricing-tables/order', { tableIds: reversed });
    expect(ordered.json().map((table: { id: string }) => table.id)).toEqual(reversed);
    expect(ordered.json()[0].id).toBe(second.id);
    const partial = await call('PUT', '/api/admin/pricing-tables/order', { tableIds: [second.id] });
    expect(partial.statusCode).toBe(400);
    expect((await call('DELETE', `/api/admin/pricing-tables/${second.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/admin/pricing-tables/${second.id}`)).statusCode).toBe(404);
  });

  it('keeps products to admins', async () => {
    expect((await call('GET', '/api/admin/products', undefined, user.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/pricing-tables' })).statusCode).toBe(401);
  });
});
