import { connect } from 'node:net';
import { type Caster, createCaster, silentLogger } from '@fixpoint/caster';
import { createSecretBox, schema } from '@fixpoint/db';
import type { AdminUserDetail, AdminUserProfile, LedgerPage } from '@fixpoint/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNetwork, signInAdmin, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Issue 15: an admin's view of one user, making an admin, disabling a user (no sign-in, web sessions ended, NTRIP
// refused by the caster at once), the whole-number rule of credit grants, and an admin never locking themselves out.

type Headers = { authorization: string };

let t: TestApp;
let caster: Caster;
let admin: Headers;
let adminId: string;
let network: Awaited<ReturnType<typeof seedNetwork>>;

beforeAll(async () => {
  // The caster hears of account changes in-process, as `npm start` wires it; its own poll is set to a minute, so a
  // session that ends within a second ended because it was told.
  t = await createTestApp(
    {},
    {
      onAccountsChanged: (ids) => {
        for (const id of ids) caster?.accountChanged(id);
      },
    },
  );
  admin = (await signInAdmin(t, 'chief@example.com')).headers;
  adminId = (await t.app.inject({ url: '/api/user', headers: admin })).json().id;
  network = await seedNetwork(t.database.db, {}, 1);
  caster = createCaster({
    db: t.database.db,
    secretBox: createSecretBox(t.secretKey),
    logger: silentLogger,
    options: { host: '127.0.0.1', port: 0, catalogTtlMs: 0, accountPollMs: 60_000, instance: 'admin-users' },
  });
  await caster.start();
});

afterAll(async () => {
  await caster?.stop();
  await t?.close();
});

const get = (url: string, headers?: Headers) => t.app.inject({ url, ...(headers && { headers }) });
const put = (url: string, payload: unknown, headers?: Headers) =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, ...(headers && { headers }) });
const grant = (userId: string, tokenAmount: string, headers: Headers = admin) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/tokens', query: { userId, tokenAmount }, headers });
const signIn = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password: 'a good password' },
  });

/** An NTRIP account of the user with access to the seeded network now, and its credentials. */
async function accountWithAccess(headers: Headers, name: string) {
  const { id } = (await t.app.inject({ method: 'POST', url: '/api/accounts', payload: { name }, headers })).json();
  const { username, password } = (await get(`/api/accounts/${id}/credentials`, headers)).json();
  await t.database.db.insert(schema.accessWindows).values({
    accountId: id,
    networkId: network.id,
    source: 'admin',
    startsAt: new Date(Date.now() - 60_000),
    endsAt: new Date(Date.now() + 3_600_000),
  });
  return { id: id as string, username: username as string, password: password as string };
}

/** A rover login on the caster: its first answer line, and when the connection closed. */
async function roverLogin(account: { username: string; password: string }) {
  const socket = connect({ host: '127.0.0.1', port: caster.port });
  let text = '';
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('latin1');
  });
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
  const auth = Buffer.from(`${account.username}:${account.password}`).toString('base64');
  socket.write(`GET /${network.code}_ST1 HTTP/1.0\r\nUser-Agent: NTRIP test\r\nAuthorization: Basic ${auth}\r\n\r\n`);
  const deadline = Date.now() + 5_000;
  while (!text.includes('\r\n') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return { status: text.split('\r\n')[0], closed, end: () => socket.destroy() };
}

const closeReasonOf = async (accountId: string) => {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const [row] = await t.database.db
      .select({ closeReason: schema.casterSessions.closeReason })
      .from(schema.casterSessions)
      .where(eq(schema.casterSessions.accountId, accountId));
    if (row?.closeReason) return row.closeReason;
    await new Promise((r) => setTimeout(r, 50));
  }
  return undefined;
};

