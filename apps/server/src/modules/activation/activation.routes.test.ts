import { schema } from '@fixpoint/db';
import { eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNetwork, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { ensureAdmin } from '../auth/admin-bootstrap';

const dayMs = 86_400_000;

describe('credits and activation', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let user: Awaited<ReturnType<typeof signUpUser>>;
  let network: Awaited<ReturnType<typeof seedNetwork>>;

  const grant = (userId: string, tokenAmount: number, reason?: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/tokens',
      query: { userId, tokenAmount: String(tokenAmount), ...(reason ? { reason } : {}) },
      headers: admin,
    });
  const createAccount = async (headers: { authorization: string }, name = 'Tractor 1') =>
    (await t.app.inject({ method: 'POST', url: '/api/accounts', payload: { name }, headers })).json();
  const activate = (headers: { authorization: string }, accountId: string, networkId: string, days: number | string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      query: { accountId, feedNetworkId: networkId, days: String(days) },
      headers,
    });

  beforeAll(async () => {
    t = await createTestApp();
    await ensureAdmin(
      { auth: t.app.auth, db: t.database.db },
      { email: 'admin@example.com', password: 'admin password' },
    );
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'admin@example.com', password: 'admin password' },
    });
    admin = { authorization: `Bearer ${signIn.headers['set-auth-token']}` };
    user = await signUpUser(t, 'Farmer Jo');
    network = await seedNetwork(t.database.db, { dailyPrice: 2 });
  });
  afterAll(() => t.close());

  it('lets an admin grant and correct credits with a reason, never below zero', async () => {
    expect((await grant(user.id, 20, 'Welcome pack')).json()).toEqual({ balance: 20 });
    expect((await grant(user.id, -5)).json()).toEqual({ balance: 15 });
    const overdraw = await grant(user.id, -100);
    expect(overdraw.statusCode).toBe(409);
    expect(overdraw.json().code).toBe('INSUFFICIENT_CREDITS');
    expect((await grant('no-such-user', 5)).statusCode).toBe(404);
    expect((await grant(user.id, 0)).statusCode).toBe(400);

    const overview = await t.app.inject({ url: '/api/user', headers: user.headers });
    expect(overview.json().tokenAmount).toBe(15);
    const ledger = (await t.app.inject({ url: '/api/credits/ledger', headers: user.headers })).json();
    expect(ledger.balance).toBe(15);
    expect(
      ledger.entries.map((e: { kind: string; amount: number; description: object; reason: string }) => [
        e.kind,
        e.amount,
        e.description,
        e.reason,
      ]),
    ).toEqual([
      ['correction', -5, { code: 'adminCorrection' }, ''],
      ['grant', 20, { code: 'adminGrant' }, 'Welcome pack'],
    ]);
  });

  it('creates an NTRIP account with generated credentials that list responses never contain', async () => {
    const account = await createAccount(user.headers);
    expect(account.username).toMatch(/^fx-[a-z2-9]{7}$/);
    expect(account.networks).toEqual([]);
    expect(account.diagnosis).toBe('no-access');
    const list = await t.app.inject({ url: '/api/accounts', headers: user.headers });
    expect(list.body).not.toMatch(/password/i);
    const credentials = (
      await t.app.inject({ url: `/api/accounts/${account.id}/credentials`, headers: user.headers })
    ).json();
    expect(credentials.password).toMatch(/^[A-Za-z2-9]{16}$/);
    const [row] = await t.database.db
      .select()
      .from(schema.ntripAccounts)
      .where(eq(schema.ntripAccounts.id, account.id));
    expect(row?.passwordEnc).not.toContain(credentials.password);
  });

  it('spends days x price and chains the access window from its current end', async () => {
    const account = await createAccount(user.headers, 'Drone');
    const first = await activate(user.headers, account.id, network.id, 3);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ cost: 6, balance: 9, startsAtFirstConnection: false });
    const firstEnd = Date.parse(first.json().activeUntil);
    expect(Math.abs(firstEnd - (Date.now() + 3 * dayMs))).toBeLessThan(60_000);

    const second = (await activate(user.headers, account.id, network.id, 2)).json();
    expect(Date.parse(second.activeUntil)).toBe(firstEnd + 2 * dayMs);
    const status = (await t.app.inject({ url: `/api/accounts/${account.id}`, headers: user.headers })).json();
    expect(status.networks).toEqual([
      expect.objectContaining({ networkId: network.id, state: 'active', activeUntil: second.activeUntil, daysLeft: 5 }),
    ]);
    const credentials = (
      await t.app.inject({ url: `/api/accounts/${account.id}/credentials`, headers: user.headers })
    ).json();
    expect(credentials.mountpoints[0]).toEqual({
      mountpoint: `${network.code}_AUTO`,
      networkName: network.name,
      isAuto: true,
    });
    expect(credentials.rtklibUrl).toBe(
      `ntrip://${credentials.username}:${credentials.password}@localhost:2101/${network.code}_AUTO`,
    );
  });

  it('refuses with a clear code: short balance, unavailable network, bad days, foreign account', async () => {
    const account = await createAccount(user.headers, 'Survey pole');
    const short = await activate(user.headers, account.id, network.id, 100);
    expect(short.statusCode).toBe(402);
    expect(short.json()).toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      message: 'This needs 200 credits and your balance is 5.',
    });

    const hidden = await seedNetwork(t.database.db, { isPublished: false });
    expect((await activate(user.headers, account.id, hidden.id, 1)).json().code).toBe('NETWORK_NOT_AVAILABLE');

    // Decimal digits only: hex, exponents and padded numbers are not read as days.
    for (const days of [0, -1, 1.5, 367, 'two', '0x10', '1e1', '%2016', '16.0']) {
      const res = await activate(user.headers, account.id, network.id, days);
      expect(res.statusCode, String(days)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }

    const stranger = await signUpUser(t, 'Stranger');
    const foreign = await activate(stranger.headers, account.id, network.id, 1);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('ACCOUNT_NOT_FOUND');
    expect(
      (await t.app.inject({ url: `/api/accounts/${account.id}/credentials`, headers: stranger.headers })).statusCode,
    ).toBe(404);
    expect((await activate({ authorization: 'Bearer nope' }, account.id, network.id, 1)).statusCode).toBe(401);
  });

  it('keeps days for the first connection on networks that count from there', async () => {
    const later = await seedNetwork(t.database.db, { accessStartsAt: 'first-connection', dailyPrice: 1 });
    const buyer = await signUpUser(t, 'Later Buyer');
    await grant(buyer.id, 10);
    const account = await createAccount(buyer.headers);
    expect((await activate(buyer.headers, account.id, later.id, 3)).json()).toMatchObject({
      activeUntil: null,
      startsAtFirstConnection: true,
    });
    await activate(buyer.headers, account.id, later.id, 2);
    const status = (await t.app.inject({ url: `/api/accounts/${account.id}`, headers: buyer.headers })).json();
    expect(status.networks).toEqual([expect.objectContaining({ state: 'pending', daysLeft: 5, activeUntil: null })]);
    expect(status.diagnosis).toBe('never-connected');
  });

  it('lets exactly as many of 1,000 concurrent activations through as the balance covers', async () => {
    const racer = await signUpUser(t, 'Racer');
    const cheap = await seedNetwork(t.database.db, { dailyPrice: 1 });
    await grant(racer.id, 10);
    const accounts = [await createAccount(racer.headers, 'A'), await createAccount(racer.headers, 'B')];
    const results = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        activate(racer.headers, (accounts[i % 2] as { id: string }).id, cheap.id, 1),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(990);

    const [ledgerSum] = await t.database.db
      .select({ total: sum(schema.creditLedger.amount) })
      .from(schema.creditLedger)
      .where(eq(schema.creditLedger.ownerUserId, racer.id));
    expect(Number(ledgerSum?.total)).toBe(0);
    expect((await t.app.inject({ url: '/api/user', headers: racer.headers })).json().tokenAmount).toBe(0);

    // The 10 days were chained, not overlapped: the two accounts' access adds up to 10 days.
    const windows = await t.database.db
      .select()
      .from(schema.accessWindows)
      .where(eq(schema.accessWindows.networkId, cheap.id));
    const covered = windows.reduce(
      (total, w) => total + ((w.endsAt as Date).getTime() - (w.startsAt as Date).getTime()),
      0,
    );
    expect(covered).toBe(10 * dayMs);
  }, 120_000);
});
