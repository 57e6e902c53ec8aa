import { randomUUID } from 'node:crypto';
import { type ApiKeyScope, apiKeyScopes } from '@fixpoint/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
interface Route {
  method: Method;
  path: string;
  url: string;
  /** The scope the document says a key needs, or null when keys are refused. */
  scope: ApiKeyScope | null;
}
const keyRefusals = new Set(['INSUFFICIENT_SCOPE', 'API_KEY_NOT_ALLOWED']);

/**
 * The authorization matrix for API keys (issue 32, decision 0077): every documented route, called with a key of each
 * single scope. A key gets past identity only on a route that declares that very scope, on its own owner's paths;
 * everywhere else (admin routes, key management, the profile, another scope's routes, an organisation's paths) it
 * is 403, whatever the route would otherwise answer. Public reads answered alike to everyone are left out.
 */
describe('what each key scope can reach', () => {
  let t: TestApp;
  let routes: Route[];
  const keys = new Map<ApiKeyScope, string>();

  beforeAll(async () => {
    t = await createTestApp({ API_KEY_RATE_LIMIT: '100000' });
    const user = await signUpUser(t, 'Matrix Owner');
    for (const scope of apiKeyScopes) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: user.headers,
        payload: { name: scope, scopes: [scope] },
      });
      keys.set(scope, created.json().key);
    }
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
    };
    routes = Object.entries(doc.paths)
      .filter(([path]) => !path.startsWith('/api/auth/'))
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, operation]) => ({
          method: method.toUpperCase() as Method,
          path,
          url: path.replace('{page}', 'terms').replaceAll(/\{[^}]+\}/g, () => randomUUID()),
          scope: (operation.security?.find((entry) => 'apiKey' in entry)?.apiKey?.[0] ?? null) as ApiKeyScope | null,
        })),
      );
  });
  afterAll(() => t?.close());

  it('lets a key through only where its scope is declared, on its own owner', async () => {
    const reachable = routes.filter((route) => route.scope && !route.path.startsWith('/api/org/'));
    // Accounts, sessions, credentials, tokens, provisioning, the ledger, billing and subscriptions.
    expect(reachable.length).toBeGreaterThan(15);
    expect(routes.filter((route) => route.path.startsWith('/api/admin/') && route.scope)).toEqual([]);
    const outcomes: string[] = [];
    for (const route of routes) {
      // Public answers shared by everyone (the marketplace list) never read the caller: nothing to refuse.
      if (route.method === 'GET' && (await t.app.inject({ url: route.url })).statusCode < 400) continue;
      for (const scope of apiKeyScopes) {
        const res = await t.app.inject({
          method: route.method,
          url: route.url,
          headers: { authorization: `Bearer ${keys.get(scope)}` },
        });
        const code = String(res.headers['content-type'] ?? '').includes('json')
          ? (res.json()?.code as string | undefined)
          : undefined;
        const refused = res.statusCode === 403 && keyRefusals.has(code ?? '');
        const shouldPass = route.scope === scope && !route.path.startsWith('/api/org/');
        if (refused === shouldPass || res.statusCode === 401) {
          outcomes.push(`${route.method} ${route.path} with ${scope}: ${res.statusCode} ${code ?? ''}`);
        }
      }
    }
    expect(outcomes).toEqual([]);
  }, 120_000);
});
