import { randomBytes } from 'node:crypto';
import { schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { startWebhookSink, type WebhookSink } from '../../testing/webhook-sink';
import { createSalesRepository } from './sales.repository';
import { createSalesForwarder, retryDelayMs, SALES_MAX_ATTEMPTS, salesWebhookFrom } from './sales-forwarder';

const lead = { firstName: 'Dirk', lastName: 'Jansen', email: 'dirk@drones.example', company: 'Drone Survey BV' };
const r = schema.salesRequests;
let address = 0;

async function submit(t: TestApp, payload: Record<string, unknown> = lead): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sales-requests',
    payload,
    remoteAddress: `192.0.2.${++address}`,
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

async function row(t: TestApp, id: string) {
  const [found] = await t.database.db.select().from(r).where(eq(r.id, id));
  if (!found) throw new Error(`no sales request ${id}`);
  return found;
}

const hooksFor = (sink: WebhookSink, id: string) =>
  sink.received.filter((hook) => hook.headers['idempotency-key'] === id);

/** Address secrets of the test webhook, made here: the forwarder must send them and never record them. */
const token = randomBytes(8).toString('hex');
const hookPassword = `pa@${randomBytes(6).toString('hex')}`;

describe('retry delays', () => {
  it('double from 30 s to at most an hour, a little earlier with jitter', () => {
    const plain = Array.from({ length: 11 }, (_, i) => retryDelayMs(i + 1, () => 0) / 1000);
    expect(plain).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600, 3600]);
    expect(retryDelayMs(1, () => 1)).toBe(27_000);
    expect(retryDelayMs(20, () => 0.5)).toBe(3_420_000);
  });
});

