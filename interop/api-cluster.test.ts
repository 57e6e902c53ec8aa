import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { simulatedEpochBytes } from '@fixpoint/caster';
import { hashSecret, openDatabase, schema } from '@fixpoint/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPlan, seedNetwork } from '../apps/server/src/testing/fixtures';
import { type RunningServer, startServer } from '../e2e/harness';
import { children, ntripRover, startCasterProcess, until } from './processes';
import { createScratchDatabase } from './scratch-database';

// Issue 34, part 1 (decision 0084): two API processes as `npm run start:api` runs them and two caster processes as
// `npm run start:caster` runs them, on one PostgreSQL database and the local NATS server (.ci/run starts it). A
// sign-in back-off counts attempts made through either; an admin's page title set through A is on B's pages within a
// second (B's shared answers are kept 10 s: only NATS tells B in time); an NTRIP account created through B serves
// rovers on both casters, and disabling it through A ends both sessions within a second (the casters poll accounts
// once a minute: only NATS tells them in time); a `kill -9` of A during writes through both and during the billing
// clock's renewals loses no answered write, renews no subscription twice, and B goes on serving and renews what A
// left.

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const admin = { email: 'cluster-admin@example.com', password: `pw-${randomBytes(8).toString('hex')}` };

describe('the API on two processes', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let a: RunningServer;
  let b: RunningServer;
  let env: Record<string, string>;

  /** A JSON write through `server`, from its own origin (the CSRF guard's), as a bearer `token` when given. */
  const post = (server: RunningServer, path: string, body: unknown, token?: string, method = 'POST') =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        origin: server.url,
        ...(token && { authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify(body),
    });

  /** Signs a new person up through `server`; answers the address and the session's bearer token. */
  async function signUp(server: RunningServer) {
    const address = `cluster-${randomBytes(5).toString('hex')}@example.com`;
    const res = await post(server, '/api/auth/sign-up/email', {
      email: address,
      name: 'Cluster buyer',
      password: `pw-${randomBytes(8).toString('hex')}`,
      termsAccepted: true,
    });
    if (res.status !== 200) throw new Error(`sign-up through ${server.url} answered ${res.status}`);
    return { address, token: res.headers.get('set-auth-token') ?? '' };
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase('fixpoint_api_cluster');
    env = {
      DATABASE_URL: scratch.url,
      NATS_URL,
      SECRET_KEY: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      AUTH_RATE_LIMIT: '3',
      BILLING_CLOCK_SECONDS: '1',
      LOG_LEVEL: 'warn',
    };
    // A migrates and creates the admin; B starts on the ready database.
    a = await startServer(env, { args: ['--api'] });
    b = await startServer(env, { args: ['--api'] });
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await Promise.all([a?.stop(), b?.stop()]);
    await scratch?.drop();
  });

  it('counts failed sign-ins made through either process against one back-off', async () => {
    const wrong = { email: admin.email, password: 'not the password' };
    const statuses: number[] = [];
    for (const server of [a, b, a, b]) statuses.push((await post(server, '/api/auth/sign-in/email', wrong)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // The back-off is the pair's (this address and account): the admin's own sign-in from elsewhere is not held.
    await scratch.client.query(`delete from rate_limits where key like 'signin-fail:%'`);
  });

  it("serves a page title an admin set through A on B's pages within a second", async () => {
    const signIn = await post(a, '/api/auth/sign-in/email', admin);
    expect(signIn.status).toBe(200);
    const token = signIn.headers.get('set-auth-token') ?? '';
    const title = `Cluster market ${randomBytes(3).toString('hex')}`;
    const page = async () => (await fetch(`${b.url}/marketplace`)).text();
    // B has read (and keeps for 10 s) the stored titles before the change.
    expect(await page()).not.toContain(title);
    const saved = await post(
      a,
      '/api/meta/pages/marketplace',
      { title, description: 'Shared across processes' },
      token,
      'PUT',
    );
    expect(saved.status).toBe(200);
    const changedAt = Date.now();
    await until(async () => (await page()).includes(title), 1_000, "B's page with A's title");
    expect(Date.now() - changedAt).toBeLessThan(1_000);
  });

  it('ends the sessions of an account disabled through A on both caster processes within a second', async () => {
    // A hosted station whose base sends to caster 1; caster 2 follows its stream through NATS.
    const sourcePassword = randomBytes(6).toString('hex');
    const mountpoint = `APICLU_${randomBytes(2).toString('hex')}`;
    const database = await openDatabase({ url: scratch.url });
    const network = await seedNetwork(database.db, {}, 0);
    await database.db.insert(schema.stations).values({
      networkId: network.id,
      mountpoint,
      sourcePasswordHash: await hashSecret(sourcePassword, { logN: 10 }),
      latitude: 52.1,
      longitude: 5.1,
    });
    const casterEnv = (instance: string) => ({
      DATABASE_URL: scratch.url,
      SECRET_KEY: env.SECRET_KEY ?? '',
      NATS_URL,
      LOG_LEVEL: 'info',
      CASTER_HOST: '127.0.0.1',
      CASTER_PORT: '0',
      CASTER_INSTANCE: instance,
      CASTER_CATALOG_TTL_SECONDS: '0',
      CASTER_ACCOUNT_POLL_SECONDS: '60',
    });
    const [one, two] = await Promise.all([
      startCasterProcess(casterEnv('api-cluster-1')),
      startCasterProcess(casterEnv('api-cluster-2')),
    ]);
    const base = connect({ host: '127.0.0.1', port: one.port });
    base.on('error', () => undefined);
    let baseAnswer = '';
    base.on('data', (chunk: Buffer) => {
      baseAnswer += chunk.toString('latin1');
    });
    base.write(`SOURCE ${sourcePassword} /${mountpoint}\r\nSource-Agent: NTRIP interop-test\r\n\r\n`);
    await until(() => baseAnswer.startsWith('ICY 200 OK'), 10_000, 'the base accepted');
    let epoch = 0;
    const ticker = setInterval(() => {
      const at = Date.UTC(2026, 0, 1, 12, 0, 0) + epoch++ * 1000;
      base.write(
        simulatedEpochBytes({ stationId: 2045, position: { latitude: 52.1, longitude: 5.1, height: 30 } }, at),
      );
    }, 200);

    try {
      // Created through B with access to the network; its credentials read through A.
      const { token } = await signUp(b);
      const created = await post(b, '/api/accounts', { name: 'Cluster rover' }, token);
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      // Two rovers at once: one on each caster.
      expect((await post(b, `/api/accounts/${id}`, { maxConnections: 2 }, token, 'PATCH')).status).toBe(200);
      await database.db.insert(schema.accessWindows).values({
        accountId: id,
        networkId: network.id,
        source: 'admin',
        startsAt: new Date(Date.now() - 60_000),
        endsAt: new Date(Date.now() + 3_600_000),
      });
      const credentials = (await (
        await fetch(`${a.url}/api/accounts/${id}/credentials`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { username: string; password: string };

      const rovers = await Promise.all([one, two].map((caster) => ntripRover(caster.port, mountpoint, credentials)));
      await until(() => rovers.every((rover) => rover.data().length > 0), 15_000, 'corrections on both casters');

      const disabled = await post(a, `/api/accounts/${id}`, { isDisabled: true }, token, 'PATCH');
      expect(disabled.status).toBe(200);
      const disabledAt = Date.now();
      await until(() => rovers.every((rover) => rover.isClosed), 5_000, 'both sessions ended');
      expect(Date.now() - disabledAt).toBeLessThan(1_000);
    } finally {
      clearInterval(ticker);
      base.destroy();
      one.child.kill('SIGTERM');
      two.child.kill('SIGTERM');
      await database.close();
    }
  });

  it('loses no answered write and renews nothing twice when A is killed outright during writes and clock rounds', async () => {
    // Eight buyers, each with a subscription bought through A or B with the local provider.
    const database = await openDatabase({ url: scratch.url });
    const network = await seedNetwork(database.db);
    const planId = await insertPlan(database.db, network.id);
    await database.close();
    const buyers = await Promise.all(
      Array.from({ length: 8 }, async (_, index) => {
        const server = index % 2 === 0 ? a : b;
        return { server, ...(await signUp(server)) };
      }),
    );
    await scratch.client.query('update users set email_verified = true where email = any($1)', [
      buyers.map((buyer) => buyer.address),
    ]);
    await Promise.all(
      buyers.map(async ({ server, token }) => {
        const checkout = await post(server, `/api/checkout/subscription?priceId=${planId}`, {}, token);
        const { checkoutSessionId } = (await checkout.json()) as { checkoutSessionId: string };
        const paid = await fetch(`${server.url}/api/payments/local/${checkoutSessionId}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            origin: server.url,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: 'action=pay',
          redirect: 'manual',
        });
        expect(paid.status).toBeLessThan(400);
      }),
    );
    const subscriptions = await scratch.client.query<{ id: string }>(
      `select id from subscriptions where provider = 'local' and status = 'active'`,
    );
    expect(subscriptions.rows).toHaveLength(8);

    // Every period ends now: the billing clocks of both (every second) renew them, one round at a time. Meanwhile
    // sign-ups go to both, and A is killed half-way without a chance to finish anything.
    await scratch.client.query(
      `update subscriptions set current_period_start = now() - interval '1 month', current_period_end = now()
       where provider = 'local'`,
    );
    const answered: string[] = [];
    const signUps = Array.from({ length: 40 }, async (_, index) => {
      await new Promise((resolve) => setTimeout(resolve, index * 25));
      const done = await signUp(index % 2 === 0 ? a : b).catch(() => undefined);
      if (done) answered.push(done.address);
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    a.child.kill('SIGKILL');
    await Promise.all(signUps);

    // Every sign-up either process answered is in the database; B answered all of its own and goes on serving.
    const { rows } = await scratch.client.query<{ email: string }>('select email from users where email = any($1)', [
      answered,
    ]);
    expect(rows.map((row) => row.email).sort()).toEqual([...answered].sort());
    expect(answered.length).toBeGreaterThanOrEqual(20);
    expect((await fetch(`${b.url}/api/health`)).status).toBe(200);
    // B's clock renews what A left, and each subscription was renewed exactly once.
    await until(
      async () => {
        const due = await scratch.client.query(
          `select 1 from subscriptions where provider = 'local' and current_period_end <= now()`,
        );
        return due.rows.length === 0;
      },
      15_000,
      'every subscription renewed',
    );
    const renewals = await scratch.client.query<{ id: string; count: string }>(
      `select s.id, (select count(*) from payment_events e where e.event_id like 'local_renewal_' || s.id || '_%') as count
       from subscriptions s where s.provider = 'local'`,
    );
    expect(renewals.rows.map((row) => Number(row.count))).toEqual(Array(8).fill(1));
  });
});
