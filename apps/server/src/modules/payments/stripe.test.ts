import { schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNetwork, signInAdmin, signUpUser } from '../../testing/fixtures';
import { type StripeDouble, startStripeDouble } from '../../testing/stripe-double';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { renewalMarginMs } from '../subscriptions/seat-windows';

const withMargin = (date: Date) => new Date(date.getTime() + renewalMarginMs);

type User = Awaited<ReturnType<typeof signUpUser>>;

/** The Stripe path through the official SDK, against a local double of Stripe's API with real webhook signatures. */
describe('checkout with Stripe', () => {
  let double: StripeDouble;
  let t: TestApp;
  let buyer: User;
  let packId: string;
  let planId: string;
  let networkId: string;

  const start = (user: User, kind: 'product' | 'subscription', priceId: string) =>
    t.app.inject({ method: 'POST', url: `/api/checkout/${kind}?priceId=${priceId}`, headers: user.headers });
  const state = async (user: User, id: string) =>
    (await t.app.inject({ url: `/api/checkout?checkoutSessionId=${id}`, headers: user.headers })).json();
  const balance = async (user: User) =>
    (await t.app.inject({ url: '/api/credits/ledger', headers: user.headers })).json().balance as number;
  /** Starts a checkout and answers our id and the double's session id. */
  async function begin(user: User, kind: 'product' | 'subscription', priceId: string) {
    const created = (await start(user, kind, priceId)).json();
    const session = [...double.sessions.values()].find((s) => s.url === created.url);
    if (!session) throw new Error('the double has no session for that url');
    return { id: created.checkoutSessionId as string, stripeId: session.id as string };
  }
  const events = (eventId: string) =>
    t.database.db.select().from(schema.paymentEvents).where(eq(schema.paymentEvents.eventId, eventId));

  beforeAll(async () => {
    double = await startStripeDouble();
    t = await createTestApp({
      STRIPE_SECRET_KEY: double.secretKey,
      STRIPE_WEBHOOK_SECRET: double.webhookSecret,
      STRIPE_PUBLISHABLE_KEY: double.publishableKey,
      STRIPE_API_URL: double.url,
      PUBLIC_URL: 'https://portal.example.com',
    });
    buyer = await signUpUser(t, 'Survey Sam');
    networkId = (await seedNetwork(t.database.db)).id;
    const insert = async (values: typeof schema.products.$inferInsert) =>
      ((await t.database.db.insert(schema.products).values(values).returning())[0] as { id: string }).id;
    packId = await insert({
      name: '100 credits',
      type: 'Token',
      category: 'credits',
      amount: 2000,
      currency: 'eur',
      creditsAmount: 100,
    });
    planId = await insert({
      name: 'RTK Monthly',
      type: 'Subscription',
      category: 'billable-subscription',
      amount: 2900,
      currency: 'eur',
      interval: 'MONTHLY',
      networkId,
    });
  });
  afterAll(async () => {
    await t?.close();
    await double?.close();
  });

  it('creates a Stripe Checkout Session with the price inline and reuses the customer', async () => {
    const created = await start(buyer, 'product', packId);
    expect(created.statusCode).toBe(200);
    const { checkoutSessionId, url } = created.json();
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const session = [...double.sessions.values()].find((s) => s.url === url) as Record<string, unknown>;
    expect(session).toMatchObject({
      mode: 'payment',
      client_reference_id: checkoutSessionId,
      metadata: { checkoutSessionId, productId: packId },
      payment_intent_data: { metadata: { checkoutSessionId } },
      success_url: `https://portal.example.com/checkout?checkoutSessionId=${checkoutSessionId}`,
      cancel_url: `https://portal.example.com/checkout?checkoutSessionId=${checkoutSessionId}&cancelled=1`,
    });
    expect(session.line_items_params).toEqual([
      {
        quantity: '1',
        price_data: {
          currency: 'eur',
          unit_amount: '2000',
          product_data: { name: '100 credits', metadata: { productId: packId } },
        },
      },
    ]);
    const customer = double.customers.get(session.customer as string);
    expect(customer).toMatchObject({ email: buyer.email, name: 'Survey Sam' });
    // Idempotency keys name our checkout, so a retried request never makes a second session.
    expect(double.requests.find((r) => r.path === '/v1/checkout/sessions')?.idempotencyKey).toBe(
      `checkout-${checkoutSessionId}`,
    );

    await start(buyer, 'product', packId);
    expect(double.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(1);
    // Coming back from Stripe is not a payment.
    expect((await state(buyer, checkoutSessionId)).status).toBe('open');
    expect(await balance(buyer)).toBe(0);
  });

  it('credits once when Stripe confirms, however often and however concurrently the event arrives', async () => {
    const { id, stripeId } = await begin(buyer, 'product', packId);
    const before = await balance(buyer);
    const completed = double.completed(stripeId);
    const answers = await Promise.all(Array.from({ length: 100 }, () => double.deliver(t.app, completed)));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers.filter((answer) => answer.json().result === 'processed')).toHaveLength(1);
    expect(await balance(buyer)).toBe(before + 100);
    expect((await state(buyer, id)).status).toBe('paid');
    const [recorded] = await events(completed.id as string);
    expect(recorded).toMatchObject({ outcome: 'processed', deliveries: 100, checkoutSessionId: id });
    const ledger = (await t.app.inject({ url: '/api/credits/ledger', headers: buyer.headers })).json();
    expect(ledger.entries.filter((e: { kind: string }) => e.kind === 'purchase')).toHaveLength(1);
  });

  it('refuses a forged or missing signature and changes nothing', async () => {
    const { id, stripeId } = await begin(buyer, 'product', packId);
    const before = await balance(buyer);
    const completed = double.completed(stripeId);
    const forged = await double.deliver(t.app, completed, {
      secret: `whsec_${crypto.randomUUID().replaceAll('-', '')}`,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'BAD_SIGNATURE' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(completed),
    });
    expect(unsigned.statusCode).toBe(400);
    // A valid signature over a different body does not pass either.
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': double.sign(JSON.stringify(completed)),
      },
      payload: JSON.stringify({ ...completed, id: 'evt_other' }),
    });
    expect(tampered.statusCode).toBe(400);
    expect(await balance(buyer)).toBe(before);
    expect((await state(buyer, id)).status).toBe('open');
    expect(await events(completed.id as string)).toEqual([]);
  });

  it('holds a payment of another amount or currency for review, grants nothing, and still fulfils the right one once', async () => {
    const admin = await signInAdmin(t);
    const before = await balance(buyer);
    // A signed completion paying 1 US cent for the 20 EUR pack.
    const cheap = await begin(buyer, 'product', packId);
    const tampered = double.completedFor(cheap.stripeId, { amount: 1, currency: 'usd' });
    expect((await double.deliver(t.app, tampered)).json().result).toBe('needs_review');
    expect((await double.deliver(t.app, tampered)).json().result).toBe('duplicate');
    // The right amount in the wrong currency is held too.
    const dollars = await begin(buyer, 'product', packId);
    expect(
      (await double.deliver(t.app, double.completedFor(dollars.stripeId, { amount: 2000, currency: 'usd' }))).json()
        .result,
    ).toBe('needs_review');
    expect(await balance(buyer)).toBe(before);
    expect((await state(buyer, cheap.id)).status).toBe('needs_review');
    const l = schema.creditLedger;
    expect(
      await t.database.db
        .select()
        .from(l)
        .where(eq(l.externalRef, `checkout:${cheap.id}`)),
    ).toEqual([]);
    // A later confirmation of the held checkout grants nothing either: an administrator decides.
    expect((await double.deliver(t.app, double.completed(cheap.stripeId))).json().result).toBe('ignored');
    expect(await balance(buyer)).toBe(before);

    const payments = (await t.app.inject({ url: '/api/admin/payments', headers: admin.headers })).json();
    expect(payments.needsReview).toBe(2);
    const held = payments.events.find((e: { eventId: string }) => e.eventId === tampered.id);
    expect(held).toMatchObject({ outcome: 'needs_review', type: 'checkout.session.completed' });
    expect(held.detail).toContain('$0.01');
    expect(held.detail).toContain('€20.00');

    // The right payment still fulfils, exactly once.
    const right = await begin(buyer, 'product', packId);
    const completed = double.completed(right.stripeId);
    expect((await double.deliver(t.app, completed)).json().result).toBe('processed');
    expect((await double.deliver(t.app, completed)).json().result).toBe('duplicate');
    expect(await balance(buyer)).toBe(before + 100);
    expect((await state(buyer, right.id)).status).toBe('paid');
  });

  it('refuses a signature dated more than five minutes ahead or behind, and allows a clock a little ahead', async () => {
    const { id, stripeId } = await begin(buyer, 'product', packId);
    const before = await balance(buyer);
    const completed = double.completed(stripeId);
    const minutes = (n: number) => new Date(Date.now() + n * 60_000);
    for (const signedAt of [minutes(6), minutes(60 * 24), minutes(-6)]) {
      const refused = await double.deliver(t.app, completed, { signedAt });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'BAD_SIGNATURE' });
    }
    expect(await events(completed.id as string)).toEqual([]);
    expect(await balance(buyer)).toBe(before);
    expect((await double.deliver(t.app, completed, { signedAt: minutes(4) })).json().result).toBe('processed');
    expect((await state(buyer, id)).status).toBe('paid');
  });

  it('starts a subscription once when invoice.paid comes before checkout.session.completed, and renews on the next', async () => {
    const { id, stripeId } = await begin(buyer, 'subscription', planId);
    const session = double.sessions.get(stripeId) as Record<string, unknown>;
    expect(session.mode).toBe('subscription');
    expect((session.line_items_params as { price_data: { recurring: unknown } }[])[0]?.price_data.recurring).toEqual({
      interval: 'month',
    });

    const start1 = new Date('2026-11-24T00:00:00Z');
    const end1 = new Date('2026-12-24T00:00:00Z');
    const invoice = double.invoicePaid(stripeId, { start: start1, end: end1 });
    expect((await double.deliver(t.app, invoice)).json().result).toBe('processed');
    const completed = double.completed(stripeId);
    expect((await double.deliver(t.app, completed)).json().result).toBe('ignored');
    await double.deliver(t.app, invoice);

    const subscriptions = await t.database.db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.checkoutSessionId, id));
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({
      ownerUserId: buyer.id,
      provider: 'stripe',
      providerSubscriptionId: session.subscription,
      status: 'active',
      currentPeriodEnd: end1,
    });
    expect((await state(buyer, id)).subscription).toMatchObject({
      status: 'active',
      currentPeriodEnd: end1.toISOString(),
    });

    // A seated account's access follows the renewal.
    const subscriptionId = subscriptions[0]?.id as string;
    const account = (
      await t.app.inject({ method: 'POST', url: '/api/accounts', headers: buyer.headers, payload: { name: 'Rover' } })
    ).json().id as string;
    const seat = async (accountIds: string[]) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/subscriptions/${subscriptionId}/accounts`,
        headers: buyer.headers,
        payload: { accountIds },
      });
    expect((await seat([account])).statusCode).toBe(200);
    const windowEnd = async () =>
      (await t.database.db.select().from(schema.accessWindows).where(eq(schema.accessWindows.accountId, account)))[0]
        ?.endsAt;
    // A renewing subscription's seats keep access past the period end while the renewal is charged.
    expect(await windowEnd()).toEqual(withMargin(end1));

    const end2 = new Date('2027-01-24T00:00:00Z');
    expect((await double.deliver(t.app, double.invoicePaid(stripeId, { start: end1, end: end2 }))).json().result).toBe(
      'processed',
    );
    const [renewed] = await t.database.db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.checkoutSessionId, id));
    expect(renewed?.currentPeriodEnd).toEqual(end2);
    expect(await windowEnd()).toEqual(withMargin(end2));

    // Cancel and resume reach Stripe as cancel_at_period_end.
    const cancel = (action: 'cancel' | 'resume') =>
      t.app.inject({
        method: 'PUT',
        url: `/api/subscriptions/${action}?subscriptionId=${subscriptionId}`,
        headers: buyer.headers,
      });
    expect((await cancel('cancel')).json().status).toBe('cancelling');
    expect(double.subscriptionUpdates.at(-1)).toMatchObject({ id: session.subscription, cancel_at_period_end: true });
    expect((await cancel('resume')).json().status).toBe('active');
    expect(double.subscriptionUpdates.at(-1)).toMatchObject({ cancel_at_period_end: false });
    // Stripe refusing the change leaves the subscription as it was.
    double.failNext(400);
    expect((await cancel('cancel')).statusCode).toBe(502);
    expect(
      renewed &&
        (await t.database.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.id, subscriptionId)))[0]
          ?.status,
    ).toBe('active');
  });

  it('follows an async payment to pending, paid or declined, and an abandoned one to expired', async () => {
    const before = await balance(buyer);
    const slow = await begin(buyer, 'product', packId);
    await double.deliver(t.app, double.completed(slow.stripeId, { isPaid: false }));
    expect((await state(buyer, slow.id)).status).toBe('pending');
    expect(await balance(buyer)).toBe(before);
    await double.deliver(t.app, double.asyncPayment(slow.stripeId, 'succeeded'));
    expect((await state(buyer, slow.id)).status).toBe('paid');
    expect(await balance(buyer)).toBe(before + 100);

    const failed = await begin(buyer, 'product', packId);
    await double.deliver(t.app, double.completed(failed.stripeId, { isPaid: false }));
    await double.deliver(t.app, double.asyncPayment(failed.stripeId, 'failed'));
    expect((await state(buyer, failed.id)).status).toBe('declined');

    const abandoned = await begin(buyer, 'product', packId);
    await double.deliver(t.app, double.expired(abandoned.stripeId));
    expect((await state(buyer, abandoned.id)).status).toBe('expired');
    expect(await balance(buyer)).toBe(before + 100);
  });

  it('takes refunded credits back, never below zero, and records what was already spent', async () => {
    const refundee = await signUpUser(t, 'Refund Rita');
    const { id, stripeId } = await begin(refundee, 'product', packId);
    await double.deliver(t.app, double.completed(stripeId));
    expect(await balance(refundee)).toBe(100);

    // A partial refund (a quarter) takes back a quarter of the credits.
    await double.deliver(t.app, double.refunded(stripeId, 500));
    expect(await balance(refundee)).toBe(75);

    // The user spends 60 of the remaining 75 on an account, then the rest is refunded.
    const account = (
      await t.app.inject({
        method: 'POST',
        url: '/api/accounts',
        headers: refundee.headers,
        payload: { name: 'Drone' },
      })
    ).json();
    const spent = await t.app.inject({
      method: 'POST',
      url: `/api/tokens?accountId=${account.id}&feedNetworkId=${networkId}&days=60`,
      headers: refundee.headers,
    });
    expect(spent.statusCode).toBe(200);
    expect(await balance(refundee)).toBe(15);

    const full = double.refunded(stripeId, 2000);
    await double.deliver(t.app, full);
    await double.deliver(t.app, full);
    expect(await balance(refundee)).toBe(0);
    const [checkout] = await t.database.db
      .select()
      .from(schema.checkoutSessions)
      .where(eq(schema.checkoutSessions.id, id));
    expect(checkout).toMatchObject({ amountRefunded: 2000, creditsRefunded: 40, creditsUnrecovered: 60 });
    const ledger = (await t.app.inject({ url: '/api/credits/ledger', headers: refundee.headers })).json();
    const refunds = ledger.entries.filter((e: { kind: string }) => e.kind === 'refund');
    expect(refunds.map((e: { amount: number }) => e.amount)).toEqual([-15, -25]);
    expect(refunds[0].description).toEqual({ code: 'refund', reference: id.slice(0, 8), unrecovered: 60 });
  });

  it('gives the card form a SetupIntent client secret and the publishable key', async () => {
    const answer = (await t.app.inject({ url: '/api/getCustomerSecret', headers: buyer.headers })).json();
    expect(answer).toMatchObject({ provider: 'stripe', publishableKey: double.publishableKey });
    expect(answer.clientSecret).toMatch(/^seti_\w+_secret_\w+$/);
  });

  it('answers 502 when Stripe fails, without leaving the checkout open', async () => {
    double.failNext(500, 500, 500);
    const failed = await start(buyer, 'product', packId);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'UPSTREAM_FAILED' });
    const open = await t.database.db
      .select()
      .from(schema.checkoutSessions)
      .where(eq(schema.checkoutSessions.status, 'open'));
    expect(open.every((row) => row.providerSessionId !== null)).toBe(true);
  });

  it('shows the admin the provider, the webhook address and the deliveries', async () => {
    const admin = await signInAdmin(t);
    const settings = (await t.app.inject({ url: '/api/admin/payments', headers: admin.headers })).json();
    expect(settings).toMatchObject({
      provider: 'stripe',
      mode: 'test',
      webhookUrl: 'https://portal.example.com/api/stripe/webhook',
    });
    expect(settings.webhookEvents).toEqual(
      expect.arrayContaining(['checkout.session.completed', 'invoice.paid', 'charge.refunded']),
    );
    expect(settings.events.length).toBeGreaterThan(5);
    expect(
      settings.events.some(
        (e: { outcome: string; deliveries: number }) => e.outcome === 'processed' && e.deliveries === 100,
      ),
    ).toBe(true);
    expect((await t.app.inject({ url: '/api/admin/payments', headers: buyer.headers })).statusCode).toBe(403);
  });
});
