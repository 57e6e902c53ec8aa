import { randomBytes } from 'node:crypto';
import { schema } from '@fixpoint/db';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { startWebhookSink, type WebhookSink } from '../../testing/webhook-sink';

const lead = {
  firstName: 'Anna',
  lastName: 'de Vries',
  email: 'anna@agri.example',
  company: 'Agri BV',
  phoneNumber: '+31 (0)6-1234 5678',
  submittedFrom: 'dashboard',
  message: 'We run 40 tractors and want our own RTK brand.',
  gclid: 'gclid-123',
};
const r = schema.salesRequests;

/** The webhook address's secret, made here. */
const token = randomBytes(8).toString('hex');

describe('sales requests', () => {
  let t: TestApp;
  let sink: WebhookSink;
  let admin: { authorization: string };
  let user: Awaited<ReturnType<typeof signUpUser>>;
  let address = 0;
  /** Each call comes from its own address, so the per-address limit only shows where a test wants it. */
  const nextAddress = () => `192.0.2.${++address}`;

  const submit = (
    payload: Record<string, unknown>,
    { headers = {}, remoteAddress = nextAddress() }: { headers?: Record<string, string>; remoteAddress?: string } = {},
  ) => t.app.inject({ method: 'POST', url: '/api/sales-requests', payload, headers, remoteAddress });
  const stored = async () => (await t.database.db.select({ n: count() }).from(r))[0]?.n ?? 0;
  const row = async (id: string) => (await t.database.db.select().from(r).where(eq(r.id, id)))[0];
  const hooksFor = (id: string) => sink.received.filter((hook) => hook.headers['idempotency-key'] === id);

  beforeAll(async () => {
    sink = await startWebhookSink();
    t = await createTestApp({ SALES_WEBHOOK_URL: `${sink.url}/hooks/sales?token=${token}` });
    admin = (await signInAdmin(t)).headers;
    user = await signUpUser(t, 'Field Manager');
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('stores a valid request, answers 201, and the webhook receives the nine fields exactly once', async () => {
    const res = await submit(lead);
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    expect(await row(id)).toMatchObject({ ...lead, loggedInEmail: '', forwarding: 'pending', attempts: 0 });

    expect(await t.app.salesForwarder.runOnce()).toBe(1);
    expect(await t.app.salesForwarder.runOnce()).toBe(0);
    const [hook, ...more] = hooksFor(id);
    expect(more).toEqual([]);
    expect(hook?.method).toBe('POST');
    expect(hook?.url).toBe(`/hooks/sales?token=${token}`);
    expect(hook?.headers['content-type']).toBe('application/json');
    expect(hook?.body).toEqual({ ...lead, loggedInEmail: '' });
    expect(Object.keys(hook?.body as object).sort()).toEqual(
      [
        'company',
        'email',
        'firstName',
        'gclid',
        'lastName',
        'loggedInEmail',
        'message',
        'phoneNumber',
        'submittedFrom',
      ].sort(),
    );
    expect(await row(id)).toMatchObject({ forwarding: 'forwarded', attempts: 1, lastError: null, nextAttemptAt: null });
    expect((await row(id))?.forwardedAt).toBeInstanceOf(Date);
  });

  it('fills in the optional fields and trims what it stores', async () => {
    const res = await submit({ firstName: '  Ben ', lastName: 'Bakker', email: ' ben@example.nl ' });
    expect(res.statusCode).toBe(201);
    expect(await row(res.json().id)).toMatchObject({
      firstName: 'Ben',
      email: 'ben@example.nl',
      company: '',
      phoneNumber: '',
      submittedFrom: '',
      message: '',
      gclid: '',
    });
  });

  it('tries a new request at once when the forwarder runs', async () => {
    t.app.salesForwarder.start();
    let res: Awaited<ReturnType<typeof submit>>;
    try {
      res = await submit({ ...lead, firstName: 'Carla' });
      expect(res.statusCode).toBe(201);
      const hook = await sink.waitFor((received) => received.headers['idempotency-key'] === res.json().id);
      expect(hook.body).toMatchObject({ firstName: 'Carla' });
    } finally {
      await t.app.salesForwarder.stop();
    }
    // Stopping let the send in flight finish.
    expect((await row(res.json().id))?.forwarding).toBe('forwarded');
  });

  it('refuses an invalid form with the rule in words and stores nothing', async () => {
    const { firstName: _first, ...withoutFirst } = lead;
    const { lastName: _last, ...withoutLast } = lead;
    const { email: _email, ...withoutEmail } = lead;
    const cases: [Record<string, unknown>, string, string][] = [
      [withoutFirst, 'body.firstName', 'Please enter your first name.'],
      [{ ...lead, firstName: '   ' }, 'body.firstName', 'Please enter your first name.'],
      [withoutLast, 'body.lastName', 'Please enter your last name.'],
      [withoutEmail, 'body.email', 'Please enter your e-mail address.'],
      [{ ...lead, email: '' }, 'body.email', 'Please enter your e-mail address.'],
      [{ ...lead, email: 'anna@agri' }, 'body.email', 'Please enter a valid e-mail address.'],
      [{ ...lead, email: 'anna @agri.example' }, 'body.email', 'Please enter a valid e-mail address.'],
      [
        { ...lead, phoneNumber: '+31 6 CALL ME' },
        'body.phoneNumber',
        'A phone number holds digits, +, -, spaces and parentheses only.',
      ],
      [{ ...lead, message: 'x'.repeat(201) }, 'body.message', 'The message is at most 200 characters.'],
    ];
    const before = await stored();
    for (const [payload, path, sentence] of cases) {
      const res = await submit(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: `Invalid ${path}: ${sentence}`,
        requestId: expect.any(String),
        details: expect.arrayContaining([{ path, message: sentence }]),
      });
    }
    expect(await stored()).toBe(before);
    expect((await submit({ ...lead, message: 'x'.repeat(200) })).statusCode).toBe(201);
  });

  it('takes loggedInEmail from the session, never from the body', async () => {
    const signedIn = await submit({ ...lead, loggedInEmail: 'ceo@bigcorp.example' }, { headers: user.headers });
    expect(signedIn.statusCode).toBe(201);
    expect((await row(signedIn.json().id))?.loggedInEmail).toBe(user.email);

    const visitor = await submit({ ...lead, loggedInEmail: 'ceo@bigcorp.example' });
    expect(visitor.statusCode).toBe(201);
    expect((await row(visitor.json().id))?.loggedInEmail).toBe('');

    await t.app.salesForwarder.runOnce();
    expect(hooksFor(signedIn.json().id)[0]?.body).toMatchObject({ loggedInEmail: user.email });
    expect(hooksFor(visitor.json().id)[0]?.body).toMatchObject({ loggedInEmail: '' });
  });

  it('records the client address', async () => {
    const res = await submit(lead, { remoteAddress: '203.0.113.50' });
    expect((await row(res.json().id))?.clientAddress).toBe('203.0.113.50');
  });

  it('limits one address to 5 requests an hour, then answers 429 with Retry-After and a sentence', async () => {
    const from = { remoteAddress: '198.51.100.7' };
    for (let i = 0; i < 5; i++) expect((await submit(lead, from)).statusCode).toBe(201);
    const before = await stored();
    const refused = await submit(lead, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please wait 60 minutes and try again.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await stored()).toBe(before);
    // Invalid forms are refused before they count; another address is not affected.
    expect((await submit({ ...lead, email: 'nope' }, from)).statusCode).toBe(400);
    expect((await submit(lead, { remoteAddress: '198.51.100.8' })).statusCode).toBe(201);
  });

  it('lists the requests with their forwarding state for admins only', async () => {
    expect((await t.app.inject({ url: '/api/admin/sales-requests' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/sales-requests', headers: user.headers })).statusCode).toBe(403);

    while ((await t.app.salesForwarder.runOnce()) > 0) {}
    const newest = await submit({ ...lead, firstName: 'Newest' });
    const res = await t.app.inject({ url: '/api/admin/sales-requests', headers: admin });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.isWebhookConfigured).toBe(true);
    expect(list.requests.length).toBe(await stored());
    expect(list.requests[0]).toMatchObject({
      id: newest.json().id,
      firstName: 'Newest',
      forwarding: 'pending',
      attempts: 0,
      lastError: null,
      forwardedAt: null,
      createdAt: expect.any(String),
      nextAttemptAt: expect.any(String),
    });
    expect(list.requests[1]).toMatchObject({ forwarding: 'forwarded', attempts: 1, forwardedAt: expect.any(String) });
    const times = list.requests.map((request: { createdAt: string }) => request.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(JSON.stringify(list)).not.toContain('clientAddress');

    const pending = await t.app.inject({ url: '/api/admin/sales-requests?status=pending', headers: admin });
    expect(pending.json().requests.map((request: { id: string }) => request.id)).toEqual([newest.json().id]);
    const bad = await t.app.inject({ url: '/api/admin/sales-requests?status=lost', headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });
});
