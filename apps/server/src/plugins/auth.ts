import type { Owner } from '@fixpoint/db';
import { type ApiKeyScope, AppError } from '@fixpoint/shared';
import type { FastifyRequest } from 'fastify';

/** The signed-in user on a request; modules/auth/identity.ts resolves it before any route runs. */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  isAdmin: boolean;
  /** The person has opened the link mailed to their address (docs/decisions/0061). */
  emailVerified: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers everyone alike (a shared public answer): the caller's session is not read. */
    ignoresSession?: boolean;
    /**
     * The scope an API key needs for this route (docs/decisions/0077). A route without one refuses every key (403
     * API_KEY_NOT_ALLOWED): admin routes, key management, the session's own pages.
     */
    apiKeyScope?: ApiKeyScope;
  }
  interface FastifyRequest {
    /** The signed-in user, or null. With an API key: the key's owner (an organisation's key: the member who made it). */
    user: AuthUser | null;
    /** Set when the caller sent an API key instead of a session. */
    apiKey: { id: string; owner: Owner; scopes: ApiKeyScope[] } | null;
  }
}

/**
 * Whether better-auth's admin plugin treats the user as banned now (a ban may have an end): a disabled user
 * (docs/decisions/0050) is banned without one.
 */
export const isBanned = (user: { banned: boolean | null; banExpires: Date | null }, now = Date.now()) =>
  user.banned === true && (!user.banExpires || user.banExpires.getTime() > now);

/** Route onRequest hook (runs before validation): 401 when signed out. */
export async function requireUser(request: FastifyRequest) {
  if (!request.user) throw AppError.unauthorized();
}

/**
 * Refuses what needs a proven address (accepting an invitation, changing the address) while the caller's is not
 * verified: 403 EMAIL_NOT_VERIFIED (docs/decisions/0061).
 */
export function requireVerifiedEmail(user: Pick<AuthUser, 'emailVerified'>) {
  if (!user.emailVerified) {
    throw new AppError(
      'EMAIL_NOT_VERIFIED',
      403,
      'Confirm your e-mail address first: open the link we sent you, or send a new one from the dashboard.',
    );
  }
}

/** Route onRequest hook: 401 when signed out, 403 when signed in without the admin role. */
export async function requireAdmin(request: FastifyRequest) {
  if (!request.user) throw AppError.unauthorized();
  if (!request.user.isAdmin) throw AppError.forbidden();
}
