import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { createCaster, silentLogger } from '@fixpoint/caster';
import { createSecretBox, schema } from '@fixpoint/db';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCreditPack, insertPlan, seedNetwork, signInAdmin, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { maxOpenInvites } from './invites';
import { createLending } from './lending';

type User = Awaited<ReturnType<typeof signUpUser>>;
type Headers = { authorization: string };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The permission table of docs/decisions/0041: the least role each organisation route needs. Reads are for every
 * member except credentials, usage and billing; writes are for admins, deleting the organisation for owners, and anyone may
 * call DELETE /members (to leave; removing others is checked inside).
 */
const rank = { none: -1, member: 0, admin: 1, owner: 2 } as const;
function neededRole(method: Method, path: string): keyof typeof rank {
  if (method === 'DELETE' && path === '/api/org/{orgId}') return 'owner';
  if (method === 'DELETE' && path === '/api/org/{orgId}/members') return 'member';
  if (method === 'GET') {
    // Billing (details, card, invoices) is the owners' and admins' (decision 0073), as are API keys (0077), webhooks
    // (0078) and the organisation's notifications (0076).
    return /credentials|usage|billing|invoices|getCustomerSecret|api-keys|webhooks|notification/.test(path)
      ? 'admin'
      : 'member';
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

  it('gives an account back by itself when its lending ends: the organisation connects again, the borrower not', async () => {
    const network = await seedNetwork(t.database.db, {}, 1);
    const account = (
      await call('POST', `/api/org/${orgId}/accounts`, owner.headers, { name: 'Back by itself' })
    ).json();
    await t.database.db.insert(schema.accessWindows).values({
      accountId: account.id,
      networkId: network.id,
      source: 'admin',
      startsAt: new Date(Date.now() - 60_000),
      endsAt: new Date(Date.now() + 3_600_000),
    });
    const until = new Date(Date.now() + 3_600_000).toISOString();
    await call('PUT', `/api/org/${orgId}/accounts/${account.id}/lending`, owner.headers, { userId: member.id, until });
    const borrowed = (await call('GET', `/api/accounts/${account.id}/credentials`, member.headers)).json();
    // The lending ends (its hour is over).
    const ended = new Date(Date.now() - 1000);
    await t.database.db
      .update(schema.ntripAccounts)
      .set({ lentUntil: ended })
      .where(eq(schema.ntripAccounts.id, account.id));
    await t.database.db
      .update(schema.accountLendings)
      .set({ endsAt: ended })
      .where(eq(schema.accountLendings.accountId, account.id));
    const caster = createCaster({
      db: t.database.db,
      secretBox: createSecretBox(t.secretKey),
      logger: silentLogger,
      options: { host: '127.0.0.1', port: 0, catalogTtlMs: 0, accountPollMs: 60_000, instance: 'lending' },
    });
    await caster.start();
    try {
      const login = async ({ username, password }: { username: string; password: string }) => {
        const socket = connect({ host: '127.0.0.1', port: caster.port });
        let text = '';
        socket.on('data', (chunk: Buffer) => {
          text += chunk.toString('latin1');
        });
        const auth = Buffer.from(`${username}:${password}`).toString('base64');
        socket.write(
          `GET /${network.code}_ST1 HTTP/1.0\r\nUser-Agent: NTRIP test\r\nAuthorization: Basic ${auth}\r\n\r\n`,
        );
        const deadline = Date.now() + 5_000;
        while (!text.includes('\r\n') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        socket.destroy();
        return text.split('\r\n')[0];
      };
      expect(await login(borrowed)).toMatch(/ 401/);
      // The lending clock's run: the account is the organisation's again, with a password the borrower never saw.
      const lending = createLending({
        db: t.database.db,
        secretBox: createSecretBox(t.secretKey),
        // As the server tells its casters (app.ts): the account changed, read it again.
        onAccountsChanged: (ids) => {
          for (const id of ids) caster.accountChanged(id);
        },
      });
      expect(await lending.returnEnded()).toEqual([account.id]);
      const own = (await call('GET', `/api/org/${orgId}/accounts`, owner.headers)).json();
      expect(own.find((a: { id: string }) => a.id === account.id).lending).toBeNull();
      const borrowerList = (await call('GET', '/api/accounts', member.headers)).json();
      expect(borrowerList.map((a: { id: string }) => a.id)).not.toContain(account.id);
      const back = (await call('GET', `/api/org/${orgId}/accounts/${account.id}/credentials`, owner.headers)).json();
      expect(back.password).not.toBe(borrowed.password);
      expect(await login(back)).toBe('ICY 200 OK');
      expect(await login(borrowed)).toMatch(/ 401/);
    } finally {
      await caster.stop();
    }
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

  it('bills the organisation: its owners and admins see invoices with its details and get the receipt', async () => {
    // The purchase above: one invoice, for the organisation by name, on its billing page only.
    const billing = await call('GET', `/api/org/${orgId}/billing`, orgAdmin.headers);
    expect(billing.statusCode).toBe(200);
    expect(billing.json()).toMatchObject({ profile: null, buyerFallback: { name: 'Green Acres', email: null } });
    const [first] = billing.json().invoices;
    expect(first).toMatchObject({ status: 'paid', pdfUrl: `/api/org/${orgId}/invoices/${first.id}/pdf` });
    expect((await call('GET', `/api/org/${orgId}/billing`, member.headers)).statusCode).toBe(403);
    expect((await call('GET', '/api/billing', owner.headers)).json().invoices).toEqual([]);
    expect((await call('GET', `/api/invoices/${first.id}/pdf`, owner.headers)).statusCode).toBe(404);
    const pdf = await call('GET', `/api/org/${orgId}/invoices/${first.id}/pdf`, owner.headers);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // The receipt went to its owners and admins, each once (the member is not told).
    const outbox = join(t.dataDir, 'outbox');
    /** Who got the receipt of an invoice, once the payment's receipt run (in the background) has sent it. */
    const receipts = async (number: string, count: number) => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        await t.app.payments.receipts.sendPending();
        const to = readdirSync(outbox)
          .map((file) => readFileSync(join(outbox, file), 'utf8'))
          .filter((mail) => mail.includes(`receipt ${number}`))
          .map((mail) => /^To: (.*)$/m.exec(mail)?.[1]);
        if (to.length >= count || Date.now() > deadline) return to.sort();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    expect(await receipts(first.number, 2)).toEqual([owner.email, orgAdmin.email].sort());

    // Its billing details (a member may not set them) are the buyer of the next invoice; its billing e-mail gets it.
    const details = {
      name: 'Green Acres B.V.',
      address: 'Polderweg 1',
      postalCode: '1234 AB',
      city: 'Lelystad',
      country: 'NL',
      vatId: 'NL123456789B01',
      email: 'accounts@greenacres.example',
    };
    expect((await call('PUT', `/api/org/${orgId}/billing/profile`, member.headers, details)).statusCode).toBe(403);
    expect((await call('PUT', `/api/org/${orgId}/billing/profile`, owner.headers, details)).statusCode).toBe(200);
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };
    expect(
      (await call('PUT', `/api/org/${orgId}/billing/payment-method`, orgAdmin.headers, card)).json(),
    ).toMatchObject({ brand: 'visa', last4: '4242' });
    const { url } = (
      await call(
        'POST',
        `/api/org/${orgId}/checkout/product?priceId=${await insertCreditPack(t.database.db)}`,
        owner.headers,
      )
    ).json();
    await t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { ...owner.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    const after = (await call('GET', `/api/org/${orgId}/billing`, owner.headers)).json();
    expect(after.profile).toMatchObject({ name: 'Green Acres B.V.', vatId: 'NL123456789B01' });
    expect(after.paymentMethod).toMatchObject({ last4: '4242' });
    expect(after.invoices).toHaveLength(2);
    const [row] = await t.database.db
      .select({ buyer: schema.invoices.buyer })
      .from(schema.invoices)
      .where(eq(schema.invoices.id, after.invoices[0].id));
    expect(row?.buyer).toMatchObject({ name: 'Green Acres B.V.', vatId: 'NL123456789B01', country: 'NL' });
    expect(await receipts(after.invoices[0].number, 1)).toEqual(['accounts@greenacres.example']);
  });

  it('ends an organisation subscription at once: it says the day it ended, and the admin sees the organisation', async () => {
    const network = await seedNetwork(t.database.db);
    const priceId = await insertPlan(t.database.db, network.id, { name: 'Farm Monthly' });
    const { url } = (
      await call('POST', `/api/org/${orgId}/checkout/subscription?priceId=${priceId}`, owner.headers)
    ).json();
    await t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { ...owner.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    const [bought] = (await call('GET', `/api/org/${orgId}/subscriptions`, owner.headers)).json();
    expect(bought).toMatchObject({ productName: 'Farm Monthly', status: 'active', endedAt: null });
    const listed = (await call('GET', '/api/admin/subscriptions?search=green%20acres', admin.headers)).json();
    expect(listed).toEqual([
      expect.objectContaining({ id: bought.id, organization: { id: orgId, name: 'Green Acres' } }),
    ]);

    const before = Date.now();
    const ended = await call('DELETE', `/api/org/${orgId}/subscriptions?subscriptionId=${bought.id}`, owner.headers);
    expect(ended.json()).toMatchObject({ status: 'cancelled' });
    const endedAt = Date.parse(ended.json().endedAt);
    expect(endedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(endedAt).toBeLessThan(Date.parse(ended.json().currentPeriodEnd));
    expect(endedAt).toBeLessThanOrEqual(Date.now());
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
