import { schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNetwork, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

type User = Awaited<ReturnType<typeof signUpUser>>;

/** The embedded default's payment path: the local provider's page confirms through the fulfilment service. */
describe('checkout with the local test provider', () => {
  let t: TestApp;
  let buyer: User;
  let other: User;
  let packId: string;
  let planId: string;
  let manualId: string;

  const balance = async (user: User) =>
    (await t.app.inject({ url: '/api/credits/ledger', headers: user.headers })).json().balance as number;
  const start = (user: User, kind: 'product' | 'subscription', priceId: string) =>
    t.app.inject({ method: 'POST', url: `/api/checkout/${kind}?priceId=${priceId}`, headers: user.headers });
  const act = (user: User, id: string, action: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/payments/local/${id}`,
      headers: { ...user.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `action=${action}`,
    });
  const state = (user: User, id: string) =>
    t.app.inject({ url: `/api/checkout?checkoutSessionId=${id}`, headers: user.headers });

  beforeAll(async () => {
    t = await createTestApp();
    buyer = await signUpUser(t, 'Farmer Jo');
    other = await signUpUser(t, 'Someone Else');
    const network = await seedNetwork(t.database.db);
    const insert = async (values: typeof schema.products.$inferInsert) =>
      ((await t.database.db.insert(schema.products).values(values).returning())[0] as { id: string }).id;
    packId = await insert({
      name: '<b>50</b> credits',
      type: 'Token',
      category: 'credits',
      amount: 1250,
      currency: 'eur',
      creditsAmount: 50,
    });
    planId = await insert({
      name: 'Monthly RTK',
      type: 'Subscription',
      category: 'billable-subscription',
      amount: 2900,
      currency: 'gbp',
      interval: 'MONTHLY',
      networkId: network.id,
      seats: 2,
    });
    manualId = await insert({
      name: 'Granted',
      type: 'Subscription',
      category: 'non-billable-subscription',
      amount: 0,
      currency: 'eur',
      networkId: network.id,
    });
  });
  afterAll(() => t.close());

  it('sells a credit pack: the page is marked test mode, Pay credits once and returns to /checkout', async () => {
    const created = await start(buyer, 'product', packId);
    expect(created.statusCode).toBe(200);
    const { checkoutSessionId, url } = created.json();
    expect(url).toMatch(new RegExp(`^http://localhost(:\\d+)?/api/payments/local/${checkoutSessionId}$`));
    expect((await state(buyer, checkoutSessionId)).json()).toMatchObject({ status: 'open', creditsAmount: 50 });

    const page = await t.app.inject({ url: new URL(url).pathname, headers: buyer.headers });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain('Pay €12.50');
    // The product's name is text, never markup.
    expect(page.body).toContain('&lt;b&gt;50&lt;/b&gt; credits');
    expect(page.body).not.toContain('<b>50</b>');

    // Coming back to /checkout is not a payment: nothing is credited until the provider confirms.
    expect(await balance(buyer)).toBe(0);
    const paid = await act(buyer, checkoutSessionId, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/checkout?checkoutSessionId=${checkoutSessionId}`);
    expect(await balance(buyer)).toBe(50);
    expect((await state(buyer, checkoutSessionId)).json()).toMatchObject({
      status: 'paid',
      type: 'Token',
      amount: 1250,
      currency: 'eur',
      testMode: true,
      fulfilledAt: expect.any(String),
    });
    const ledger = (await t.app.inject({ url: '/api/credits/ledger', headers: buyer.headers })).json();
    expect(ledger.entries[0]).toMatchObject({
      kind: 'purchase',
      amount: 50,
      description: { code: 'purchase', product: '<b>50</b> credits' },
      reason: '',
    });

    // Pressing Pay again (a second tab, the back button) credits nothing more.
    await act(buyer, checkoutSessionId, 'pay');
    expect(await balance(buyer)).toBe(50);
    const again = await t.app.inject({ url: new URL(url).pathname, headers: buyer.headers });
    expect(again.body).toContain('already <strong>paid</strong>');
    // In the buyer's language (decision 0049): the browser's, until the settings save one.
    const dutch = await t.app.inject({
      url: new URL(url).pathname,
      headers: { ...buyer.headers, 'accept-language': 'nl-NL,nl;q=0.9' },
    });
    expect(dutch.body).toContain('<html lang="nl">');
    expect(dutch.body).toContain('Deze betaling is al <strong>betaald</strong>.');
  });

  it('leaves the balance alone on Decline and Cancel, and says which', async () => {
    const before = await balance(buyer);
    const declined = (await start(buyer, 'product', packId)).json();
    await act(buyer, declined.checkoutSessionId, 'decline');
    expect((await state(buyer, declined.checkoutSessionId)).json().status).toBe('declined');
    const cancelled = (await start(buyer, 'product', packId)).json();
    await act(buyer, cancelled.checkoutSessionId, 'cancel');
    expect((await state(buyer, cancelled.checkoutSessionId)).json().status).toBe('cancelled');
    // A declined checkout cannot be paid afterwards.
    await act(buyer, declined.checkoutSessionId, 'pay');
    expect((await state(buyer, declined.checkoutSessionId)).json().status).toBe('declined');
    expect(await balance(buyer)).toBe(before);
    const bad = await act(buyer, cancelled.checkoutSessionId, 'steal');
    expect(bad.statusCode).toBe(400);
  });

  it('starts a subscription with its period once paid', async () => {
    const { checkoutSessionId } = (await start(buyer, 'subscription', planId)).json();
    await act(buyer, checkoutSessionId, 'pay');
    const paid = (await state(buyer, checkoutSessionId)).json();
    expect(paid).toMatchObject({ status: 'paid', type: 'Subscription', interval: 'MONTHLY', currency: 'gbp' });
    expect(paid.subscription).toMatchObject({ status: 'active' });
    const [subscription] = await t.database.db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.checkoutSessionId, checkoutSessionId));
    expect(subscription).toMatchObject({ ownerUserId: buyer.id, seats: 2, provider: 'local', status: 'active' });
    const days =
      ((subscription?.currentPeriodEnd.getTime() ?? 0) - (subscription?.currentPeriodStart.getTime() ?? 0)) / 864e5;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    // A subscription adds no credits.
    expect(await balance(buyer)).toBe(50);
  });

  it('answers bad input with the right status and keeps checkouts to their buyer', async () => {
    expect((await start(buyer, 'subscription', packId)).json().code).toBe('WRONG_PRICE_TYPE');
    expect((await start(buyer, 'product', planId)).statusCode).toBe(400);
    expect((await start(buyer, 'subscription', manualId)).statusCode).toBe(400);
    expect((await start(buyer, 'product', crypto.randomUUID())).statusCode).toBe(404);
    const malformed = await start(buyer, 'product', 'not-a-price');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('VALIDATION_FAILED');
    const visitor = await t.app.inject({ method: 'POST', url: `/api/checkout/product?priceId=${packId}` });
    expect(visitor.statusCode).toBe(401);

    await t.database.db.update(schema.products).set({ isArchived: true }).where(eq(schema.products.id, packId));
    expect((await start(buyer, 'product', packId)).json().code).toBe('PRICE_NOT_FOUND');
    await t.database.db.update(schema.products).set({ isArchived: false }).where(eq(schema.products.id, packId));

    const { checkoutSessionId } = (await start(buyer, 'product', packId)).json();
    expect((await state(other, checkoutSessionId)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/payments/local/${checkoutSessionId}`, headers: other.headers })).statusCode,
    ).toBe(404);
    expect((await act(other, checkoutSessionId, 'pay')).statusCode).toBe(404);
    expect(await balance(other)).toBe(0);
    expect((await state(buyer, checkoutSessionId)).json().status).toBe('open');
  });

  it('gives the card form a test secret', async () => {
    const secret = await t.app.inject({ url: '/api/getCustomerSecret', headers: buyer.headers });
    expect(secret.json()).toMatchObject({ provider: 'local', publishableKey: null });
    expect(secret.json().clientSecret).toMatch(/^local_seti_\w+_secret_test$/);
  });
});
