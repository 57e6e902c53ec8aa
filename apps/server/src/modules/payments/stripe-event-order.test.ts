import { schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPlan, seedNetwork, signUpUser } from '../../testing/fixtures';
import { type StripeDouble, startStripeDouble } from '../../testing/stripe-double';
import { createTestApp, type TestApp } from '../../testing/test-app';

type Json = Record<string, unknown>;
const day = 86_400_000;

/** Every order of `items`. */
function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  );
}

/**
 * Stripe delivers a subscription's events in no particular order (docs/decisions/0063): whichever order they arrive
 * in, the subscription here ends in Stripe's state, read from the Stripe double through the SDK.
 */
describe('Stripe subscription events in any order', () => {
  let double: StripeDouble;
  let t: TestApp;
  let buyer: Awaited<ReturnType<typeof signUpUser>>;
  let planId: string;

  beforeAll(async () => {
    double = await startStripeDouble();
    t = await createTestApp({
      STRIPE_SECRET_KEY: double.secretKey,
      STRIPE_WEBHOOK_SECRET: double.webhookSecret,
      STRIPE_API_URL: double.url,
      PUBLIC_URL: 'https://portal.example.com',
    });
    buyer = await signUpUser(t, 'Order Otto');
    planId = await insertPlan(t.database.db, (await seedNetwork(t.database.db)).id);
  });
  afterAll(async () => {
    await t?.close();
    await double?.close();
  });

  /**
   * Starts a checkout and lets Stripe go through its life in its own order (created, paid, completed, then the
   * changes in `life`), building each event as Stripe would send it; answers our checkout id and the events by name.
   */
  async function lived(life: { cancelsAtPeriodEnd: boolean; isDeleted: boolean }) {
    const created = (
      await t.app.inject({
        method: 'POST',
        url: `/api/checkout/subscription?priceId=${planId}`,
        headers: buyer.headers,
      })
    ).json();
    const stripeId = [...double.sessions.values()].find((s) => s.url === created.url)?.id as string;
    // Whole seconds, as Stripe counts.
    const now = Math.floor(Date.now() / 1000) * 1000;
    const period = { start: new Date(now - day), end: new Date(now + 29 * day) };
    const events: Record<string, Json> = {
      created: double.subscriptionChanged(stripeId, { status: 'active', period, isCreation: true }),
      'invoice.paid': double.invoicePaid(stripeId, period),
      completed: double.completed(stripeId),
      updated: double.subscriptionChanged(stripeId, {
        status: 'active',
        period,
        cancelAtPeriodEnd: life.cancelsAtPeriodEnd,
      }),
    };
    if (life.isDeleted) events.deleted = double.subscriptionChanged(stripeId, { status: 'canceled', deleted: true });
    return { checkoutSessionId: created.checkoutSessionId as string, events, period };
  }
  const subscriptionOf = async (checkoutSessionId: string) =>
    (
      await t.database.db
        .select()
        .from(schema.subscriptions)
        .where(eq(schema.subscriptions.checkoutSessionId, checkoutSessionId))
    )[0];

  it('ends cancelled in all 120 orders of created, updated, deleted, invoice.paid and checkout.session.completed', async () => {
    const orders = permutations(['created', 'updated', 'deleted', 'invoice.paid', 'completed']);
    expect(orders).toHaveLength(120);
    const wrong: string[] = [];
    for (const order of orders) {
      const { checkoutSessionId, events } = await lived({ cancelsAtPeriodEnd: true, isDeleted: true });
      for (const name of order) {
        const answer = await double.deliver(t.app, events[name] as Json);
        expect(answer.statusCode).toBe(200);
      }
      const subscription = await subscriptionOf(checkoutSessionId);
      if (subscription?.status !== 'cancelled') wrong.push(`${order.join(' > ')}: ${subscription?.status}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('ends cancelling, with Stripe’s period, in all 24 orders when Stripe only stops the renewal', async () => {
    const wrong: string[] = [];
    for (const order of permutations(['created', 'updated', 'invoice.paid', 'completed'])) {
      const { checkoutSessionId, events, period } = await lived({ cancelsAtPeriodEnd: true, isDeleted: false });
      for (const name of order) await double.deliver(t.app, events[name] as Json);
      const subscription = await subscriptionOf(checkoutSessionId);
      if (subscription?.status !== 'cancelling' || subscription.currentPeriodEnd.getTime() !== period.end.getTime()) {
        wrong.push(
          `${order.join(' > ')}: ${subscription?.status} until ${subscription?.currentPeriodEnd.toISOString()}`,
        );
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('answers 500 when Stripe cannot be asked, so that Stripe delivers the event again', async () => {
    const { checkoutSessionId, events } = await lived({ cancelsAtPeriodEnd: false, isDeleted: false });
    await double.deliver(t.app, events.completed as Json);
    expect((await subscriptionOf(checkoutSessionId))?.status).toBe('active');
    const stripeId = [...double.sessions.values()].find(
      (s) => (s.metadata as Json).checkoutSessionId === checkoutSessionId,
    )?.id as string;
    events.deleted = double.subscriptionChanged(stripeId, { status: 'canceled', deleted: true });
    double.failNext(500, 500, 500);
    expect((await double.deliver(t.app, events.deleted as Json)).statusCode).toBe(500);
    expect((await subscriptionOf(checkoutSessionId))?.status).toBe('active');
    expect((await double.deliver(t.app, events.deleted as Json)).json().result).toBe('processed');
    expect((await subscriptionOf(checkoutSessionId))?.status).toBe('cancelled');
  });
});
