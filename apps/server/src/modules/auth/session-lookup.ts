import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Database, schema } from '@fixpoint/db';
import { eq, sql } from 'drizzle-orm';
import { readCookie } from '../../lib/cookies';
import type { AuthUser } from '../../plugins/auth';
import type { Auth } from './auth';

/**
 * The signed-in user behind a browser's session cookie in one indexed read (docs/decisions/0052): better-auth's
 * `getSession` costs about 1.3 ms of CPU per API request in its endpoint machinery, against 0.3 ms for the read
 * itself. Only the common case is answered here: a cookie signed with our secret (HMAC-SHA-256, as better-auth
 * signs it) naming a session that exists, has not expired and is not due for its daily refresh. For anything else
 * the answer is `undefined` and the caller asks better-auth, which refreshes, expires and deletes sessions as it
 * always has; bearer tokens go to better-auth too.
 */
export function createSessionLookup({ auth, db }: { auth: Auth; db: Database }) {
  const settings = auth.$context.then((context) => ({
    cookieName: context.authCookies.sessionToken.name,
    secret: context.secret,
    refreshAfterMs: (context.sessionConfig.expiresIn - context.sessionConfig.updateAge) * 1000,
  }));
  const { sessions: s, users: u } = schema;
  // Prepared once: PostgreSQL plans it once per connection instead of on every request.
  const byToken = db
    .select({
      expiresAt: s.expiresAt,
      id: u.id,
      email: u.email,
      name: u.name,
      image: u.image,
      role: u.role,
      emailVerified: u.emailVerified,
    })
    .from(s)
    .innerJoin(u, eq(u.id, s.userId))
    .where(eq(s.token, sql.placeholder('token')))
    .prepare('session_user_by_token');

  return async function lookUp(cookieHeader: string): Promise<AuthUser | undefined> {
    const { cookieName, secret, refreshAfterMs } = await settings;
    const value = readCookie(cookieHeader, cookieName);
    const dot = value?.lastIndexOf('.') ?? -1;
    if (!value || dot < 1) return undefined;
    const token = value.slice(0, dot);
    const signature = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return undefined;
    const [row] = await byToken.execute({ token });
    // Expired, or due for the refresh that extends it (better-auth writes that once a day): better-auth's turn.
    if (!row || row.expiresAt.getTime() - refreshAfterMs <= Date.now()) return undefined;
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      image: row.image,
      isAdmin: row.role === 'admin',
      emailVerified: row.emailVerified,
    };
  };
}
