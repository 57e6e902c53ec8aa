import { randomBytes } from 'node:crypto';
import { generateSecretKey } from '@fixpoint/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createDeviceCookies } from './device-cookie';

const password = randomBytes(12).toString('base64url');
const office = '10.9.0.1';

/** The `name=value` of a `Set-Cookie` that is a device cookie, and its attributes. */
function deviceCookieOf(setCookie: string | string[] | undefined) {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const line = all.find((cookie) => cookie.startsWith('fixpoint.device.'));
  if (!line) throw new Error(`no device cookie in ${JSON.stringify(all)}`);
  const [pair = '', ...attributes] = line.split('; ');
  return { pair, attributes };
}

describe('device cookies (OWASP), signed with the server secret', () => {
  const secret = generateSecretKey();
  const cookies = createDeviceCookies({ secret, isHttps: false });

  it('verify only unaltered cookies of the account they were issued for', () => {
    const { pair, attributes } = deviceCookieOf(cookies.issue('ada@example.com'));
    expect(attributes).toEqual(['Path=/api/auth/sign-in', 'Max-Age=31536000', 'HttpOnly', 'SameSite=Lax']);
    expect(pair).not.toContain('ada');
    const [name, value = ''] = pair.split('=');
    expect(cookies.verify(`other=1; ${pair}`, 'ada@example.com')).toMatch(/^[\w-]{22}$/);
    // Another account, another secret, an altered signature, nonce or time, a made-up value: none is a device.
    expect(cookies.verify(pair, 'bob@example.com')).toBeNull();
    expect(
      createDeviceCookies({ secret: generateSecretKey(), isHttps: false }).verify(pair, 'ada@example.com'),
    ).toBeNull();
    const [issued, nonce, signature = ''] = value.split('.');
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [
      `${issued}.${nonce}.${flipped}`,
      `${issued}.${randomBytes(16).toString('base64url')}.${signature}`,
      `${(Number.parseInt(issued ?? '', 36) + 1).toString(36)}.${nonce}.${signature}`,
      `${issued}.${nonce}`,
      'x.y.z',
    ]) {
      expect(cookies.verify(`${name}=${forged}`, 'ada@example.com'), forged).toBeNull();
    }
    // A cookie issued for Bob, renamed to Ada's cookie, is still Bob's.
    const bobs = deviceCookieOf(cookies.issue('bob@example.com')).pair.split('=')[1];
    expect(cookies.verify(`${name}=${bobs}`, 'ada@example.com')).toBeNull();
  });

  it('expire after a year, and are Secure under https', () => {
    const issuedAt = Date.parse('2026-01-01T00:00:00Z');
    const { pair } = deviceCookieOf(cookies.issue('ada@example.com', { now: issuedAt }));
    expect(cookies.verify(pair, 'ada@example.com', issuedAt + 364 * 86_400_000)).not.toBeNull();
    expect(cookies.verify(pair, 'ada@example.com', issuedAt + 366 * 86_400_000)).toBeNull();
    const https = createDeviceCookies({ secret, isHttps: true });
    expect(deviceCookieOf(https.issue('ada@example.com')).attributes).toContain('Secure');
    expect(deviceCookieOf(cookies.issue('ada@example.com', { secure: true })).attributes).toContain('Secure');
  });
});

/**
 * Decision 0062: 50 failed sign-ins across accounts from one address (an office, a carrier's NAT) lock the address
 * for 15 minutes; a browser that signed in to an account before passes that lock with its device cookie.
 */
describe('a shared address locked by failures', () => {
  let t: TestApp;
  const signIn = (email: string, pass: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: pass },
      remoteAddress: office,
      ...(cookie && { headers: { cookie } }),
    });

  let adaDevice = '';
  beforeAll(async () => {
    t = await createTestApp();
    for (const email of ['ada@example.com', 'bob@example.com']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email, name: email.split('@')[0], password, termsAccepted: true },
      });
      expect(res.statusCode).toBe(200);
    }
    // Ada's browser has signed in before, from the office: it holds a device cookie for her account.
    const earlier = await signIn('ada@example.com', password);
    expect(earlier.statusCode).toBe(200);
    adaDevice = deviceCookieOf(earlier.headers['set-cookie']).pair;
    // Then someone behind the same address fails 50 times across accounts.
    for (let n = 0; n < 50; n++) {
      expect((await signIn(`stranger${n}@example.com`, 'wrong password')).statusCode).toBe(401);
    }
  }, 120_000);
  afterAll(() => t.close());

  it('refuses everyone behind it, even with the right password', async () => {
    const refused = await signIn('bob@example.com', password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect((await signIn('ada@example.com', password)).statusCode).toBe(429);
  });

  it("lets Ada's browser through with its device cookie, and renews the cookie", async () => {
    const res = await signIn('ada@example.com', password, `fixpoint.other=1; ${adaDevice}`);
    expect(res.statusCode).toBe(200);
    const renewed = deviceCookieOf(res.headers['set-cookie']);
    expect(renewed.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Max-Age=31536000']));
    expect(renewed.pair.split('=')[0]).toBe(adaDevice.split('=')[0]);
    // The cookie names Ada's account only: Bob cannot use it.
    expect((await signIn('bob@example.com', password, adaDevice)).statusCode).toBe(429);
  });

  it('does not let an altered or made-up cookie through', async () => {
    const [name, value = ''] = adaDevice.split('=');
    const altered = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await signIn('ada@example.com', password, altered)).statusCode).toBe(429);
    expect(
      (await signIn('ada@example.com', password, `${name}=${randomBytes(30).toString('base64url')}`)).statusCode,
    ).toBe(429);
  });

  it('gives a device its own lockout after repeated failures', async () => {
    const first = await signIn('ada@example.com', password, adaDevice);
    const device = deviceCookieOf(first.headers['set-cookie']).pair;
    // Ten failures (AUTH_RATE_LIMIT) with the cookie are answered as failures, then the device waits too.
    for (let n = 0; n < 10; n++)
      expect((await signIn('ada@example.com', 'wrong password', device)).statusCode).toBe(401);
    const held = await signIn('ada@example.com', password, device);
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(20);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(30);
  });
});