describe('admin users: who may ask', () => {
  it.each([
    ['GET', '/api/admin/users', undefined],
    ['GET', '/api/admin/users/{id}', undefined],
    ['GET', '/api/admin/users/{id}/ledger', undefined],
    ['PUT', '/api/admin/users/{id}/role', { role: 'admin' }],
    ['PUT', '/api/admin/users/{id}/status', { status: 'disabled' }],
  ] as const)('%s %s: visitor 401, user 403, admin not refused', async (method, path, payload) => {
    const user = await signUpUser(t);
    const url = path.replace('{id}', user.id);
    const ask = (headers?: Headers) =>
      t.app.inject({ method, url, ...(payload && { payload }), ...(headers && { headers }) });
    const visitor = await ask();
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({
      code: 'UNAUTHORIZED',
      message: expect.any(String),
      requestId: expect.any(String),
    });
    const asUser = await ask(user.headers);
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toMatchObject({ code: 'FORBIDDEN', requestId: expect.any(String) });
    expect((await ask(admin)).statusCode).toBe(200);
  });

  it('answers 404 in the error shape for a user that does not exist', async () => {
    for (const url of ['/api/admin/users/nobody', '/api/admin/users/nobody/ledger']) {
      const res = await get(url, admin);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'USER_NOT_FOUND', message: 'No user with that id.' });
    }
    expect((await put('/api/admin/users/nobody/status', { status: 'disabled' }, admin)).statusCode).toBe(404);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await get('/api/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/api/admin/users/{id}'] ?? {})).toContain('get');
    expect(Object.keys(doc.paths['/api/admin/users/{id}/ledger'] ?? {})).toContain('get');
    expect(Object.keys(doc.paths['/api/admin/users/{id}/role'] ?? {})).toContain('put');
    expect(Object.keys(doc.paths['/api/admin/users/{id}/status'] ?? {})).toContain('put');
  });
});

describe("admin users: one user's picture", () => {
  it('shows balance, NTRIP accounts without passwords, sessions, organisations with role and the ledger', async () => {
    const user = await signUpUser(t, 'Detail Farmer');
    const account = await accountWithAccess(user.headers, 'Tractor 1');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/organization',
      payload: { name: 'Polder Agri' },
      headers: user.headers,
    });
    expect(created.statusCode).toBeLessThan(300);
    expect((await grant(user.id, '5')).json()).toEqual({ balance: 5 });
    const rover = await roverLogin(account);
    expect(rover.status).toBe('ICY 200 OK');

    const res = await get(`/api/admin/users/${user.id}`, admin);
    expect(res.statusCode).toBe(200);
    const detail = res.json() as AdminUserDetail;
    expect(detail.user).toMatchObject({ id: user.id, email: user.email, role: 'user', banned: false });
    expect(detail.balance).toBe(5);
    expect(detail.accounts.map((a) => a.name)).toEqual(['Tractor 1']);
    expect(JSON.stringify(detail.accounts)).not.toContain(account.password);
    expect(detail.accounts[0]).not.toHaveProperty('password');
    expect(detail.sessions[0]).toMatchObject({ accountId: account.id, accountName: 'Tractor 1', endedAt: null });
    expect(detail.organizations).toEqual([expect.objectContaining({ name: 'Polder Agri', role: 'owner' })]);
    expect(detail.ledger.entries).toEqual([expect.objectContaining({ kind: 'grant', amount: 5, balanceAfter: 5 })]);
    rover.end();
  });

  it('pages the ledger, newest first', async () => {
    const user = await signUpUser(t);
    for (const amount of ['1', '2', '3']) expect((await grant(user.id, amount)).statusCode).toBe(200);
    const first = (await get(`/api/admin/users/${user.id}/ledger?limit=2`, admin)).json() as LedgerPage;
    expect(first.entries.map((e) => e.amount)).toEqual([3, 2]);
    expect(first.balance).toBe(6);
    expect(first.nextCursor).toEqual(expect.any(String));
    const next = (
      await get(`/api/admin/users/${user.id}/ledger?limit=2&cursor=${first.nextCursor}`, admin)
    ).json() as LedgerPage;
    expect(next.entries.map((e) => e.amount)).toEqual([1]);
    expect(next.nextCursor).toBeNull();
    const detail = (await get(`/api/admin/users/${user.id}?limit=2`, admin)).json() as AdminUserDetail;
    expect(detail.ledger.entries).toHaveLength(2);
  });
});

describe('admin users: credits are granted in whole numbers', () => {
  it.each(['1.5', '1,5', '15.0', '1e1', ' 15'])(
    'refuses %j with a 400 that says so, and grants nothing',
    async (amount) => {
      const user = await signUpUser(t);
      const res = await grant(user.id, amount);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', requestId: expect.any(String) });
      expect(res.json().message).toContain('The amount must be a whole number.');
      const detail = (await get(`/api/admin/users/${user.id}`, admin)).json() as AdminUserDetail;
      expect(detail.balance).toBe(0);
      expect(detail.ledger.entries).toEqual([]);
    },
  );

  it('grants 15 as 15', async () => {
    const user = await signUpUser(t);
    expect((await grant(user.id, '15')).json()).toEqual({ balance: 15 });
  });
});

