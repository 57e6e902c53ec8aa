import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { schema } from '@fixpoint/db';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../config/env';
import { createLoggerOptions } from '../config/logger';
import { seedNetwork, signInAdmin, signUpUser } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { isNestedDeeperThan, maxJsonDepth } from './input-guards';

/** Random letters and digits: unlike a repeated letter, PostgreSQL cannot compress them under its index row limit. */
const randomText = (length: number) => randomBytes(length).toString('base64url').slice(0, length);
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Hostile input (issue 28): oversized e-mail addresses, deep JSON, and log lines that stay small whatever came in. */
describe('hostile input', () => {
  let t: TestApp;
  /** Every byte the server's logger writes, as its own options write it (JSON lines). */
  let logged = '';
  const env = loadEnv({ NODE_ENV: 'test', LOG_PRETTY: 'false', LOG_LEVEL: 'info' });
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      logged += String(chunk);
      callback();
    },
  });

  beforeAll(async () => {
    t = await createTestApp({}, { logger: { ...(createLoggerOptions(env) as object), stream } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const user = () => signUpUser(t, `Hostile ${randomText(6)}`);

  it('refuses an e-mail address over 254 characters on every auth route that takes one, writing a short log', async () => {
    const email = `${randomText(3000)}@example.com`;
    const signedIn = await user();
    const org = await t.app.inject({
      method: 'POST',
      url: '/api/organization',
      headers: signedIn.headers,
      payload: { name: 'Long Mail Farm' },
    });
    const orgId = org.json().organization.id as string;
    const routes: { url: string; field: string; headers?: Record<string, string>; payload: object }[] = [
      { url: '/api/auth/sign-in/email', field: 'email', payload: { email, password: 'a good password' } },
      { url: '/api/auth/request-password-reset', field: 'email', payload: { email } },
      {
        url: '/api/auth/sign-up/email',
        field: 'email',
        payload: { email, name: 'Long Mail', password: 'a good password', termsAccepted: true },
      },
      { url: '/api/auth/change-email', field: 'newEmail', headers: signedIn.headers, payload: { newEmail: email } },
      {
        url: `/api/org/${orgId}/invites`,
        field: 'email',
        headers: signedIn.headers,
        payload: { email, role: 'member' },
      },
      // Not documented: better-auth's own paths behind the catch-all route are held to the same rule.
      { url: '/api/auth/sign-in/magic-link', field: 'email', payload: { email } },
    ];
    for (const route of routes) {
      logged = '';
      const answer = await t.app.inject({
        method: 'POST',
        url: route.url,
        headers: route.headers,
        payload: route.payload,
      });
      expect({ url: route.url, status: answer.statusCode, body: answer.json() }).toMatchObject({
        url: route.url,
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: `Invalid body.${route.field}: must be at most 254 characters long.`,
          details: [{ path: `body.${route.field}`, rule: 'maxLength', params: { count: 254 } }],
        },
      });
      // Two short lines (the refusal and the request), nothing of the address: it was 5 MB per request.
      expect(logged.length).toBeLessThan(2000);
      expect(logged).not.toContain(email.slice(0, 100));
    }
    // Nothing was counted or stored under the long address.
    const keys = (await t.database.db.select({ key: schema.rateLimits.key }).from(schema.rateLimits)).map((r) => r.key);
    expect(keys.every((key) => key.length < 300)).toBe(true);
  });

  it("keeps a database error's log line short: no query parameters, every text cut", async () => {
    const key = randomText(5000);
    // The failure the long e-mail used to cause: an index row over PostgreSQL's limit.
    const error = await t.database.db
      .insert(schema.rateLimits)
      .values({ id: key, key, count: 1, lastRequest: 0 })
      .then(() => null)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    let line = '';
    const logger = pino(
      { ...(createLoggerOptions(env) as pino.LoggerOptions) },
      new Writable({
        write(chunk, _encoding, callback) {
          line += String(chunk);
          callback();
        },
      }),
    );
    logger.error({ err: error, email: key }, `request failed for ${key}`);
    expect(line.length).toBeLessThan(4000);
    expect(line).not.toContain(key.slice(0, 400));
    const written = JSON.parse(line);
    expect(written.err.message).toMatch(/^Failed query: insert into "rate_limits"/);
    expect(written.err.stack).toMatch(/\n\s+at /);
    expect(written.msg).toMatch(/… \(\d+ more characters\)$/);
  });

  it("keeps better-auth's own error lines short and off the console", async () => {
    logged = '';
    const email = `${randomText(5000)}@example.com`;
    // Past our routes' checks, straight to better-auth: its insert fails on the index and it logs the failure.
    const answer = await t.app.auth.api
      .signUpEmail({ body: { email, name: 'Straight In', password: 'a good password' } })
      .catch((error: unknown) => error);
    expect(answer).toBeInstanceOf(Error);
    const line = logged.split('\n').find((text) => text.includes('better-auth: '));
    expect(JSON.parse(line ?? '{}')).toMatchObject({ level: 50, err: { type: 'DrizzleQueryError' } });
    // A few KB (the query's start four times over, a dozen stack frames each), never the address.
    expect(logged.length).toBeLessThan(6000);
    expect(logged).not.toContain(email.slice(0, 400));
  });

  it('counts JSON depth on the text, strings and escapes aside', () => {
    expect(isNestedDeeperThan(nested(maxJsonDepth), maxJsonDepth)).toBe(false);
    expect(isNestedDeeperThan(nested(maxJsonDepth + 1), maxJsonDepth)).toBe(true);
    expect(isNestedDeeperThan(`[${'['.repeat(40)}]`, 32)).toBe(true);
    expect(isNestedDeeperThan(JSON.stringify({ name: '{'.repeat(100), quote: '\\"[[[[', list: [[1]] }), 3)).toBe(false);
  });

  it('answers 400 to a 20,000-level body on a better-auth route and on an ordinary route', async () => {
    const signedIn = await user();
    const headers = { ...signedIn.headers, 'content-type': 'application/json' };
    for (const url of ['/api/auth/update-user', '/api/accounts', '/api/auth/sign-in/email']) {
      for (const payload of [nested(20_000), `{"name":${'['.repeat(20_000)}${']'.repeat(20_000)}}`]) {
        const answer = await t.app.inject({ method: 'POST', url, headers, payload });
        expect({ url, status: answer.statusCode, body: answer.json() }).toMatchObject({
          url,
          status: 400,
          body: {
            code: 'BAD_REQUEST',
            message: `The request body nests objects and lists more than ${maxJsonDepth} levels deep.`,
          },
        });
      }
    }
    // A body within the limit is read as before.
    const renamed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers,
      payload: { name: 'Deep Enough', extra: JSON.parse(nested(maxJsonDepth - 2)) },
    });
    expect(renamed.statusCode).toBe(200);
  });

  it('refuses control and invisible formatting characters in names on every kind of route, naming the field', async () => {
    const ownerName = `Owner ${randomText(6)}`;
    const owner = await signUpUser(t, ownerName);
    const admin = await signInAdmin(t);
    const rover = (
      await t.app.inject({ method: 'POST', url: '/api/accounts', headers: owner.headers, payload: { name: 'Rover' } })
    ).json();
    const hostile = 'Invoice\u202Efdp.exe';
    const network = await seedNetwork(t.database.db);
    const routes: {
      method: 'POST' | 'PATCH' | 'PUT';
      url: string;
      field: string;
      headers?: object;
      payload?: object;
      query?: Record<string, string>;
    }[] = [
      { method: 'POST', url: '/api/accounts', field: 'body.name', headers: owner.headers, payload: { name: hostile } },
      {
        method: 'PATCH',
        url: `/api/accounts/${rover.id}`,
        field: 'body.name',
        headers: owner.headers,
        payload: { name: 'Ro\u200Bver' },
      },
      {
        method: 'POST',
        url: '/api/accounts/bulk',
        field: 'body.namePrefix',
        headers: owner.headers,
        payload: { count: 2, namePrefix: 'Fleet\u0007' },
      },
      {
        method: 'POST',
        url: '/api/organization',
        field: 'body.name',
        headers: owner.headers,
        payload: { name: '\u2066Farm Co' },
      },
      {
        method: 'POST',
        url: '/api/auth/sign-up/email',
        field: 'body.name',
        payload: { email: 'bidi@example.com', name: 'Ada\u202E', password: 'a good password', termsAccepted: true },
      },
      // Trimming would take a BOM off the ends; the name is checked as sent, as better-auth would store it.
      {
        method: 'POST',
        url: '/api/auth/update-user',
        field: 'body.name',
        headers: owner.headers,
        payload: { name: '\uFEFFAda Byron' },
      },
      {
        method: 'PUT',
        url: '/api/meta/pages/marketplace',
        field: 'body.title',
        headers: admin.headers,
        payload: { title: 'Shop\u0085', description: '' },
      },
      {
        method: 'POST',
        url: `/api/admin/networks/${network.id}/stations`,
        field: 'body.identifier',
        headers: admin.headers,
        payload: { mountpoint: 'HOSTILE1', identifier: hostile, countryCode: 'NLD', format: 'RTCM 3.2' },
      },
      {
        method: 'PUT',
        url: '/api/admin/tokens',
        field: 'querystring.reason',
        headers: admin.headers,
        query: { userId: owner.id, tokenAmount: '5', reason: 'Gift\u200D' },
      },
    ];
    for (const route of routes) {
      const answer = await t.app.inject({
        method: route.method,
        url: route.url,
        headers: route.headers as Record<string, string>,
        payload: route.payload,
        query: route.query,
      });
      expect({ route: `${route.method} ${route.url}`, status: answer.statusCode, body: answer.json() }).toMatchObject({
        route: `${route.method} ${route.url}`,
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: `Invalid ${route.field}: must not contain control or invisible formatting characters.`,
          details: [{ path: route.field, rule: 'controlCharacters' }],
        },
      });
    }
    // Nothing was stored: the one account keeps its name, no user, organisation or grant came of it.
    const accounts = (await t.app.inject({ url: '/api/accounts', headers: owner.headers })).json();
    expect(accounts.map((account: { name: string }) => account.name)).toEqual(['Rover']);
    expect((await t.app.inject({ url: '/api/user', headers: owner.headers })).json()).toMatchObject({
      username: ownerName,
      teams: [],
      tokenAmount: 0,
    });
  });

  it('writes a formula-looking name into the credentials CSV as text', async () => {
    const owner = await user();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/bulk',
      headers: owner.headers,
      payload: { count: 1, namePrefix: '=HYPERLINK("http://evil.test")' },
    });
    expect(answer.statusCode).toBe(201);
    const [header, row] = answer.body.split('\r\n');
    expect(header).toBe('"name","username","password","host","port","tls_port","mountpoint"');
    expect(row).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.test""\) 1","[^"]+","[^"]+",/);
  });
});