describe('forwarding while the webhook fails', () => {
  let t: TestApp;
  let sink: WebhookSink;
  /** Our own clock: the forwarder is driven with runOnce(now), hours pass in milliseconds. */
  let now: Date;
  const at = (ms: number) => new Date(now.getTime() + ms);

  beforeAll(async () => {
    sink = await startWebhookSink({ status: 500 });
    t = await createTestApp({ SALES_WEBHOOK_URL: `${sink.url}/hook?token=${token}` });
    now = new Date(Date.now() + 1000);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('stores and answers 201 while the webhook answers 500, retries with growing delays, and forwards once it is back', async () => {
    sink.answerWith(500);
    const id = await submit(t);
    expect(await row(t, id)).toMatchObject({ forwarding: 'pending', attempts: 0 });

    const delays: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await t.app.salesForwarder.runOnce(now)).toBe(1);
      const state = await row(t, id);
      expect(state).toMatchObject({
        forwarding: 'pending',
        attempts: attempt,
        lastError: 'HTTP 500 Internal Server Error',
      });
      const delay = (state.nextAttemptAt as Date).getTime() - now.getTime();
      delays.push(delay);
      // Not due before its time.
      expect(await t.app.salesForwarder.runOnce(at(delay - 1))).toBe(0);
      now = at(delay);
    }
    expect(hooksFor(sink, id)).toHaveLength(4);
    for (const [i, delay] of delays.entries()) {
      const plain = 30_000 * 2 ** i;
      expect(delay).toBeGreaterThanOrEqual(plain * 0.9);
      expect(delay).toBeLessThanOrEqual(plain);
    }

    sink.answerWith(200);
    expect(await t.app.salesForwarder.runOnce(now)).toBe(1);
    expect(await row(t, id)).toMatchObject({
      forwarding: 'forwarded',
      attempts: 5,
      lastError: null,
      nextAttemptAt: null,
      forwardedAt: now,
    });
    const hooks = hooksFor(sink, id);
    expect(hooks.map((hook) => hook.status)).toEqual([500, 500, 500, 500, 200]);
    expect(hooks.at(-1)?.body).toMatchObject(lead);
    // Delivered: never sent again.
    expect(await t.app.salesForwarder.runOnce(at(86_400_000))).toBe(0);
  });

  it(`gives up after ${SALES_MAX_ATTEMPTS} failed attempts and shows it to the admin`, async () => {
    sink.answerWith(503);
    const id = await submit(t);
    for (let attempt = 1; attempt <= SALES_MAX_ATTEMPTS; attempt++) {
      expect(await t.app.salesForwarder.runOnce(now)).toBe(1);
      const state = await row(t, id);
      expect(state.attempts).toBe(attempt);
      if (attempt < SALES_MAX_ATTEMPTS) {
        expect(state.forwarding).toBe('pending');
        const delay = (state.nextAttemptAt as Date).getTime() - now.getTime();
        expect(delay).toBeLessThanOrEqual(3_600_000);
        now = at(delay);
      }
    }
    expect(await row(t, id)).toMatchObject({
      forwarding: 'failed',
      attempts: SALES_MAX_ATTEMPTS,
      lastError: 'HTTP 503 Service Unavailable',
      nextAttemptAt: null,
      forwardedAt: null,
    });
    sink.answerWith(200);
    expect(await t.app.salesForwarder.runOnce(at(86_400_000))).toBe(0);
    expect(hooksFor(sink, id)).toHaveLength(SALES_MAX_ATTEMPTS);

    const admin = await signInAdmin(t);
    const list = await t.app.inject({ url: '/api/admin/sales-requests?status=failed', headers: admin.headers });
    expect(list.json().requests).toEqual([
      expect.objectContaining({ id, forwarding: 'failed', attempts: 12, lastError: 'HTTP 503 Service Unavailable' }),
    ]);
  });

  it('sends each request once when two rounds run side by side', async () => {
    sink.answerWith(200);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await submit(t, { ...lead, firstName: `Lead ${i}` }));
    let rounds = 0;
    for (;;) {
      const taken = await Promise.all([t.app.salesForwarder.runOnce(now), t.app.salesForwarder.runOnce(now)]);
      if (taken[0] + taken[1] === 0) break;
      rounds += 1;
    }
    expect(rounds).toBeGreaterThanOrEqual(1);
    for (const id of ids) {
      expect(hooksFor(sink, id), id).toHaveLength(1);
      expect(await row(t, id)).toMatchObject({ forwarding: 'forwarded', attempts: 1 });
    }
  });

  it('sends again a request whose sender died mid-send, once its claim runs out', async () => {
    sink.answerWith(200);
    const id = await submit(t);
    // Another process claimed it and crashed before it could write the outcome.
    const lease = 120_000;
    const [claimed] = await createSalesRepository(t.database.db).claimDue(now, 10, at(lease));
    expect(claimed?.id).toBe(id);
    expect(await t.app.salesForwarder.runOnce(now)).toBe(0);
    expect(await t.app.salesForwarder.runOnce(at(lease))).toBe(1);
    expect(await row(t, id)).toMatchObject({ forwarding: 'forwarded', attempts: 2 });
    expect(hooksFor(sink, id)).toHaveLength(1);
  });

  it('records a webhook that does not answer in time as a failure', async () => {
    // A webhook that never answers; a forwarder with a short timeout on the same database.
    const { createServer } = await import('node:http');
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const forwarder = createSalesForwarder({
        repository: createSalesRepository(t.database.db),
        webhook: salesWebhookFrom(`http://127.0.0.1:${port}/hook`),
        logger: t.app.log,
        timeoutMs: 200,
      });
      const id = await submit(t);
      expect(await forwarder.runOnce(now)).toBe(1);
      expect(await row(t, id)).toMatchObject({
        forwarding: 'pending',
        attempts: 1,
        lastError: 'No answer within 0.2 s',
      });
      // The regular forwarder delivers it later.
      now = at(60_000);
      expect(await t.app.salesForwarder.runOnce(now)).toBe(1);
      expect(await row(t, id)).toMatchObject({ forwarding: 'forwarded', attempts: 2 });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('forwarding while the webhook port is closed', () => {
  let t: TestApp;
  let sink: WebhookSink;
  let port: number;
  let now: Date;

  beforeAll(async () => {
    // Taken and let go: nothing listens there until the test starts the webhook again.
    const probe = await startWebhookSink();
    port = probe.port;
    await probe.close();
    t = await createTestApp({
      SALES_WEBHOOK_URL: `http://hooks:${encodeURIComponent(hookPassword)}@127.0.0.1:${port}/catch/abc?token=${token}`,
    });
    now = new Date(Date.now() + 1000);
  });
  afterAll(async () => {
    await t.close();
    await sink?.close();
  });

  it('keeps the request, records why without the address secrets, and forwards it once the webhook is back', async () => {
    const id = await submit(t);
    expect(await t.app.salesForwarder.runOnce(now)).toBe(1);
    const failed = await row(t, id);
    expect(failed).toMatchObject({ forwarding: 'pending', attempts: 1 });
    expect(failed.lastError).toContain('ECONNREFUSED');
    for (const secret of [token, hookPassword, encodeURIComponent(hookPassword), '/catch/abc']) {
      expect(failed.lastError).not.toContain(secret);
    }

    sink = await startWebhookSink({ port });
    now = failed.nextAttemptAt as Date;
    expect(await t.app.salesForwarder.runOnce(now)).toBe(1);
    expect(await row(t, id)).toMatchObject({ forwarding: 'forwarded', attempts: 2 });
    const [hook, ...more] = sink.received;
    expect(more).toEqual([]);
    expect(hook?.url).toBe(`/catch/abc?token=${token}`);
    // Credentials in the address travel as basic auth.
    expect(hook?.headers.authorization).toBe(`Basic ${Buffer.from(`hooks:${hookPassword}`).toString('base64')}`);
  });
});

describe('without SALES_WEBHOOK_URL', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores requests and leaves them pending; the admin list says the webhook is not configured', async () => {
    const id = await submit(t);
    expect(await t.app.salesForwarder.runOnce(new Date(Date.now() + 86_400_000))).toBe(0);
    expect(await row(t, id)).toMatchObject({ forwarding: 'pending', attempts: 0, lastError: null });
    const admin = await signInAdmin(t);
    const list = await t.app.inject({ url: '/api/admin/sales-requests', headers: admin.headers });
    expect(list.json()).toMatchObject({
      isWebhookConfigured: false,
      requests: [expect.objectContaining({ id, forwarding: 'pending' })],
    });
  });
});
