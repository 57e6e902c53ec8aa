import { schema } from '@fixpoint/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadEnv } from '../../config/env';
import { signInAdmin, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { hashApiKey } from './api-keys.service';

type User = Awaited<ReturnType<typeof signUpUser>>;
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** API keys (docs/decisions/0077): shown once, stored as a hash, scoped, per owner, revoked at once, limited. */
describe('API keys', () => {
  let t: TestApp;
  let owner: User;
  let other: User;
  beforeAll(async () => {
    t = await createTestApp({ API_KEY_RATE_LIMIT: '8' });
    owner = await signUpUser(t, 'Key Owner');
    other = await signUpUser(t, 'Key Stranger');
  });
  afterAll(() => t.close());

  const createKey = async (headers: Record<string, string>, scopes: string[], url = '/api/api-keys') => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { name: `key ${scopes.join(' ')}`, scopes },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; key: string; prefix: string };
  };

  it('answers the key once, keeps only its hash, and lists it without the key', async () => {
    const created = await createKey(owner.headers, ['accounts:read']);
    expect(created.key).toMatch(/^fpk_[\w-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const [row] = await t.database.db.select().from(schema.apiKeys).where(eq(schema.apiKeys.id, created.id));
    expect(row?.keyHash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const list = await t.app.inject({ url: '/api/api-keys', headers: owner.headers });
    expect(list.json().items.map((k: { id: string }) => k.id)).toContain(created.id);
    expect(list.body).not.toContain(created.key);
    // Another person neither sees nor revokes it.
    const theirs = await t.app.inject({ url: '/api/api-keys', headers: other.headers });
    expect(theirs.json().items).toEqual([]);
    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${created.id}`, headers: other.headers });
    expect(revoke.statusCode).toBe(404);

    const audit = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.kind, 'apiKey.create'), eq(schema.auditLog.targetId, created.id)));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(created.key);
  });

  it('acts as its owner within its scopes and nowhere else', async () => {
    const reader = await createKey(owner.headers, ['accounts:read']);
    await t.app.inject({ method: 'POST', url: '/api/accounts', headers: owner.headers, payload: { name: 'Mine' } });

    const list = await t.app.inject({ url: '/api/accounts', headers: bearer(reader.key) });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((a: { name: string }) => a.name)).toEqual(['Mine']);

    const write = await t.app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: bearer(reader.key),
      payload: { name: 'Not allowed' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({
      code: 'INSUFFICIENT_SCOPE',
      message: expect.stringContaining('accounts:write'),
    });

    // Routes that declare no scope refuse every key: admin routes, key management, the profile.
    const admin = await signInAdmin(t);
    const adminKey = await createKey(admin.headers, ['accounts:read', 'accounts:write', 'usage:read', 'billing:read']);
    for (const [method, url] of [
      ['GET', '/api/admin/accounts'],
      ['GET', '/api/admin/audit-log'],
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys'],
      ['GET', '/api/user'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: bearer(adminKey.key),
        payload: method === 'POST' ? {} : undefined,
      });
      expect([res.statusCode, res.json().code], url).toEqual([403, 'API_KEY_NOT_ALLOWED']);
    }
    // A personal key does not reach the owner's organisations.
    const orgId = '00000000-0000-4000-8000-000000000000';
    const orgRes = await t.app.inject({ url: `/api/org/${orgId}/accounts`, headers: bearer(reader.key) });
    expect(orgRes.json().code).toBe('API_KEY_NOT_ALLOWED');

    // A key that is not one: 401.
    const forged = await t.app.inject({ url: '/api/accounts', headers: bearer(`fpk_${'x'.repeat(43)}`) });
    expect(forged.statusCode).toBe(401);
  });

  it('revokes at once and records the first use from a new address', async () => {
    const key = await createKey(owner.headers, ['accounts:read']);
    const used = await t.app.inject({ url: '/api/accounts', headers: bearer(key.key), remoteAddress: '198.51.100.7' });
    expect(used.statusCode).toBe(200);
    await t.app.inject({ url: '/api/accounts', headers: bearer(key.key), remoteAddress: '198.51.100.7' });
    const seen = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.kind, 'apiKey.newAddress'), eq(schema.auditLog.targetId, key.id)));
    expect(seen.map((entry) => entry.after)).toEqual([{ address: '198.51.100.7' }]);
    const listed = (await t.app.inject({ url: '/api/api-keys', headers: owner.headers })).json().items;
    expect(listed.find((k: { id: string }) => k.id === key.id).lastUsedAt).not.toBeNull();

    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${key.id}`, headers: owner.headers });
    expect(revoke.statusCode).toBe(204);
    const after = await t.app.inject({ url: '/api/accounts', headers: bearer(key.key) });
    expect(after.statusCode).toBe(401);
    const kinds = await t.database.db
      .select({ kind: schema.auditLog.kind })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.targetId, key.id));
    expect(kinds.map((k) => k.kind).sort()).toEqual(['apiKey.create', 'apiKey.newAddress', 'apiKey.revoke']);
  });

  it('refuses an expired key and an expiry in the past', async () => {
    const past = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: owner.headers,
      payload: { name: 'old', scopes: ['accounts:read'], expiresAt: '2020-01-01T00:00:00.000Z' },
    });
    expect(past.statusCode).toBe(400);
    const key = await createKey(owner.headers, ['accounts:read']);
    await t.database.db
      .update(schema.apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.apiKeys.id, key.id));
    expect((await t.app.inject({ url: '/api/accounts', headers: bearer(key.key) })).statusCode).toBe(401);
  });

  it('limits requests per key with Retry-After, each key on its own count', async () => {
    const busy = await createKey(other.headers, ['accounts:read']);
    const calm = await createKey(other.headers, ['accounts:read']);
    const codes: number[] = [];
    for (let i = 0; i < 9; i++) {
      codes.push((await t.app.inject({ url: '/api/accounts', headers: bearer(busy.key) })).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
    const refused = await t.app.inject({ url: '/api/accounts', headers: bearer(busy.key) });
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.app.inject({ url: '/api/accounts', headers: bearer(calm.key) })).statusCode).toBe(200);
  });

  it('revokes and limits on every process at once: a second app on the same database sees both', async () => {
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: t.dataDir, API_KEY_RATE_LIMIT: '8' });
    const second = await buildApp({ env, database: t.database, secretKey: t.secretKey });
    await second.ready();
    try {
      const shared = await createKey(other.headers, ['accounts:read']);
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push((await t.app.inject({ url: '/api/accounts', headers: bearer(shared.key) })).statusCode);
        codes.push((await second.inject({ url: '/api/accounts', headers: bearer(shared.key) })).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
      expect((await second.inject({ url: '/api/accounts', headers: bearer(shared.key) })).statusCode).toBe(429);

      const revocable = await createKey(other.headers, ['accounts:read']);
      expect((await second.inject({ url: '/api/accounts', headers: bearer(revocable.key) })).statusCode).toBe(200);
      await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${revocable.id}`, headers: other.headers });
      const started = Date.now();
      expect((await second.inject({ url: '/api/accounts', headers: bearer(revocable.key) })).statusCode).toBe(401);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await second.close();
    }
  });

  it("gives an organisation's owners and admins its keys, which act only on it", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/organization',
      headers: owner.headers,
      payload: { name: 'Key Fleet' },
    });
    const orgId = created.json().organization.id as string;
    await t.database.db
      .update(schema.organizations)
      .set({ status: 'active' })
      .where(eq(schema.organizations.id, orgId));
    const key = await createKey(owner.headers, ['accounts:read', 'accounts:write'], `/api/org/${orgId}/api-keys`);
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/org/${orgId}/accounts`,
      headers: bearer(key.key),
      payload: { name: 'Org rover' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().organization.id).toBe(orgId);
    // Not the person's own accounts, and not listed among the person's keys.
    expect((await t.app.inject({ url: '/api/accounts', headers: bearer(key.key) })).json().code).toBe(
      'API_KEY_NOT_ALLOWED',
    );
    const mine = (await t.app.inject({ url: '/api/api-keys', headers: owner.headers })).json().items;
    expect(mine.map((k: { id: string }) => k.id)).not.toContain(key.id);
    // A stranger cannot manage the organisation's keys.
    const stranger = await t.app.inject({ url: `/api/org/${orgId}/api-keys`, headers: other.headers });
    expect(stranger.statusCode).toBe(403);
  });

  it('declares the key scheme and each route’s scope in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/accounts'].post.security).toContainEqual({ apiKey: ['accounts:write'] });
    expect(doc.paths['/api/org/{orgId}/accounts'].get.security).toContainEqual({ apiKey: ['accounts:read'] });
    expect(JSON.stringify(doc.paths['/api/admin/accounts'].get.security)).not.toContain('apiKey');
    expect(doc.paths['/api/api-keys'].post).toBeDefined();
  });
});
