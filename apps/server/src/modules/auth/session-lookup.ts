import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Database, schema } from '@fixpoint/db';
import { eq, sql } from 'drizzle-orm';
import { readCookie } from '../../lib/cookies';
import { type AuthUser, isBanned } from '../../plugins/auth';
import type { Auth } from './auth';

/**
 * Who a session credential names: the user; `null` for nobody (no such session, a signature that is not ours,
 * signed out, a banned user); `undefined` when better-auth must decide (the session expired, which it deletes, or is
 * due for the daily refresh, which it writes).
 */
export type SessionVerdict = AuthUser | null | undefined;

/**
 * The signed-in user behind a browser's session cookie or a bearer token in one indexed read (docs/decisions/0052,
 * 0082): better-auth's `getSession` costs about 1.3 ms of CPU per API request in its endpoint machinery, against
 * 0.3 ms for the read itself. Signatures are checked as better-auth checks them (HMAC-SHA-256 of the token with our
 * secret); the session and its user are read on every request, so sign-out, a revoked session, a ban or a role
 * change counts on the next one, on every process. Only expiry and the daily refresh are left to better-auth.
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
      banned: u.banned,
      banExpires: u.banExpires,
    })
    .from(s)
    .innerJoin(u, eq(u.id, s.userId))
    .where(eq(s.token, sql.placeholder('token')))
    .prepare('session_user_by_token');

  /** The token of `token.signature` when the signature is ours (base64, as better-call signs cookies). */
  function signedToken(value: string | undefined, secret: string): string | undefined {
    const dot = value?.lastIndexOf('.') ?? -1;
    if (!value || dot < 1) return undefined;
    const token = value.slice(0, dot);
    const signature = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
    return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : undefined;
  }

  async function read(token: string): Promise<SessionVerdict> {
    const { refreshAfterMs } = await settings;
    const [row] = await byToken.execute({ token });
    const now = Date.now();
    if (!row) return null;
    // better-auth's admin plugin refuses a banned user's sign-in, and disabling a user deletes their sessions in the
    // same transaction; a session that outlived a ban anyway is refused too (a ban with an end is over at its end).
    if (isBanned(row, now)) return null;
    // Expired, or due for the refresh that extends it (better-auth writes that once a day): better-auth's turn.
    if (row.expiresAt.getTime() - refreshAfterMs <= now) return undefined;
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      image: row.image,
      isAdmin: row.role === 'admin',
      emailVerified: row.emailVerified,
    };
  }

  return {
    /** A browser's `Cookie` header: the signed session cookie, read as better-call reads cookies. */
    async fromCookie(cookieHeader: string): Promise<SessionVerdict> {
      const { cookieName, secret } = await settings;
      const token = signedToken(readCookie(cookieHeader, cookieName), secret);
      return token === undefined ? null : read(token);
    },
    /**
     * What follows `Authorization: Bearer `, as better-auth's bearer plugin reads it: the signed token the sign-in
     * answer's `set-auth-token` carries (`token.signature`, URL-encoded or not), or the bare token.
     */
    async fromBearer(credential: string): Promise<SessionVerdict> {
      if (!credential) return null;
      if (!credential.includes('.')) return read(credential);
      const token = signedToken(credential.includes('%') ? decode(credential) : credential, (await settings).secret);
      return token === undefined ? null : read(token);
    },
  };
}

export type SessionLookup = ReturnType<typeof createSessionLookup>;

function decode(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
