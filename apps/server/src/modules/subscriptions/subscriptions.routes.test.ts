import { connect } from 'node:net';
import { type Caster, createCaster, silentLogger } from '@fixpoint/caster';
import { createSecretBox, schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNetwork, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { renewalMarginMs } from './seat-windows';

type User = Awaited<ReturnType<typeof signUpUser>>;

/** A bought subscription's seats give NTRIP accounts access to its network; cancel and resume follow spec 7. */
describe('subscriptions', () => {
  let t: TestApp;
  let caster: Caster;
  let buyer: User;
  let other: User;
  let networkId: string;
  let mountpoint: string;
  let subscriptionId: string;

  const call = (user: User, method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, payload });
  const createAccount = async (user: User, name: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/accounts', headers: user.headers, payload: { name } })).json()
      .id as string;
  const accessOn = async (user: User, accountId: string) => {
    const accounts = (await call(user, 'GET', '/api/accounts')).json() as {
      id: string;
      networks: { networkId: string; state: string; activeUntil: string | null }[];
    }[];
    return accounts.find((a) => a.id === accountId)?.networks.find((n) => n.networkId === networkId);
  };

  async function buySubscription(user: User, priceId: string) {
    const { checkoutSessionId } = (
      await t.app.inject({
        method: 'POST',
        url: `/api/checkout/subscription?priceId=${priceId}`,
        headers: user.headers,
      })
    ).json();
    await t.app.inject({
      method: 'POST',
      url: `/api/payments/local/${checkoutSessionId}`,
      headers: { ...user.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    const [row] = await t.database.db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.checkoutSessionId, checkoutSessionId));
    return row?.id as string;
  }

  /** A real NTRIP 1.0 rover on the caster; resolves its answer and when the caster closes it. */
  async function rover(accountId: string) {
    const { username, password } = (
      await t.app.inject({ url: `/api/accounts/${accountId}/credentials`, headers: buyer.headers })
    ).json() as { username: string; password: string };
    const socket = connect({ host: '127.0.0.1', port: caster.port });
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
    });
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
    const auth = Buffer.from(`${username}:${password}`).toString('base64');
    socket.write(`GET /${mountpoint} HTTP/1.0\r\nUser-Agent: NTRIP test\r\nAuthorization: Basic ${auth}\r\n\r\n`);
    const deadline = Date.now() + 5_000;
    while (!text.includes('\r\n\r\n') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return { reply: text.split('\r\n')[0], closed, socket };
  }

  beforeAll(async () => {
    t = await createTestApp();
    buyer = await signUpUser(t, 'Fleet Fiona');
    other = await signUpUser(t, 'Other Olaf');
    const network = await seedNetwork(t.database.db, {}, 1);
    networkId = network.id;
    mountpoint = `${network.code}_ST1`;
    const [plan] = await t.database.db
      .insert(schema.products)
      .values({
        name: 'Fleet Monthly',
        type: 'Subscription',
        category: 'billable-subscription',
        amount: 9900,
        currency: 'eur',
        interval: 'MONTHLY',
        networkId,
        seats: 2,
      })
      .returning();
    subscriptionId = await buySubscription(buyer, plan?.id as string);
    caster = createCaster({
      db: t.database.db,
      secretBox: createSecretBox(t.secretKey),
      logger: silentLogger,
      options: { host: '127.0.0.1', port: 0, catalogTtlMs: 0, accountPollMs: 200, instance: 'subscriptions' },
    });
    await caster.start();
  });
  afterAll(async () => {
    await caster?.stop();
    await t?.close();
  });

  it('lists what was bought, with its seats empty at first', async () => {
    const list = (await call(buyer, 'GET', '/api/subscriptions')).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: subscriptionId,
      productName: 'Fleet Monthly',
      networkId,
      status: 'active',
      seats: 2,
      accounts: [],
      amount: 9900,
      interval: 'MONTHLY',
      provider: 'local',
    });
    expect(new Date(list[0].currentPeriodEnd).getTime()).toBeGreaterThan(Date.now() + 27 * 864e5);
    expect((await call(other, 'GET', '/api/subscriptions')).json()).toEqual([]);
  });

  it('gives a seated account access until the period end, and a rover on it is cut within a second of leaving the seat', async () => {
    const tractor = await createAccount(buyer, 'Tractor');
    expect((await rover(tractor)).reply).not.toBe('ICY 200 OK');

    const seated = await call(buyer, 'PUT', `/api/subscriptions/${subscriptionId}/accounts`, { accountIds: [tractor] });
    expect(seated.statusCode).toBe(200);
    expect(seated.json().accounts).toEqual([expect.objectContaining({ id: tractor, name: 'Tractor' })]);
    const access = await accessOn(buyer, tractor);
    // Renewing: access runs past the period end by the renewal margin while the renewal is charged.
    expect(access).toMatchObject({
      state: 'active',
      activeUntil: new Date(new Date(seated.json().currentPeriodEnd).getTime() + renewalMarginMs).toISOString(),
    });

    const live = await rover(tractor);
    expect(live.reply).toBe('ICY 200 OK');
    const removedAt = Date.now();
    await call(buyer, 'PUT', `/api/subscriptions/${subscriptionId}/accounts`, { accountIds: [] });
    const closedAt = await Promise.race([live.closed, new Promise<number>((r) => setTimeout(() => r(0), 3_000))]);
    expect(closedAt, 'session closed').toBeGreaterThan(0);
    expect(closedAt - removedAt).toBeLessThan(1_500);
    expect((await accessOn(buyer, tractor))?.state).toBe('expired');
  });

  it('refuses more accounts than seats, accounts of others and subscriptions of others', async () => {
    const ids = [await createAccount(buyer, 'A'), await createAccount(buyer, 'B'), await createAccount(buyer, 'C')];
    const tooMany = await call(buyer, 'PUT', `/api/subscriptions/${subscriptionId}/accounts`, { accountIds: ids });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ code: 'TOO_MANY_ACCOUNTS', message: 'This subscription has 2 seats.' });
    const foreign = await createAccount(other, 'Not yours');
    const stolen = await call(buyer, 'PUT', `/api/subscriptions/${subscriptionId}/accounts`, { accountIds: [foreign] });
    expect(stolen.statusCode).toBe(404);
    expect(await accessOn(other, foreign)).toBeUndefined();
    expect((await call(other, 'PUT', `/api/subscriptions/cancel?subscriptionId=${subscriptionId}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(other, 'PUT', `/api/subscriptions/${subscriptionId}/accounts`, { accountIds: [] })).statusCode,
    ).toBe(404);
    // Nothing changed for the owner.
    expect((await call(buyer, 'GET', '/api/subscriptions')).json()[0]).toMatchObject({
      status: 'active',
      accounts: [],
    });
  });

  it('cancels at period end keeping access until then, resumes, and says why a repeat is refused', async () => {
    const drone = await createAccount(buyer, 'Drone');
    await call(buyer, 'PUT', `/api/subscriptions/${subscriptionId}/accounts`, { accountIds: [drone] });
    const cancelled = await call(buyer, 'PUT', `/api/subscriptions/cancel?subscriptionId=${subscriptionId}`);
    expect(cancelled.json().status).toBe('cancelling');
    // Set to end: access runs to the period end exactly, no renewal margin.
    expect(await accessOn(buyer, drone)).toMatchObject({
      state: 'active',
      activeUntil: cancelled.json().currentPeriodEnd,
    });
    const again = await call(buyer, 'PUT', `/api/subscriptions/cancel?subscriptionId=${subscriptionId}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This subscription is already cancelling.');

    expect((await call(buyer, 'PUT', `/api/subscriptions/resume?subscriptionId=${subscriptionId}`)).json().status).toBe(
      'active',
    );
    const resumedUntil = new Date((await accessOn(buyer, drone))?.activeUntil as string);
    expect(resumedUntil.getTime() - new Date(cancelled.json().currentPeriodEnd).getTime()).toBe(renewalMarginMs);
    const notCancelling = await call(buyer, 'PUT', `/api/subscriptions/resume?subscriptionId=${subscriptionId}`);
    expect(notCancelling.statusCode).toBe(409);

    // Cancelled and past its period end: it reads as cancelled and cannot be resumed.
    await call(buyer, 'PUT', `/api/subscriptions/cancel?subscriptionId=${subscriptionId}`);
    await t.database.db
      .update(schema.subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(schema.subscriptions.id, subscriptionId));
    expect((await call(buyer, 'GET', '/api/subscriptions')).json()[0].status).toBe('cancelled');
    const ended = await call(buyer, 'PUT', `/api/subscriptions/resume?subscriptionId=${subscriptionId}`);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe('This subscription has ended: buy a new one.');
    const malformed = await call(buyer, 'PUT', '/api/subscriptions/cancel?subscriptionId=nope');
    expect(malformed.statusCode).toBe(400);
  });
  it('renews a local subscription on its clock, with its seats, once per period; a cancelling one ends', async () => {
    const [plan] = await t.database.db
      .insert(schema.products)
      .values({
        name: 'Weekly',
        type: 'Subscription',
        category: 'billable-subscription',
        amount: 900,
        currency: 'eur',
        interval: 'WEEKLY',
        networkId,
      })
      .returning();
    const weekly = await buySubscription(buyer, plan?.id as string);
    const truck = await createAccount(buyer, 'Truck');
    await call(buyer, 'PUT', `/api/subscriptions/${weekly}/accounts`, { accountIds: [truck] });
    const periodEndOf = async () =>
      (await t.database.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.id, weekly)))[0]
        ?.currentPeriodEnd as Date;
    const firstEnd = await periodEndOf();
    const renewals = t.app.localRenewals;
    if (!renewals) throw new Error('the local provider has a billing clock');

    // Not due yet: nothing happens.
    expect(await renewals.renewDue(new Date(firstEnd.getTime() - 60_000))).toBe(0);
    // A minute after the period end: one more week, for the subscription and its seat.
    const later = new Date(firstEnd.getTime() + 60_000);
    expect(await renewals.renewDue(later)).toBe(1);
    expect(await renewals.renewDue(later)).toBe(0);
    const secondEnd = await periodEndOf();
    expect(secondEnd.getTime() - firstEnd.getTime()).toBe(7 * 864e5);
    const [seatWindow] = await t.database.db
      .select()
      .from(schema.accessWindows)
      .where(eq(schema.accessWindows.accountId, truck));
    expect(seatWindow?.endsAt).toEqual(new Date(secondEnd.getTime() + renewalMarginMs));

    // Cancelled at period end: the clock leaves it to end.
    await call(buyer, 'PUT', `/api/subscriptions/cancel?subscriptionId=${weekly}`);
    expect(await renewals.renewDue(new Date(secondEnd.getTime() + 60_000))).toBe(0);
    expect(await periodEndOf()).toEqual(secondEnd);
  });
});
