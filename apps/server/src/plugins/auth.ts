import { AppError } from '@fixpoint/shared';
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
  }
  interface FastifyRequest {
    /** The signed-in user, or null. */
    user: AuthUser | null;
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
