import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

describe('admin routes', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signUpUser>>;
  let routes: { method: Method; url: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    user = await signUpUser(t, 'Not An Admin');
    // Every route the API documents under /api/admin, its path parameters filled with ids of nothing.
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, object> };
    routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => ({
          method: method.toUpperCase() as Method,
          url: path.replaceAll(/\{[^}]+\}/g, () => randomUUID()),
        })),
      );
  });

  afterAll(async () => {
    await t?.close();
  });

  it('are all refused on the server: 401 without a session, 403 for a signed-in user who is not an admin', async () => {
    // Users, credits, templates, networks, stations, import, feeds and the admin map: a new route is checked too.
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const signedOut = await t.app.inject({ method: route.method, url: route.url });
      expect({ ...route, status: signedOut.statusCode }).toEqual({ ...route, status: 401 });
      const asUser = await t.app.inject({ method: route.method, url: route.url, headers: user.headers });
      expect({ ...route, status: asUser.statusCode, code: asUser.json().code }).toEqual({
        ...route,
        status: 403,
        code: 'FORBIDDEN',
      });
    }
  });
});