describe('admin users: make admin', () => {
  it('makes a user an admin and a user again', async () => {
    const user = await signUpUser(t);
    expect((await get('/api/admin/users', user.headers)).statusCode).toBe(403);
    const made = await put(`/api/admin/users/${user.id}/role`, { role: 'admin' }, admin);
    expect(made.statusCode).toBe(200);
    expect((made.json() as AdminUserProfile).role).toBe('admin');
    expect((await get('/api/admin/users', user.headers)).statusCode).toBe(200);
    expect((await get('/api/user', user.headers)).json().isAdmin).toBe(true);

    expect((await put(`/api/admin/users/${user.id}/role`, { role: 'user' }, admin)).json().role).toBe('user');
    expect((await get('/api/admin/users', user.headers)).statusCode).toBe(403);
  });

  it('refuses a role that is not one', async () => {
    const user = await signUpUser(t);
    const res = await put(`/api/admin/users/${user.id}/role`, { role: 'owner' }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('admin users: an admin never locks themselves out', () => {
  it('refuses to demote or disable oneself with 409 and a reason', async () => {
    const demote = await put(`/api/admin/users/${adminId}/role`, { role: 'user' }, admin);
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({
      code: 'CANNOT_DEMOTE_SELF',
      message: expect.stringContaining('your own admin role'),
      requestId: expect.any(String),
    });
    const disable = await put(`/api/admin/users/${adminId}/status`, { status: 'disabled' }, admin);
    expect(disable.statusCode).toBe(409);
    expect(disable.json()).toMatchObject({ code: 'CANNOT_DISABLE_SELF', requestId: expect.any(String) });
    // Still an admin, still signed in.
    expect((await get('/api/admin/users', admin)).statusCode).toBe(200);
    expect((await put(`/api/admin/users/${adminId}/role`, { role: 'admin' }, admin)).statusCode).toBe(200);
  });
});

describe('admin users: disable', () => {
  it("refuses a disabled user's sign-in in their language", async () => {
    const email = 'dutch.driver@example.com';
    const signedUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'accept-language': 'nl-NL,nl;q=0.9' },
      payload: { email, name: 'Dutch Driver', password: 'a good password', termsAccepted: true },
    });
    const id = signedUp.json().user.id as string;
    expect((await put(`/api/admin/users/${id}/status`, { status: 'disabled' }, admin)).statusCode).toBe(200);
    const refused = await signIn(email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Dit account is uitgeschakeld. Neem contact op met support als u denkt dat dit een vergissing is.',
    );
  });

  it('ends web sessions, refuses sign-in and the caster, and enabling undoes it', async () => {
    const user = await signUpUser(t, 'Disabled Driver');
    const account = await accountWithAccess(user.headers, 'Combine');
    const rover = await roverLogin(account);
    expect(rover.status).toBe('ICY 200 OK');

    const sentAt = Date.now();
    const res = await put(
      `/api/admin/users/${user.id}/status`,
      { status: 'disabled', reason: 'Unpaid invoices' },
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ banned: true, disabledReason: 'Unpaid invoices' });

    // The live rover ends within a second (the caster was told, its own poll is a minute away).
    const closedAt = await Promise.race([rover.closed, new Promise<number>((r) => setTimeout(() => r(0), 3_000))]);
    expect(closedAt, 'session closed').toBeGreaterThan(0);
    expect(closedAt - sentAt).toBeLessThan(1_000);
    expect(await closeReasonOf(account.id)).toBe('user-disabled');
    // A new login is refused; the account itself is untouched (enabling the user gives it back as it was).
    expect((await roverLogin(account)).status).toMatch(/^(HTTP\/1\.[01]|ICY) 401/);
    expect((await get(`/api/admin/users/${user.id}`, admin)).json().accounts[0].isDisabled).toBe(false);

    // The web session is gone and sign-in is refused in words.
    expect((await get('/api/user', user.headers)).statusCode).toBe(401);
    const refused = await signIn(user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'BANNED_USER',
      message: 'This account has been disabled. Please contact support if you think this is a mistake.',
    });

    const enabled = await put(`/api/admin/users/${user.id}/status`, { status: 'active' }, admin);
    expect(enabled.json()).toMatchObject({ banned: false, disabledReason: null });
    expect((await signIn(user.email)).statusCode).toBe(200);
    const again = await roverLogin(account);
    expect(again.status).toBe('ICY 200 OK');
    again.end();
  });
});
