import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schema } from '@fixpoint/db';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCreditPack, seedNetwork, signInAdmin, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { maxOpenInvites } from './invites';

type User = Awaited<ReturnType<typeof signUpUser>>;
type Headers = { authorization: string };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The permission table of docs/decisions/0041: the least role each organisation route needs. Reads are for every
 * member except credentials and usage; writes are for admins, deleting the organisation for owners, and anyone may
 * call DELETE /members (to leave; removing others is checked inside).
 */
const rank = { none: -1, member: 0, admin: 1, owner: 2 } as const;
function neededRole(method: Method, path: string): keyof typeof rank {
  if (method === 'DELETE' && path === '/api/org/{orgId}') return 'owner';
  if (method === 'DELETE' && path === '/api/org/{orgId}/members') return 'member';
  if (method === 'GET') {
    return /credentials|usage/.test(path) ? 'admin' : 'member';
  }
  return 'admin';
}

describe('organisations', () => {
  let t: TestApp;
  let admin: { headers: Headers };
  let owner: User;
  let orgAdmin: User;
  let member: User;
  let stranger: User;
  let orgId: string;

  const call = (method: Method, url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const create = (user: User, name: string) => call('POST', '/api/organization', user.headers, { name });
  const grantOrg = (id: string, tokenAmount: number) =>
    call('PUT', `/api/admin/organizations/${id}/tokens`, admin.headers, { tokenAmount });
  const addMember = async (user: User, role: 'admin' | 'member') => {
    await call('POST', `/api/org/${orgId}/invites`, owner.headers, { email: user.email });
    await call('PUT', '/api/invites', user.headers, { action: 'accept', organization: orgId });
    if (role === 'admin') await call('PUT', `/api/org/${orgId}/members`, owner.headers, { forMember: user.id, role });
  };

  beforeAll(async () => {
    t = await createTestApp({ ORG_MAX_PER_USER: '2' });
    admin = await signInAdmin(t);
    owner = await signUpUser(t, 'Fleet Owner');
    orgAdmin = await signUpUser(t, 'Fleet Admin');
    member = await signUpUser(t, 'Fleet Driver');
    stranger = await signUpUser(t, 'Stranger');
  });
  afterAll(() => t.close());

  it('creates an organisation by the spec: codes, case-insensitive names, the per-user maximum, the beta approval', async () => {
    const cases: [string, number, string][] = [
      ['   ', 400, 'CanNotBeEmpty'],
      ['a-b', 400, 'MinimumCharactersNotMet'],
      ['!!&&??', 400, 'MinimumCharactersNotMet'],
      ['x'.repeat(33), 400, 'VALIDATION_FAILED'],
    ];
    for (const [name, status, code] of cases) {
      const res = await create(owner, name);
      expect(res.statusCode, name).toBe(status);
      expect(res.json().code, name).toBe(code);
    }
    expect((await create(owner, '')).json()).toMatchObject({
      code: 'CanNotBeEmpty',
      message: 'The organization name can not be empty.',
    });

    // The default beta mode is "by approval": the organisation waits.
    const created = await create(owner, 'Green Acres');
    expect(created.statusCode).toBe(201);
    orgId = created.json().organization.id;
    expect(created.json()).toEqual({
      success: true,
      value: `/org/${orgId}`,
      organization: { id: orgId, name: 'Green Acres', status: 'pending' },
    });
    expect((await call('GET', '/api/user', owner.headers)).json().teams).toEqual([
      { id: orgId, name: 'Green Acres', role: 'owner', status: 'pending' },
    ]);
    const waiting = await call('GET', `/api/org/${orgId}/accounts`, owner.headers);
    expect(waiting.statusCode).toBe(403);
    expect(waiting.json().code).toBe('ORG_NOT_ACTIVE');
    expect((await call('GET', `/api/org/${orgId}`, owner.headers)).json()).toMatchObject({ status: 'pending' });

    const taken = await create(stranger, 'GREEN acres');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'AlreadyTaken', message: 'This name is already taken.' });

    expect((await create(owner, 'Second Farm')).statusCode).toBe(201);
    const third = await create(owner, 'Third Farm');
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({
      code: 'MaximumOrganizationCreated',
      message: 'You have reached the maximum amount of organizations you can create.',
    });

    const queue = (await call('GET', '/api/admin/organizations?status=pending', admin.headers)).json();
    expect(queue.map((org: { name: string }) => org.name)).toEqual(expect.arrayContaining(['Green Acres']));
    const approved = await call('PUT', `/api/admin/organizations/${orgId}/status`, admin.headers, { status: 'active' });
    expect(approved.json()).toMatchObject({ status: 'active', ownerEmail: owner.email, memberCount: 1 });
    expect((await call('GET', `/api/org/${orgId}/accounts`, owner.headers)).json()).toEqual([]);

    // With the beta open to all, a new organisation is active at once.
    const settings = (await call('GET', '/api/admin/account-settings', admin.headers)).json();
    await call('PUT', '/api/admin/account-settings', admin.headers, {
      ...settings,
      usernamePrefix: undefined,
      organizationAccess: 'open',
    });
    expect((await create(stranger, 'Open Fields')).json().organization.status).toBe('active');
  });

  it('invites by e-mail: a newcomer signs up, finds it waiting, declines, then accepts', async () => {
    const email = 'newcomer@example.com';
    const invited = await call('POST', `/api/org/${orgId}/invites`, owner.headers, { email: ' NewComer@Example.com ' });
    expect(invited.statusCode).toBe(200);
    expect(invited.json()).toEqual([expect.objectContaining({ email, status: 'pending', invitedBy: 'Fleet Owner' })]);
    const outbox = join(t.dataDir, 'outbox');
    const mail = readdirSync(outbox)
      .map((file) => readFileSync(join(outbox, file), 'utf8'))
      .find((text) => text.includes(`To: ${email}`));
    expect(mail).toContain('Green Acres');
    expect(mail).toMatch(/\/signup/);

    const newcomer = await signUpUser(t, 'NewComer');
    expect((await call('GET', '/api/invites', newcomer.headers)).json()).toEqual([
      expect.objectContaining({ organization: orgId, organizationName: 'Green Acres', status: 'pending' }),
    ]);
    const declined = await call('PUT', '/api/invites', newcomer.headers, { action: 'decline', organization: orgId });
    expect(declined.json()).toEqual([expect.objectContaining({ status: 'declined' })]);
    const wrong = await call('PUT', '/api/invites', newcomer.headers, { action: 'accept', organization: orgId });
    expect(wrong.statusCode).toBe(409);
    const accepted = await call('PUT', '/api/invites', newcomer.headers, {
      action: 'acceptDeclined',
      organization: orgId,
    });
    expect(accepted.json()).toEqual([]);
    expect((await call('GET', '/api/user', newcomer.headers)).json().teams).toEqual([
      expect.objectContaining({ id: orgId, role: 'member' }),
    ]);
    const again = await call('POST', `/api/org/${orgId}/invites`, owner.headers, { email });
    expect(again.json().code).toBe('ALREADY_MEMBER');

    // Nobody else can answer an invitation meant for another address, and an expired one is gone.
    await call('POST', `/api/org/${orgId}/invites`, owner.headers, { email: 'late@example.com' });
    await t.database.db
      .update(schema.organizationInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.organizationInvites.email, 'late@example.com'));
    expect((await call('GET', `/api/org/${orgId}/invites`, owner.headers)).json()).toEqual([]);
    const foreign = await call('PUT', '/api/invites', stranger.headers, { action: 'accept', organization: orgId });
    expect(foreign.statusCode).toBe(404);

    // An organisation cannot mail strangers in bulk: open invitations are capped.
    await t.database.db.insert(schema.organizationInvites).values(
      Array.from({ length: maxOpenInvites }, (_, n) => ({
        orgId,
        email: `bulk${n}@example.com`,
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
    const capped = await call('POST', `/api/org/${orgId}/invites`, owner.headers, { email: 'one.more@example.com' });
    expect(capped.statusCode).toBe(409);
    expect(capped.json().code).toBe('TOO_MANY_INVITES');
    await t.database.db.delete(schema.organizationInvites).where(like(schema.organizationInvites.email, 'bulk%'));

    await call('DELETE', `/api/org/${orgId}/members?forMember=${newcomer.id}`, newcomer.headers);
    expect((await call('GET', '/api/user', newcomer.headers)).json().teams).toEqual([]);
  });

  it('keeps roles straight: the last owner stays, admins cannot make owners, members leave', async () => {
    await addMember(orgAdmin, 'admin');
    await addMember(member, 'member');
    const roles = (await call('GET', `/api/org/${orgId}/members`, member.headers)).json();
    expect(roles.map((m: { name: string; role: string }) => `${m.name}:${m.role}`)).toEqual([
      'Fleet Owner:owner',
      'Fleet Admin:admin',
      'Fleet Driver:member',
    ]);
    const demote = await call('PUT', `/api/org/${orgId}/members`, owner.headers, {
      forMember: owner.id,
      role: 'admin',
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe('LAST_OWNER');
    const leave = await call('DELETE', `/api/org/${orgId}/members?forMember=${owner.id}`, owner.headers);
    expect(leave.json().code).toBe('LAST_OWNER');
    const promote = await call('PUT', `/api/org/${orgId}/members`, orgAdmin.headers, {
      forMember: member.id,
      role: 'owner',
    });
    expect(promote.statusCode).toBe(403);
    const kick = await call('DELETE', `/api/org/${orgId}/members?forMember=${orgAdmin.id}`, member.headers);
    expect(kick.statusCode).toBe(403);
  });

  it('answers every organisation route by the permission table, for each role and a stranger', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, object> };
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/org/{orgId}'))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => ({ method: method.toUpperCase() as Method, path })),
      );
    expect(routes.length).toBeGreaterThan(25);
    const callers = { member, admin: orgAdmin, owner, none: stranger } as const;
    for (const route of routes) {
      const needed = neededRole(route.method, route.path);
      for (const [role, user] of Object.entries(callers) as [keyof typeof callers, User][]) {
        // Deleting the organisation as its owner is tested on its own below.
        if (route.method === 'DELETE' && route.path === '/api/org/{orgId}' && role === 'owner') continue;
        const url = route.path.replace('{orgId}', orgId).replaceAll(/\{[^}]+\}/g, () => randomUUID());
        const res = await call(route.method, url, user.headers);
        const label = `${route.method} ${route.path} as ${role}`;
        if (rank[role] >= rank[needed]) expect(res.statusCode, label).not.toBe(403);
        else expect(res.statusCode, label).toBe(403);
        expect(res.statusCode, label).toBeLessThan(500);
      }
    }
    const signedOut = await t.app.inject({ url: `/api/org/${orgId}/accounts` });
    expect(signedOut.statusCode).toBe(401);
  });

  it('spends organisation credits under concurrency without going below zero', async () => {
    const network = await seedNetwork(t.database.db, { dailyPrice: 1 });
    expect((await grantOrg(orgId, 10)).json()).toEqual({ balance: 10 });
    const accounts: { id: string }[] = [];
    for (const name of ['Tractor A', 'Tractor B']) {
      accounts.push((await call('POST', `/api/org/${orgId}/accounts`, owner.headers, { name })).json());
    }
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/org/${orgId}/tokens`,
          query: { accountId: (accounts[i % 2] as { id: string }).id, feedNetworkId: network.id, days: '1' },
          headers: (i % 2 ? owner : orgAdmin).headers,
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 402)).toHaveLength(190);
    expect((await call('GET', `/api/org/${orgId}`, member.headers)).json().tokenAmount).toBe(0);
    // The owner's own balance was never touched, and their own account cannot be activated on the organisation's.
    expect((await call('GET', '/api/user', owner.headers)).json().tokenAmount).toBe(0);
    const personal = (await call('POST', '/api/accounts', owner.headers, { name: 'Mine' })).json();
    await grantOrg(orgId, 5);
    const cross = await t.app.inject({
      method: 'POST',
      url: `/api/org/${orgId}/tokens`,
      query: { accountId: personal.id, feedNetworkId: network.id, days: '1' },
      headers: owner.headers,
    });
    expect(cross.statusCode).toBe(404);
  }, 120_000);

  it('lends an account to a member until a time, then takes it back with a new password', async () => {
    const account = (await call('POST', `/api/org/${orgId}/accounts`, owner.headers, { name: 'Loaner' })).json();
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const notMember = await call('PUT', `/api/org/${orgId}/accounts/${account.id}/lending`, owner.headers, {
      userId: stranger.id,
      until,
    });
    expect(notMember.statusCode).toBe(404);
    const past = await call('PUT', `/api/org/${orgId}/accounts/${account.id}/lending`, owner.headers, {
      userId: member.id,
      until: new Date(Date.now() - 1000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    const lent = await call('PUT', `/api/org/${orgId}/accounts/${account.id}/lending`, owner.headers, {
      userId: member.id,
      until,
    });
    expect(lent.json().lending).toEqual({ userId: member.id, name: 'Fleet Driver', email: member.email, until });

    const mine = (await call('GET', '/api/accounts', member.headers)).json();
    expect(mine).toEqual([
      expect.objectContaining({ id: account.id, organization: { id: orgId, name: 'Green Acres' } }),
    ]);
    const credentials = await call('GET', `/api/accounts/${account.id}/credentials`, member.headers);
    expect(credentials.statusCode).toBe(200);
    // The member uses it; changing it stays with the organisation.
    expect((await call('PATCH', `/api/accounts/${account.id}`, member.headers, { name: 'Mine now' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/accounts/${account.id}`, member.headers)).statusCode).toBe(404);
    // Credentials of the organisation's accounts are for its admins; the member sees the lent one in their own list.
    expect((await call('GET', `/api/org/${orgId}/accounts/${account.id}/credentials`, member.headers)).statusCode).toBe(
      403,
    );

    // Some use for the usage report: a finished hour-long session while lent.
    const started = new Date(Date.now() - 3_600_000);
    await t.database.db.insert(schema.accountLendings).values({
      accountId: account.id,
      orgId,
      userId: member.id,
      startsAt: new Date(Date.now() - 2 * 3_600_000),
      endsAt: new Date(Date.now() - 10_000),
    });
    await t.database.db.insert(schema.casterSessions).values({
      accountId: account.id,
      mountpoint: 'X_AUTO',
      clientAddress: '192.0.2.7',
      ntripVersion: 2,
      startedAt: started,
      endedAt: new Date(started.getTime() + 3_600_000),
      bytesSent: 1_000_000,
    });
    const usage = (await call('GET', `/api/org/${orgId}/usage`, orgAdmin.headers)).json();
    expect(usage.members.find((m: { userId: string }) => m.userId === member.id)).toMatchObject({
      sessions: 1,
      hours: 1,
      bytes: 1_000_000,
    });
    expect(usage.accounts.find((a: { accountId: string }) => a.accountId === account.id)).toMatchObject({
      sessions: 1,
      hours: 1,
    });
    expect(usage.days.reduce((total: number, day: { hours: number }) => total + day.hours, 0)).toBe(1);
    const csv = await call('GET', `/api/org/${orgId}/usage.csv`, owner.headers);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('"member","Fleet Driver"');
    expect((await call('GET', `/api/org/${orgId}/usage?from=2026-02-01&to=2025-01-01`, owner.headers)).statusCode).toBe(
      400,
    );

    const before = credentials.json().password;
    const back = await call('DELETE', `/api/org/${orgId}/accounts/${account.id}/lending`, owner.headers);
    expect(back.json().lending).toBeNull();
    const after = (await call('GET', `/api/org/${orgId}/accounts/${account.id}/credentials`, owner.headers)).json();
    expect(after.password).not.toBe(before);
    expect((await call('GET', '/api/accounts', member.headers)).json()).toEqual([]);
  });

  it('buys credits for the organisation through the local provider', async () => {
    const priceId = await insertCreditPack(t.database.db);
    const memberTry = await t.app.inject({
      method: 'POST',
      url: `/api/org/${orgId}/checkout/product`,
      query: { priceId },
      headers: member.headers,
    });
    expect(memberTry.statusCode).toBe(403);
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/org/${orgId}/checkout/product`,
      query: { priceId },
      headers: owner.headers,
    });
    const { checkoutSessionId, url } = started.json();
    const before = (await call('GET', `/api/org/${orgId}`, owner.headers)).json().tokenAmount;
    const paid = await t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { ...owner.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(paid.headers.location).toBe(`/org/${orgId}/checkout?checkoutSessionId=${checkoutSessionId}`);
    expect((await call('GET', `/api/org/${orgId}`, owner.headers)).json().tokenAmount).toBe(before + 50);
    expect((await call('GET', '/api/user', owner.headers)).json().tokenAmount).toBe(0);
    const state = await call(
      'GET',
      `/api/org/${orgId}/checkout?checkoutSessionId=${checkoutSessionId}`,
      member.headers,
    );
    expect(state.json()).toMatchObject({ status: 'paid', creditsAmount: 50 });
    // The personal checkout page does not show an organisation's checkout.
    expect((await call('GET', `/api/checkout?checkoutSessionId=${checkoutSessionId}`, owner.headers)).statusCode).toBe(
      404,
    );
  });

  it('lets the owner delete the organisation with its accounts', async () => {
    const gone = await create(stranger, 'Short Lived');
    const id = gone.json().organization.id;
    await call('POST', `/api/org/${id}/accounts`, stranger.headers, { name: 'Temp' });
    expect((await call('DELETE', `/api/org/${id}`, stranger.headers)).statusCode).toBe(204);
    expect((await call('GET', `/api/org/${id}`, stranger.headers)).statusCode).toBe(403);
    const left = await t.database.db.select().from(schema.ntripAccounts).where(eq(schema.ntripAccounts.ownerOrgId, id));
    expect(left).toEqual([]);
  });
});
