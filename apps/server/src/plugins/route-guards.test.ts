import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
interface Route {
  method: Method;
  path: string;
  url: string;
}

/**
 * What a visitor may call without a session: health, branding and pages, sign-in options, the marketplace, status,
 * and the prices on sale.
 */
const publicReads = new Set([
  'GET /api/health',
  'GET /api/meta',
  'GET /api/meta/pages/{page}',
  'GET /api/auth-config',
  'GET /api/networks',
  'GET /api/networks/coverage',
  'GET /api/networks/{id}',
  'GET /api/networks/{id}/coverage',
  'GET /api/status',
  'GET /api/stripe/subscription-pricing-tables',
  'GET /api/tokenProducts',
  'GET /api/documents',
  // The help centre's caster address for everyone; a signed-in caller's own accounts too (decision 0074).
  'GET /api/help/connection',
]);

/** Signing up and in, and resetting a password, are for visitors; the session read answers null without one. */
const publicAuth = new Set([
  'POST /api/auth/sign-up/email',
  'POST /api/auth/sign-in/email',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
  // Like a reset request: answered alike for any address, mailed only to an unverified account's own (decision 0061).
  'POST /api/auth/send-verification-email',
  'GET /api/auth/get-session',
]);

/** The sales form is for visitors too (spec §4); it is limited per address instead (decision 0047). */
const publicWrites = new Set(['POST /api/sales-requests']);

/** Admin-only routes outside /api/admin: editing the branding texts and pages. */
const adminWrites = new Set(['PUT /api/meta', 'PUT /api/meta/pages/{page}']);

describe('route guards', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signUpUser>>;
  let routes: Route[];

  const key = (route: Route) => `${route.method} ${route.path}`;
  const call = (route: Route, headers?: Record<string, string>) =>
    t.app.inject({ method: route.method, url: route.url, headers });

  beforeAll(async () => {
    t = await createTestApp();
    user = await signUpUser(t, 'Not An Admin');
    // Every route the API documents, its path parameters filled with ids of nothing (or the terms page).
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, object> };
    routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({
        method: method.toUpperCase() as Method,
        path,
        url: path.replace('{page}', 'terms').replaceAll(/\{[^}]+\}/g, () => randomUUID()),
      })),
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  it('refuse every /api/admin route on the server: 401 without a session, 403 for a user who is not an admin', async () => {
    const admin = routes.filter((route) => route.path.startsWith('/api/admin/'));
    // Users, credits, templates, networks, stations, import, feeds and the admin map: a new route is checked too.
    expect(admin.length).toBeGreaterThan(20);
    for (const route of [...admin, ...routes.filter((route) => adminWrites.has(key(route)))]) {
      expect({ route: key(route), status: (await call(route)).statusCode }).toEqual({ route: key(route), status: 401 });
      const asUser = await call(route, user.headers);
      expect({ route: key(route), status: asUser.statusCode, code: asUser.json().code }).toEqual({
        route: key(route),
        status: 403,
        code: 'FORBIDDEN',
      });
    }
  });

  it('need a session for every other route except the public reads', async () => {
    const own = routes.filter(
      (route) =>
        !route.path.startsWith('/api/admin/') &&
        !publicReads.has(key(route)) &&
        !adminWrites.has(key(route)) &&
        !publicAuth.has(key(route)) &&
        !publicWrites.has(key(route)),
    );
    // Sign-up and sign-in are in the document, with the account routes that need a session (issue 15).
    expect(routes.filter((route) => publicAuth.has(key(route)))).toHaveLength(publicAuth.size);
    // The user's overview, credits, tokens, NTRIP accounts and their sessions, and the user's map.
    expect(own.length).toBeGreaterThan(10);
    for (const route of own) {
      const signedOut = await call(route);
      expect({ route: key(route), status: signedOut.statusCode, code: signedOut.json().code }).toEqual({
        route: key(route),
        status: 401,
        code: 'UNAUTHORIZED',
      });
    }
  });

  it('take a sales request from a visitor: an empty form is refused for its fields, not for the session', async () => {
    for (const write of publicWrites) {
      const route = routes.find((candidate) => key(candidate) === write);
      expect(route, write).toBeDefined();
      const res = await t.app.inject({ method: route?.method, url: route?.url, payload: {} });
      expect({ route: write, status: res.statusCode, code: res.json().code }).toEqual({
        route: write,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
  });

  it('answer the public reads without a session', async () => {
    for (const read of publicReads) {
      const route = routes.find((candidate) => key(candidate) === read);
      expect(route, read).toBeDefined();
      // A network id of nothing is a 404; never a 401.
      expect([200, 404], read).toContain((await call(route as Route)).statusCode);
    }
  });
});
