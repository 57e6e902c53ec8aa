import { schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** Admin → settings → account management and documents, as the rest of the product feels them. */
describe('account management and documents', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;

  const call = (who: { headers: Record<string, string> }, method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers: who.headers, payload });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives new NTRIP accounts the default connection limit and stops an owner at the account limit', async () => {
    expect((await call(admin, 'GET', '/api/admin/account-settings')).json()).toEqual({
      defaultMaxConnections: 1,
      maxAccountsPerOwner: 500,
      reminderDays: 3,
      organizationAccess: 'approval',
      usernamePrefix: 'fx',
    });
    const saved = await call(admin, 'PUT', '/api/admin/account-settings', {
      defaultMaxConnections: 3,
      maxAccountsPerOwner: 2,
      reminderDays: 7,
      organizationAccess: 'open',
    });
    expect(saved.statusCode).toBe(200);
    expect(
      (
        await call(admin, 'PUT', '/api/admin/account-settings', {
          defaultMaxConnections: 11,
          maxAccountsPerOwner: 2,
          reminderDays: 7,
          organizationAccess: 'open',
        })
      ).statusCode,
    ).toBe(400);

    const user = await signUpUser(t, 'Limited Lena');
    const first = await call(user, 'POST', '/api/accounts', { name: 'One' });
    expect(first.json().maxConnections).toBe(3);
    expect((await call(user, 'POST', '/api/accounts', { name: 'Two' })).statusCode).toBe(201);
    const third = await call(user, 'POST', '/api/accounts', { name: 'Three' });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({
      code: 'ACCOUNT_LIMIT',
      message: 'You can have at most 2 NTRIP accounts (you have 2). Delete unused ones first.',
    });
    expect((await call(user, 'POST', '/api/accounts/bulk', { count: 5, namePrefix: 'Fleet' })).statusCode).toBe(409);
    expect((await call(user, 'GET', '/api/accounts')).json()).toHaveLength(2);
    expect((await call(user, 'GET', '/api/admin/account-settings')).statusCode).toBe(403);
  });

  it('publishes versioned terms, serves the current ones to everyone and records the version a sign-up accepted', async () => {
    expect((await t.app.inject({ url: '/api/documents' })).json()).toEqual({ terms: null, privacy: null });
    const early = await signUpUser(t, 'Early Emma');

    const publish = (body: object) => call(admin, 'POST', '/api/admin/documents', body);
    expect((await publish({ kind: 'terms', title: 'Terms' })).json().message).toContain(
      'Give the text or a link to it.',
    );
    expect((await publish({ kind: 'terms', title: 'Terms', url: 'http://insecure.example' })).statusCode).toBe(400);
    const v1 = await publish({ kind: 'terms', title: 'Terms of service', body: 'Be nice to the caster.' });
    expect(v1.statusCode).toBe(201);
    expect(v1.json()).toMatchObject({ kind: 'terms', version: 1 });
    const v2 = await publish({ kind: 'terms', title: 'Terms of service', body: 'Be nicer to the caster.' });
    expect(v2.json().version).toBe(2);
    await publish({ kind: 'privacy', title: 'Privacy', url: 'https://example.com/privacy' });

    const current = (await t.app.inject({ url: '/api/documents' })).json();
    expect(current.terms).toMatchObject({ version: 2, body: 'Be nicer to the caster.' });
    expect(current.privacy).toMatchObject({ version: 1, url: 'https://example.com/privacy' });
    expect((await call(admin, 'GET', '/api/admin/documents')).json()).toHaveLength(3);

    const late = await signUpUser(t, 'Late Lars');
    const versions = async (id: string) =>
      (
        await t.database.db
          .select({ terms: schema.users.termsVersion, privacy: schema.users.privacyVersion })
          .from(schema.users)
          .where(eq(schema.users.id, id))
      )[0];
    expect(await versions(late.id)).toEqual({ terms: 2, privacy: 1 });
    expect(await versions(early.id)).toEqual({ terms: null, privacy: null });
  });
});
