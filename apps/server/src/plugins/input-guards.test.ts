import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signUpUser } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { findNulCharacter } from './input-guards';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Hostile input (issue 16): a NUL character, which PostgreSQL cannot store, is a 400 on every route, never a 500. */
describe('input guards', () => {
  let t: TestApp;
  let admin: { headers: Record<string, string> };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds a NUL in nested bodies, keys and arrays, and nothing in clean input', () => {
    expect(findNulCharacter({ seller: { name: 'a\u0000b' } }, 'body')).toBe('body.seller.name');
    expect(findNulCharacter({ ids: ['ok', 'bad\u0000'] }, 'body')).toBe('body.ids.1');
    expect(findNulCharacter({ 'k\u0000': 1 }, 'body')).toBe('body');
    expect(findNulCharacter({ name: 'Traktor 1 – Ü', n: 3, ok: true, none: null }, 'body')).toBeNull();
  });

  it('answers 400 VALIDATION_FAILED to a NUL in the body of every documented write, and in query strings', async () => {
    // The admin owns an organisation, so its routes get past membership to the input guard.
    const org = await t.app.inject({
      method: 'POST',
      url: '/api/organization',
      headers: admin.headers,
      payload: { name: 'Guarded Farm' },
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/organizations/${org.json().organization.id}/status`,
      headers: admin.headers,
      payload: { status: 'active' },
    });
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, object> };
    const writes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .map((method) => method.toUpperCase() as Method)
        .filter((method) => method === 'POST' || method === 'PUT' || method === 'PATCH')
        .map((method) => ({
          method,
          url: path
            .replace('{page}', 'terms')
            .replace('{orgId}', org.json().organization.id)
            .replaceAll(/\{[^}]+\}/g, () => randomUUID()),
        })),
    );
    expect(writes.length).toBeGreaterThan(30);
    const body = { name: 'Tractor\u00001', email: 'a@b.c', title: 'x', seller: { name: 'n\u0000' } };
    for (const route of writes) {
      if (route.url === '/api/stripe/webhook') continue; // a raw, signed body: refused by its signature check
      const answer = await t.app.inject({
        method: route.method,
        url: route.url,
        headers: admin.headers,
        payload: body,
      });
      expect({ route: `${route.method} ${route.url}`, status: answer.statusCode, code: answer.json().code }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
    const search = await t.app.inject({ url: '/api/admin/subscriptions?search=a%00b', headers: admin.headers });
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toBe('Invalid query.search: text may not contain NUL characters.');
  });

  it('refuses a sign-up or an account name with a NUL as bad input, and stores nothing', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'nul@example.com', name: 'Nul\u0000User', password: 'a good password', termsAccepted: true },
    });
    expect(signUp.statusCode).toBe(400);
    const user = await signUpUser(t, 'Clean Clara');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: user.headers,
      payload: { name: 'Rover\u0000' },
    });
    expect(created.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/accounts', headers: user.headers })).json()).toEqual([]);
  });
});
