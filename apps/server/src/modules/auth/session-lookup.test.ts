import { schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readCookie } from '../../lib/cookies';
import { signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

const day = 24 * 60 * 60 * 1000;

// A browser's session is resolved in one read, without better-auth (docs/decisions/0052); what better-auth decides
// (sign-out, expiry, the daily refresh, roles) must hold exactly as before.
describe('session cookies on API requests', () => {
  let t: TestApp;
  const password = 'a good password';

  async function signIn(email: string) {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('fixpoint.session_token='));
    return { cookie: (cookie ?? '').split(';')[0] as string };
  }
  const tokenOf = (headers: { cookie: string }) =>
    (readCookie(headers.cookie, 'fixpoint.session_token') ?? '').replace(/\.[^.]*$/, '');
  const me = (headers: Record<string, string>) => t.app.inject({ url: '/api/user', headers });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('knows a signed-in browser without asking better-auth, and asks it for bearer tokens', async () => {
    const user = await signUpUser(t, 'Cookie Reader');
    const browser = await signIn(user.email);
    const getSession = vi.spyOn(t.app.auth.api, 'getSession');
    try {
      expect((await me(browser)).json()).toMatchObject({ id: user.id, email: user.email });
      expect(getSession).not.toHaveBeenCalled();
      expect((await me(user.headers)).json()).toMatchObject({ id: user.id });
      expect(getSession).toHaveBeenCalledTimes(1);
    } finally {
      getSession.mockRestore();
    }
  });

  it('reads no session at all for the shared public marketplace list', async () => {
    const user = await signUpUser(t, 'Cookie Browser');
    const browser = await signIn(user.email);
    const getSession = vi.spyOn(t.app.auth.api, 'getSession');
    try {
      for (const headers of [user.headers, browser]) {
        expect((await t.app.inject({ url: '/api/networks', headers })).statusCode).toBe(200);
      }
      expect(getSession).not.toHaveBeenCalled();
      // The same bearer token on a route that needs the user is read.
      expect((await me(user.headers)).statusCode).toBe(200);
      expect(getSession).toHaveBeenCalledTimes(1);
    } finally {
      getSession.mockRestore();
    }
  });

  it('refuses a forged, a foreign-signed or a signed-out cookie', async () => {
    const user = await signUpUser(t, 'Cookie Leaver');
    const browser = await signIn(user.email);
    const token = tokenOf(browser);
    for (const cookie of [
      `fixpoint.session_token=${token}`,
      `fixpoint.session_token=${encodeURIComponent(`${token}.${Buffer.alloc(32).toString('base64')}`)}`,
      `fixpoint.session_token=${encodeURIComponent(`${token}.`)}`,
    ]) {
      expect((await me({ cookie })).statusCode, cookie).toBe(401);
    }
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...browser, origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(browser)).statusCode).toBe(401);
  });

  it('leaves expiry and the daily refresh to better-auth', async () => {
    const user = await signUpUser(t, 'Cookie Keeper');
    const browser = await signIn(user.email);
    const s = schema.sessions;
    const where = eq(s.token, tokenOf(browser));
    // Used two days ago last: due for its refresh, which extends it to 30 days from now.
    await t.database.db
      .update(s)
      .set({ expiresAt: new Date(Date.now() + 28 * day) })
      .where(where);
    expect((await me(browser)).statusCode).toBe(200);
    const [refreshed] = await t.database.db.select().from(s).where(where);
    expect(refreshed?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * day);

    await t.database.db
      .update(s)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(where);
    expect((await me(browser)).statusCode).toBe(401);
    expect(await t.database.db.select().from(s).where(where)).toEqual([]);
  });

  it('reads the role on every request: a promotion or a demotion counts at once', async () => {
    const user = await signUpUser(t, 'Cookie Climber');
    const browser = await signIn(user.email);
    const setRole = (role: string) =>
      t.database.db.update(schema.users).set({ role }).where(eq(schema.users.id, user.id));
    const feed = () => t.app.inject({ url: '/api/admin/feed', headers: browser });
    expect((await feed()).statusCode).toBe(403);
    await setRole('admin');
    expect((await feed()).statusCode).toBe(200);
    await setRole('user');
    expect((await feed()).statusCode).toBe(403);
  });

  it('reads cookies as better-auth does: the first of a name, quoted or URL-encoded', () => {
    expect(
      readCookie('a=1; fixpoint.session_token=x%2Fy.z; fixpoint.session_token=other', 'fixpoint.session_token'),
    ).toBe('x/y.z');
    expect(readCookie('fixpoint.session_token="quoted"', 'fixpoint.session_token')).toBe('quoted');
    expect(readCookie('fixpoint.session_token_x=1', 'fixpoint.session_token')).toBeUndefined();
  });
});
