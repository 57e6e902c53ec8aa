import type { Database } from '@fixpoint/db';
import { AppError } from '@fixpoint/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toFetchHeaders } from '../../lib/fetch-headers';
import type { Auth } from './auth';
import { createSessionLookup } from './session-lookup';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
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
