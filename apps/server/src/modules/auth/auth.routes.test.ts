import { schema } from '@fixpoint/db';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../testing/smtp-sink';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { ensureAdmin } from './admin-bootstrap';
import { isTrustedLinkOrigin } from './auth';

const password = 'correct horse 1';

function signUp(t: TestApp, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: body });
}

function signIn(t: TestApp, email: string, pass: string, ip = '10.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password: pass },
    remoteAddress: ip,
  });
}

describe('identity', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT: '5' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('exposes the password policy and providers', async () => {
    const res = await t.app.inject({ url: '/api/auth-config' });
    expect(res.json()).toEqual({
      passwordPolicy: {
        minLength: 8,
        maxLength: 128,
        requireLowercase: false,
        requireUppercase: false,
        requireDigit: false,
        requireSymbol: false,
      },
      providers: { google: false },
    });
  });

  it.each([
    [{ email: 'not-an-email', name: 'Ada', password, termsAccepted: true }, 'INVALID_EMAIL'],
    [{ email: 'ada@example.com', name: 'Ad', password, termsAccepted: true }, 'SHORT_USERNAME'],
    // A 100 KB name was accepted once and drawn thousands of lines tall (issue 16).
    [{ email: 'ada@example.com', name: 'A'.repeat(100_000), password, termsAccepted: true }, 'VALIDATION_FAILED'],
    [{ email: 'ada@example.com', name: 'Ada', password: 'short', termsAccepted: true }, 'PASSWORD_POLICY'],
    [{ email: 'ada@example.com', name: 'Ada', password }, 'TERMS_NOT_ACCEPTED'],
  ])('refuses sign-up %#', async (body, code) => {
    const res = await signUp(t, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
  });

  it('refuses a renamed user whose name is too long or too short, and keeps the name', async () => {
    const res = await signUp(t, { email: 'rename@example.com', name: 'Rena Me', password, termsAccepted: true });
    const headers = { authorization: `Bearer ${res.headers['set-auth-token'] as string}` };
    for (const name of ['R', 'R'.repeat(65)]) {
      const renamed = await t.app.inject({ method: 'POST', url: '/api/auth/update-user', headers, payload: { name } });
      expect(renamed.statusCode).toBe(400);
      expect(renamed.json().message).toBe('The username must be 3 to 64 characters long.');
    }
    expect((await t.app.inject({ url: '/api/user', headers })).json().username).toBe('Rena Me');
  });

  it('signs up, sets a safe session cookie and a bearer token, and knows the user', async () => {
    const res = await signUp(t, { email: 'ada@example.com', name: 'Ada Lovelace', password, termsAccepted: true });
    expect(res.statusCode).toBe(200);
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('fixpoint.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const token = res.headers['set-auth-token'] as string;
    expect(token).toBeTruthy();

    const me = await t.app.inject({ url: '/api/user', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'Ada Lovelace', email: 'ada@example.com', teams: [], isAdmin: false });

    const byCookie = await t.app.inject({ url: '/api/user', headers: { cookie: (cookie ?? '').split(';')[0] ?? '' } });
    expect(byCookie.json().email).toBe('ada@example.com');
    expect((await t.app.inject({ url: '/api/user' })).statusCode).toBe(401);
  });

  it('refuses a duplicate sign-up and a wrong password', async () => {
    const again = await signUp(t, { email: 'ada@example.com', name: 'Ada', password, termsAccepted: true });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    const wrong = await signIn(t, 'ada@example.com', 'wrong password');
    expect(wrong.statusCode).toBe(401);
    // better-auth's refusal in the API's one error shape, with the request's id (issue 15).
    expect(wrong.json()).toEqual({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: expect.any(String),
      requestId: expect.any(String),
    });
  });

  it('documents sign-up, sign-in and the bearer token in the OpenAPI document, and checks their bodies', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const signUpDoc = doc.paths['/api/auth/sign-up/email'].post;
    expect(signUpDoc.tags).toEqual(['auth']);
    expect(Object.keys(signUpDoc.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['name', 'email', 'password', 'termsAccepted']),
    );
    expect(doc.paths['/api/auth/sign-in/email'].post.summary).toContain('set-auth-token');
    expect(doc.paths['/api/auth/change-password'].post.security).toEqual([{ bearerAuth: [] }]);
    // Every auth route the portal's own pages call is documented.
    for (const route of ['change-email', 'delete-user', 'update-user', 'request-password-reset', 'reset-password']) {
      expect(doc.paths[`/api/auth/${route}`]?.post, route).toBeDefined();
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'x@example.com' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION_FAILED');
    const signedOut = await t.app.inject({ method: 'POST', url: '/api/auth/change-password', payload: {} });
    expect(signedOut.statusCode).toBe(401);
    // The session read is for visitors too: null, not a refusal (the portal asks it on every page).
    const visitor = await t.app.inject({ url: '/api/auth/get-session' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toBeNull();
  });

  it('never lets strangers failing elsewhere lock an owner out, and never counts successful sign-ins', async () => {
    const email = 'limited@example.com';
    await signUp(t, { email, name: 'Limited', password, termsAccepted: true });
    for (let i = 0; i < 10; i++) expect((await signIn(t, email, 'nope nope', `10.1.0.${i}`)).statusCode).toBe(401);
    // The owner's own address has no failures: it signs in, again and again (one office, many sign-ins).
    for (let i = 0; i < 12; i++) expect((await signIn(t, email, password, '10.1.0.99')).statusCode).toBe(200);
  });

  it('makes an address that keeps failing on one account wait, and clears the wait at the first success', async () => {
    const email = 'backoff@example.com';
    await signUp(t, { email, name: 'Back Off', password, termsAccepted: true });
    for (let i = 0; i < 5; i++) expect((await signIn(t, email, 'nope nope', '10.3.0.1')).statusCode).toBe(401);
    const blocked = await signIn(t, email, password, '10.3.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(blocked.json().message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(20);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(30);
    // Another address is not held up by it.
    expect((await signIn(t, email, password, '10.3.0.2')).statusCode).toBe(200);
  });

  it('stops an address failing across many accounts', async () => {
    for (let i = 0; i < 25; i++) await signIn(t, `nobody${i}@example.com`, 'whatever1', '10.2.0.1');
    expect((await signIn(t, 'someone@example.com', 'whatever1', '10.2.0.1')).statusCode).toBe(429);
    expect((await signIn(t, 'someone@example.com', 'whatever1', '10.2.0.2')).statusCode).toBe(401);
  });

  it('sends no reset link to a forged Host (PUBLIC_URL unset), and answers exactly as for any address', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { host: 'evil.example' },
      payload: { email: 'ada@example.com', redirectTo: 'http://evil.example/reset-password' },
      remoteAddress: '10.4.0.1',
    });
    expect(forged.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // (Ada's sign-up mailed her a verification link; no reset link went out.)
    expect(smtp.received.some((m) => m.to.includes('ada@example.com') && m.raw.includes('reset-password'))).toBe(false);
    expect(isTrustedLinkOrigin('http://localhost:8080/x', undefined, [])).toBe(true);
    expect(isTrustedLinkOrigin('https://portal.example/x', 'https://portal.example', [])).toBe(true);
    expect(isTrustedLinkOrigin('http://localhost/x', 'https://portal.example', [])).toBe(false);
  });

  it('resets a password through a single-use link sent by SMTP, without revealing unknown addresses', async () => {
    const redirectTo = 'http://localhost/reset-password';
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'ada@example.com', redirectTo },
      remoteAddress: '10.3.0.1',
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'ghost@example.com', redirectTo },
      remoteAddress: '10.3.0.2',
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);

    await smtp.waitFor('ada@example.com');
    const isReset = (m: { to: string[]; raw: string }) =>
      m.to.includes('ada@example.com') && m.raw.includes('reset-password');
    await expect.poll(() => smtp.received.some(isReset)).toBe(true);
    const mail = smtp.received.find(isReset) as { raw: string };
    expect(smtp.received.some((m) => m.to.includes('ghost@example.com'))).toBe(false);
    const link = mail.raw.replace(/=\r?\n/g, '').match(/https?:\/\/\S+\/api\/auth\/reset-password\/[\w-]+\S*/)?.[0];
    expect(link).toBeTruthy();
    const linkUrl = new URL((link as string).replace(/=3D/g, '='));

    const follow = await t.app.inject({ url: linkUrl.pathname + linkUrl.search });
    expect(follow.statusCode).toBe(302);
    const landing = new URL(follow.headers.location as string);
    expect(landing.pathname).toBe('/reset-password');
    const token = landing.searchParams.get('token') as string;

    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'short' },
    });
    expect(weak.json().code).toBe('PASSWORD_POLICY');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'a brand new pass' },
    });
    expect(reset.statusCode).toBe(200);
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'another new pass' },
    });
    expect(reused.statusCode).toBe(400);

    expect((await signIn(t, 'ada@example.com', password, '10.3.0.9')).statusCode).toBe(401);
    expect((await signIn(t, 'ada@example.com', 'a brand new pass', '10.3.0.9')).statusCode).toBe(200);
  });

  it('voids an older reset link once a newer one is used', async () => {
    const request = async (remoteAddress: string) => {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: 'grace@example.com', redirectTo: 'http://localhost/reset-password' },
        remoteAddress,
      });
    };
    const grace = (
      await signUp(t, { email: 'grace@example.com', name: 'Grace', password, termsAccepted: true })
    ).json();
    await request('10.5.0.1');
    await request('10.5.0.2');
    const rows = await t.database.db
      .select()
      .from(schema.verifications)
      .where(like(schema.verifications.identifier, 'reset-password:%'));
    const [older, newer] = rows
      .filter((row) => row.value === grace.user.id)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((row) => row.identifier.slice('reset-password:'.length));
    expect(older && newer).toBeTruthy();
    const reset = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, newPassword: 'grace new pass 1' },
      });
    expect((await reset(newer as string)).statusCode).toBe(200);
    expect((await reset(older as string)).statusCode).toBe(400);
  });
});

