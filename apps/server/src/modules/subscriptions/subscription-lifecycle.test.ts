import { schema } from '@fixpoint/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPlan, seedNetwork, signInAdmin, signUpUser } from '../../testing/fixtures';
import { type StripeDouble, startStripeDouble } from '../../testing/stripe-double';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { renewalMarginMs } from './seat-windows';

const withMargin = (date: Date) => new Date(date.getTime() + renewalMarginMs);

type User = Awaited<ReturnType<typeof signUpUser>>;
const day = 864e5;
/** A time `ms` from now, in whole seconds as Stripe's events carry it. */
const fromNow = (ms: number) => new Date(Math.floor((Date.now() + ms) / 1000) * 1000);

/**
 * A subscription's life after its purchase (docs/decisions/0038), driven by Stripe's signed events against the local
 * double: past due with a grace period, renewal, cancellation and deletion in any order; and the admin's side.
 */
describe('subscription lifecycle', () => {
  let double: StripeDouble;
  let t: TestApp;
  let buyer: User;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  let planId: string;
  let networkId: string;

  const call = (
    user: { headers: Record<string, string> },
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: user.headers, payload });
  const subscriptionRow = async (id: string) =>
    (await t.database.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.id, id)))[0];
  const windowEnd = async (accountId: string, subscriptionId: string) =>
    (
      await t.database.db
        .select()
        .from(schema.accessWindows)
        .where(and(eq(schema.accessWindows.accountId, accountId), eq(schema.accessWindows.sourceRef, subscriptionId)))
    )[0]?.endsAt;

  /** A Stripe subscription started by its first invoice, with one seated account. */
  async function subscribed(period: { start: Date; end: Date }) {
    const created = (await call(buyer, 'POST', `/api/checkout/subscription?priceId=${planId}`)).json();
    const session = [...double.sessions.values()].find((s) => s.url === created.url);
    const stripeId = session?.id as string;
    expect((await double.deliver(t.app, double.invoicePaid(stripeId, period))).json().result).toBe('processed');
    const [row] = await t.database.db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.checkoutSessionId, created.checkoutSessionId));
    const subscriptionId = row?.id as string;
    const accountId = (await call(buyer, 'POST', '/api/accounts', { name: 'Rover' })).json().id as string;
    expect(
      (await call(buyer, 'PUT', `/api/subscriptions/${subscriptionId}/accounts`, { accountIds: [accountId] }))
        .statusCode,
    ).toBe(200);
    return { stripeId, subscriptionId, accountId };
  }
  const mine = async (subscriptionId: string) =>
    (
      (await call(buyer, 'GET', '/api/subscriptions')).json() as {
        id: string;
        status: string;
        graceEndsAt: string | null;
      }[]
    ).find((s) => s.id === subscriptionId);

  beforeAll(async () => {
    double = await startStripeDouble();
    t = await createTestApp({
      STRIPE_SECRET_KEY: double.secretKey,
      STRIPE_WEBHOOK_SECRET: double.webhookSecret,
      STRIPE_API_URL: double.url,
      SUBSCRIPTION_GRACE_DAYS: '3',
    });
    buyer = await signUpUser(t, 'Fleet Fenna');
    admin = await signInAdmin(t);
    networkId = (await seedNetwork(t.database.db)).id;
    planId = await insertPlan(t.database.db, networkId);
  });
  afterAll(async () => {
    await t?.close();
    await double?.close();
  });

  it('keeps access for the grace period when a renewal fails, and renews when the retry is paid', async () => {
    const periodEnd = fromNow(60_000);
    const { stripeId, subscriptionId, accountId } = await subscribed({
      start: fromNow(-30 * day),
      end: periodEnd,
    });
    expect(await windowEnd(accountId, subscriptionId)).toEqual(withMargin(periodEnd));

    const failed = double.invoicePaymentFailed(stripeId);
    expect((await double.deliver(t.app, failed)).json().result).toBe('processed');
    expect((await double.deliver(t.app, failed)).json().result).toBe('duplicate');
    const graceEnd = new Date(periodEnd.getTime() + 3 * day);
    expect(await mine(subscriptionId)).toMatchObject({ status: 'past_due', graceEndsAt: graceEnd.toISOString() });
    expect(await windowEnd(accountId, subscriptionId)).toEqual(graceEnd);
    // A second failed retry does not move the grace end.
    await double.deliver(t.app, double.invoicePaymentFailed(stripeId));
    expect((await subscriptionRow(subscriptionId))?.graceEndsAt).toEqual(graceEnd);

    const nextEnd = new Date(periodEnd.getTime() + 31 * day);
    await double.deliver(t.app, double.invoicePaid(stripeId, { start: periodEnd, end: nextEnd }));
    expect(await mine(subscriptionId)).toMatchObject({ status: 'active', graceEndsAt: null });
    expect(await windowEnd(accountId, subscriptionId)).toEqual(withMargin(nextEnd));
  });

  it('follows customer.subscription.updated and .deleted in any order, and a deleted one stays ended', async () => {
    const start = fromNow(-day);
    const end = fromNow(29 * day);
    const { stripeId, subscriptionId, accountId } = await subscribed({ start, end });
    const t0 = fromNow(-10_000);

    const cancelling = double.subscriptionChanged(stripeId, {
      status: 'active',
      cancelAtPeriodEnd: true,
      period: { start, end },
      created: new Date(t0.getTime() + 2000),
    });
    expect((await double.deliver(t.app, cancelling)).json().result).toBe('processed');
    expect((await mine(subscriptionId))?.status).toBe('cancelling');
    // An older update (still renewing) arriving late changes nothing.
    const stale = double.subscriptionChanged(stripeId, { status: 'active', period: { start, end }, created: t0 });
    expect((await double.deliver(t.app, stale)).json().result).toBe('ignored');
    expect((await mine(subscriptionId))?.status).toBe('cancelling');
    expect(await windowEnd(accountId, subscriptionId)).toEqual(end);

    const deleted = double.subscriptionChanged(stripeId, {
      status: 'canceled',
      deleted: true,
      created: new Date(t0.getTime() + 4000),
    });
    expect((await double.deliver(t.app, deleted)).json().result).toBe('processed');
    expect((await mine(subscriptionId))?.status).toBe('cancelled');
    const ended = await windowEnd(accountId, subscriptionId);
    expect(ended?.getTime()).toBeLessThanOrEqual(Date.now());

    const revived = double.subscriptionChanged(stripeId, {
      status: 'active',
      period: { start, end },
      created: new Date(),
    });
    expect((await double.deliver(t.app, revived)).json().result).toBe('ignored');
    expect((await mine(subscriptionId))?.status).toBe('cancelled');
    expect(await windowEnd(accountId, subscriptionId)).toEqual(ended);
    // Nor does a late renewal bring it back.
    await double.deliver(t.app, double.invoicePaid(stripeId, { start: end, end: new Date(end.getTime() + 30 * day) }));
    expect((await subscriptionRow(subscriptionId))?.currentPeriodEnd).toEqual(end);
  });

  it('marks a subscription past due from Stripe status past_due or unpaid, with the same grace', async () => {
    const end = fromNow(5_000);
    const { stripeId, subscriptionId, accountId } = await subscribed({ start: fromNow(-30 * day), end });
    await double.deliver(
      t.app,
      double.subscriptionChanged(stripeId, {
        status: 'unpaid',
        period: { start: fromNow(-30 * day), end },
      }),
    );
    expect((await mine(subscriptionId))?.status).toBe('past_due');
    expect(await windowEnd(accountId, subscriptionId)).toEqual(new Date(end.getTime() + 3 * day));
  });

  it("lets an admin search, filter, cancel, resume and delete any user's subscription", async () => {
    const end = fromNow(20 * day);
    const { subscriptionId, accountId } = await subscribed({ start: new Date(), end });
    const list = await call(admin, 'GET', '/api/admin/subscriptions?search=fenna');
    expect(list.statusCode).toBe(200);
    expect(list.json().find((s: { id: string }) => s.id === subscriptionId)).toMatchObject({
      owner: { userId: buyer.id, name: 'Fleet Fenna' },
      status: 'active',
      accounts: [expect.objectContaining({ id: accountId })],
    });
    expect((await call(admin, 'GET', '/api/admin/subscriptions?search=nobody-like-this')).json()).toEqual([]);
    const cancelled = (await call(admin, 'GET', '/api/admin/subscriptions?status=cancelled')).json() as {
      status: string;
    }[];
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.every((s) => s.status === 'cancelled')).toBe(true);

    expect(
      (await call(admin, 'PUT', `/api/admin/subscriptions/cancel?subscriptionId=${subscriptionId}`)).json().status,
    ).toBe('cancelling');
    expect(double.subscriptionUpdates.at(-1)).toMatchObject({ cancel_at_period_end: true });
    const again = await call(admin, 'PUT', `/api/admin/subscriptions/cancel?subscriptionId=${subscriptionId}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'SUBSCRIPTION_NOT_ACTIVE',
      message: 'This subscription is already cancelling.',
    });
    expect(
      (await call(admin, 'PUT', `/api/admin/subscriptions/resume?subscriptionId=${subscriptionId}`)).json().status,
    ).toBe('active');

    // Stripe refusing the cancellation keeps the subscription and its access.
    double.failNext(400);
    expect((await call(admin, 'DELETE', `/api/admin/subscriptions?subscriptionId=${subscriptionId}`)).statusCode).toBe(
      502,
    );
    expect(await subscriptionRow(subscriptionId)).toBeDefined();
    expect(await windowEnd(accountId, subscriptionId)).toEqual(withMargin(end));

    const removed = await call(admin, 'DELETE', `/api/admin/subscriptions?subscriptionId=${subscriptionId}`);
    expect(removed.statusCode).toBe(204);
    expect(double.subscriptionUpdates.at(-1)).toMatchObject({ status: 'canceled' });
    expect(await subscriptionRow(subscriptionId)).toBeUndefined();
    expect((await windowEnd(accountId, subscriptionId))?.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await call(admin, 'DELETE', `/api/admin/subscriptions?subscriptionId=${subscriptionId}`)).statusCode).toBe(
      404,
    );
  });

  it('grants a manual subscription that works like a paid one for its period, and refuses bad grants', async () => {
    const [manual] = await t.database.db
      .insert(schema.products)
      .values({
        name: 'Partner access',
        type: 'Subscription',
        category: 'non-billable-subscription',
        amount: 0,
        currency: 'eur',
        networkId,
        seats: 3,
      })
      .returning();
    const startsAt = fromNow(-60_000).toISOString();
    const endsAt = fromNow(10 * day).toISOString();
    const grant = (body: object) => call(admin, 'POST', '/api/admin/subscriptions', body);

    const bad = await grant({ userId: buyer.id, productId: planId, startsAt, endsAt });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choose a manual (non-billable) subscription product.');
    const backwards = await grant({ userId: buyer.id, productId: manual?.id, startsAt: endsAt, endsAt: startsAt });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain('The end must come after the start.');
    expect((await grant({ userId: 'nobody', productId: manual?.id, startsAt, endsAt })).statusCode).toBe(404);
    expect(
      (
        await call(buyer, 'POST', '/api/admin/subscriptions', {
          userId: buyer.id,
          productId: manual?.id,
          startsAt,
          endsAt,
        })
      ).statusCode,
    ).toBe(403);

    const granted = await grant({ userId: buyer.id, productId: manual?.id, startsAt, endsAt });
    expect(granted.statusCode).toBe(201);
    expect(granted.json()).toMatchObject({ provider: 'manual', status: 'active', seats: 3, currentPeriodEnd: endsAt });
    const subscriptionId = granted.json().id as string;
    const accountId = (await call(buyer, 'POST', '/api/accounts', { name: 'Partner rover' })).json().id as string;
    const seated = await call(buyer, 'PUT', `/api/subscriptions/${subscriptionId}/accounts`, {
      accountIds: [accountId],
    });
    expect(seated.statusCode).toBe(200);
    expect(await windowEnd(accountId, subscriptionId)).toEqual(new Date(endsAt));

    // Past its end, a manual grant reads as ended.
    await t.database.db
      .update(schema.subscriptions)
      .set({ currentPeriodEnd: fromNow(-1000) })
      .where(eq(schema.subscriptions.id, subscriptionId));
    expect((await mine(subscriptionId))?.status).toBe('cancelled');
  });
});
