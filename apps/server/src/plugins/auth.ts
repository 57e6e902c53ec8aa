import type { Database } from '@fixpoint/db';
import { AppError } from '@fixpoint/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toFetchHeaders } from '../lib/fetch-headers';
import type { Auth } from '../modules/auth/auth';
import { createSessionLookup } from './session-lookup';

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
  interface FastifyInstance {
    auth: Auth;
  }
  interface FastifyContextConfig {
    /** The route answers everyone alike (a shared public answer): the caller's session is not read. */
    ignoresSession?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user, or null. */
    user: AuthUser | null;
  }
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Resolves the caller from the session cookie or a bearer token (the spec's calls carry one) before any route runs,
 * and refuses state-changing calls that ride on a cookie from a foreign origin.
 */
export function registerIdentity(
  app: FastifyInstance,
  { auth, hotReads, trustedOrigins }: { auth: Auth; hotReads: Database; trustedOrigins: string[] },
) {
  const lookUpSession = createSessionLookup({ auth, db: hotReads });
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/auth/')) return;
    if (request.routeOptions.config?.ignoresSession) return;
    const hasCookie = Boolean(request.headers.cookie);
    const hasBearer = request.headers.authorization?.startsWith('Bearer ') ?? false;
    if (!hasCookie && !hasBearer) return;

    if (hasCookie && !hasBearer && unsafeMethods.has(request.method)) checkOrigin(request, trustedOrigins);

    // A browser's valid session in one read; anything else (bearer tokens, expiry, refresh) through better-auth.
    const known = hasBearer ? undefined : await lookUpSession(request.headers.cookie as string);
    if (known) {
      request.user = known;
      return;
    }
    const session = await auth.api.getSession({ headers: toFetchHeaders(request.headers) });
    if (!session) return;
    const user = session.user as typeof session.user & { role?: string | null };
    request.user = {
      id: user.id,
      email: user.email,
      name: user.name,
      image: user.image ?? null,
      isAdmin: user.role === 'admin',
      emailVerified: user.emailVerified,
    };
  });
}

function checkOrigin(request: FastifyRequest, trustedOrigins: string[]) {
  const origin = request.headers.origin;
  const own = `${request.protocol}://${request.host}`;
  if (!origin || (origin !== own && !trustedOrigins.includes(origin))) {
    throw new AppError('FORBIDDEN', 403, 'This request came from another site and was refused.');
  }
}

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
