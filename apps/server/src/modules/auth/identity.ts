import type { Database } from '@fixpoint/db';
import { AppError, apiKeyPrefix } from '@fixpoint/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
 * Resolves an API key (`Authorization: Bearer fpk_…`) to its owner and checks it may call this route; throws 401 for
 * an unknown, revoked or expired key and 403 outside its scopes. Handed in by app.ts (modules/api-keys).
 */
export type ApiKeyResolver = (request: FastifyRequest, reply: FastifyReply, key: string) => Promise<void>;

/**
 * Resolves the caller from the session cookie, a bearer token (the spec's calls carry one) or an API key before any
 * route runs, and refuses state-changing calls that ride on a cookie from a foreign origin.
 */
export function registerIdentity(
  app: FastifyInstance,
  {
    auth,
    hotReads,
    trustedOrigins,
    resolveApiKey,
  }: { auth: Auth; hotReads: Database; trustedOrigins: string[]; resolveApiKey?: ApiKeyResolver },
) {
  const sessions = createSessionLookup({ auth, db: hotReads });
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/auth/')) return;
    if (request.routeOptions.config?.ignoresSession) return;
    const { cookie, authorization } = request.headers;
    const bearer = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : undefined;
    if (!cookie && bearer === undefined) return;

    // An API key: one indexed read by its hash, never better-auth's session machinery (docs/decisions/0077).
    if (bearer?.startsWith(apiKeyPrefix)) {
      if (!resolveApiKey) throw AppError.unauthorized('API keys are not accepted here.');
      await resolveApiKey(request, reply, bearer);
      return;
    }

    if (bearer === undefined && unsafeMethods.has(request.method)) checkOrigin(request, trustedOrigins);

    // A session in one read, by bearer token (which then decides alone) or by the browser's cookie
    // (docs/decisions/0082); better-auth only for a session that expired or is due for its daily refresh.
    const verdict =
      bearer === undefined ? await sessions.fromCookie(cookie as string) : await sessions.fromBearer(bearer);
    if (verdict !== undefined) {
      request.user = verdict;
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