describe('admin routes', () => {
  let t: TestApp;
  let userToken: string;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    const user = await signUp(t, { email: 'user@example.com', name: 'Plain User', password, termsAccepted: true });
    userToken = user.headers['set-auth-token'] as string;
    await ensureAdmin({ auth: t.app.auth, db: t.database.db }, { email: 'boss@example.com', password });
    adminToken = (await signIn(t, 'boss@example.com', password)).headers['set-auth-token'] as string;
  });
  afterAll(() => t.close());

  it('refuses every admin route to visitors (401) and users (403)', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    const adminOperations = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, op]) => path.startsWith('/api/admin') || op.summary?.includes('(admin)'))
        .map(([method, _op]) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, 'x') })),
    );
    expect(adminOperations.length).toBeGreaterThanOrEqual(2);
    for (const { method, url } of adminOperations) {
      const visitor = await t.app.inject({ method: method as 'PUT', url, payload: {} });
      expect(visitor.statusCode, `${method} ${url} signed out`).toBe(401);
      const user = await t.app.inject({
        method: method as 'PUT',
        url,
        payload: {},
        headers: { authorization: `Bearer ${userToken}` },
      });
      expect(user.statusCode, `${method} ${url} as user`).toBe(403);
    }
  });

  it('lets the admin write metadata and reports isAdmin', async () => {
    const me = await t.app.inject({ url: '/api/user', headers: { authorization: `Bearer ${adminToken}` } });
    expect(me.json().isAdmin).toBe(true);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/meta',
      payload: { gtagId: 'G-TEST1' },
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/meta' })).json()).toEqual({ gtagId: 'G-TEST1' });
  });

  it('refuses a cookie-authenticated write from a foreign origin', async () => {
    const signedIn = await signIn(t, 'boss@example.com', password, '10.9.0.1');
    const cookie = ([signedIn.headers['set-cookie']].flat()[0] ?? '').split(';')[0] ?? '';
    const foreign = await t.app.inject({
      method: 'PUT',
      url: '/api/meta',
      payload: { gtagId: 'G-EVIL' },
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    const own = await t.app.inject({
      method: 'PUT',
      url: '/api/meta',
      payload: { gtagId: 'G-OWN' },
      headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(own.statusCode).toBe(200);
  });

  it('creates a first admin with a one-time password only when none exists', async () => {
    const again = await ensureAdmin({ auth: t.app.auth, db: t.database.db });
    expect(again).toEqual({ email: 'boss@example.com', created: false });
  });
});
