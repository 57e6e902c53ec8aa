import { schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readCookie } from '../../lib/cookies';
import { signInAdmin, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

const day = 24 * 60 * 60 * 1000;
type Headers = Record<string, string>;

// A browser's session cookie and a bearer token are resolved in one read, without better-auth's getSession
// (docs/decisions/0052, 0082); what better-auth decides (sign-out, revocation, expiry, the daily refresh, roles,
// disabled users) must hold exactly as before, on the very next request.
describe('session cookies and bearer tokens on API requests', () => {
  let t: TestApp;
  let admin: { headers: Headers };
  const password = 'a good password';

  /** Signs in through the route, as a browser (its cookie) and as a script or app (its bearer token) would. */
  async function signIn(email: string) {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('fixpoint.session_token='));
    const token = res.headers['set-auth-token'] as string;
    return {
      browser: { cookie: (cookie ?? '').split(';')[0] as string },
      bearer: { authorization: `Bearer ${token}` },
    };
  }
  const tokenOf = (headers: Headers) =>
    headers.cookie
      ? (readCookie(headers.cookie, 'fixpoint.session_token') ?? '').replace(/\.[^.]*$/, '')
      : decodeURIComponent((headers.authorization ?? '').slice(7)).replace(/\.[^.]*$/, '');
  const me = (headers: Headers) => t.app.inject({ url: '/api/user', headers });
  const sessionRow = async (headers: Headers) =>
    (
      await t.database.db
        .select()
        .from(schema.sessions)
        .where(eq(schema.sessions.token, tokenOf(headers)))
    )[0];
  const setExpiry = (headers: Headers, expiresAt: Date) =>
    t.database.db
      .update(schema.sessions)
      .set({ expiresAt })
      .where(eq(schema.sessions.token, tokenOf(headers)));
  /** The same person signed in once per kind of credential (two sessions). */
  async function credentials(name: string) {
    const user = await signUpUser(t, name);
    const { browser } = await signIn(user.email);
    const { bearer } = await signIn(user.email);
    return { user, kinds: [['cookie', browser] as const, ['bearer token', bearer] as const] };
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  it('knows a browser and every form of bearer token without asking better-auth', async () => {
    const user = await signUpUser(t, 'Cookie Reader');
    const { browser, bearer } = await signIn(user.email);
    const signed = decodeURIComponent(bearer.authorization.slice(7));
    expect(signed).toMatch(/^\w+\.[\w+/]{43}=$/);
    const getSession = vi.spyOn(t.app.auth.api, 'getSession');
    try {
      // As the sign-in answer's set-auth-token gives it, URL-decoded, and the bare token (better-auth takes all three).
      for (const headers of [
        browser,
        bearer,
        { authorization: `Bearer ${signed}` },
        { authorization: `Bearer ${tokenOf(bearer)}` },
      ]) {
        expect((await me(headers)).json(), JSON.stringify(headers)).toMatchObject({ id: user.id, email: user.email });
      }
      expect(getSession).not.toHaveBeenCalled();
    } finally {
      getSession.mockRestore();
    }
  });

  it('reads no session at all for the shared public marketplace list', async () => {
    const { kinds } = await credentials('Cookie Browser');
    for (const [kind, headers] of kinds) {
      // An expired session that is read is deleted (by better-auth): the marketplace leaves it alone.
      await setExpiry(headers, new Date(Date.now() - 1000));
      expect((await t.app.inject({ url: '/api/networks', headers })).statusCode, kind).toBe(200);
      expect(await sessionRow(headers), kind).toBeDefined();
      expect((await me(headers)).statusCode, kind).toBe(401);
      expect(await sessionRow(headers), kind).toBeUndefined();
    }
  });

  it('refuses a forged or foreign-signed credential, and a bad bearer token even beside a good cookie', async () => {
    const user = await signUpUser(t, 'Cookie Forger');
    const { browser, bearer } = await signIn(user.email);
    const token = tokenOf(browser);
    const foreign = `${token}.${Buffer.alloc(32).toString('base64')}`;
    for (const headers of [
      { cookie: `fixpoint.session_token=${token}` },
      { cookie: `fixpoint.session_token=${encodeURIComponent(foreign)}` },
      { cookie: `fixpoint.session_token=${encodeURIComponent(`${token}.`)}` },
      { cookie: 'theme=dark' },
      { authorization: `Bearer ${foreign}` },
      { authorization: `Bearer ${encodeURIComponent(foreign)}` },
      { authorization: 'Bearer no-such-session' },
      { authorization: 'Bearer ' },
      { ...browser, authorization: `Bearer ${foreign}` },
    ] as Headers[]) {
      expect((await me(headers)).statusCode, JSON.stringify(headers)).toBe(401);
    }
    expect((await me({ ...browser, ...bearer })).json()).toMatchObject({ id: user.id });
  });

  it('refuses a signed-out and a revoked session on the next request', async () => {
    const user = await signUpUser(t, 'Cookie Leaver');
    const first = await signIn(user.email);
    const second = await signIn(user.email);
    const origin = { origin: 'http://localhost:80', host: 'localhost:80' };
    expect((await me(first.browser)).statusCode).toBe(200);
    expect((await me(first.bearer)).statusCode).toBe(200);
    for (const headers of [{ ...first.browser, ...origin }, first.bearer]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers })).statusCode).toBe(200);
      expect((await me(headers)).statusCode).toBe(401);
    }
    // One session revokes another (the settings page's "sign out elsewhere"); the revoking one goes on.
    const third = await signIn(user.email);
    expect((await me(third.bearer)).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-session',
      headers: second.bearer,
      payload: { token: tokenOf(third.bearer) },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await me(third.bearer)).statusCode).toBe(401);
    expect((await me(third.browser)).statusCode).toBe(401);
    expect((await me(second.browser)).statusCode).toBe(200);
  });

  it('leaves expiry and the daily refresh to better-auth, for cookies and bearer tokens alike', async () => {
    const { kinds } = await credentials('Cookie Keeper');
    for (const [kind, headers] of kinds) {
      // Used two days ago last: due for its refresh, which extends it to 30 days from now.
      await setExpiry(headers, new Date(Date.now() + 28 * day));
      expect((await me(headers)).statusCode, kind).toBe(200);
      expect((await sessionRow(headers))?.expiresAt.getTime(), kind).toBeGreaterThan(Date.now() + 29 * day);

      await setExpiry(headers, new Date(Date.now() - 1000));
      expect((await me(headers)).statusCode, kind).toBe(401);
      expect(await sessionRow(headers), kind).toBeUndefined();
    }
  });

  it("refuses a disabled user's sessions and keys on the next request, and a ban while it lasts", async () => {
    const { user, kinds } = await credentials('Cookie Rebel');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: user.headers,
      payload: { name: 'script', scopes: ['accounts:read'] },
    });
    const key = { authorization: `Bearer ${created.json().key}` };
    const all = [...kinds, ['API key', key] as const];
    const accounts = (headers: Headers) => t.app.inject({ url: '/api/accounts', headers });
    for (const [kind, headers] of all) expect((await accounts(headers)).statusCode, kind).toBe(200);

    // A ban written by hand, sessions left in place: refused while it lasts, served again once it has ended.
    const ban = (values: { banned: boolean; banExpires: Date | null }) =>
      t.database.db.update(schema.users).set(values).where(eq(schema.users.id, user.id));
    await ban({ banned: true, banExpires: new Date(Date.now() + day) });
    for (const [kind, headers] of all) expect((await accounts(headers)).statusCode, kind).toBe(401);
    await ban({ banned: true, banExpires: new Date(Date.now() - 1000) });
    for (const [kind, headers] of all) expect((await accounts(headers)).statusCode, kind).toBe(200);
    await ban({ banned: false, banExpires: null });

    const disabled = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}/status`,
      headers: admin.headers,
      payload: { status: 'disabled' },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    for (const [kind, headers] of all) expect((await accounts(headers)).statusCode, kind).toBe(401);
  });

  it('reads the role on every request: a promotion or a demotion counts at once', async () => {
    const { user, kinds } = await credentials('Cookie Climber');
    const setRole = (role: string) =>
      t.database.db.update(schema.users).set({ role }).where(eq(schema.users.id, user.id));
    for (const [kind, headers] of kinds) {
      const feed = () => t.app.inject({ url: '/api/admin/feed', headers });
      expect((await feed()).statusCode, kind).toBe(403);
      await setRole('admin');
      expect((await feed()).statusCode, kind).toBe(200);
      await setRole('user');
      expect((await feed()).statusCode, kind).toBe(403);
    }
  });

  it('reads cookies as better-auth does: the first of a name, quoted or URL-encoded', () => {
    expect(
      readCookie('a=1; fixpoint.session_token=x%2Fy.z; fixpoint.session_token=other', 'fixpoint.session_token'),
    ).toBe('x/y.z');
    expect(readCookie('fixpoint.session_token="quoted"', 'fixpoint.session_token')).toBe('quoted');
    expect(readCookie('fixpoint.session_token_x=1', 'fixpoint.session_token')).toBeUndefined();
  });
});
