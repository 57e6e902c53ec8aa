import { AppError } from '@fixpoint/shared';
import type { FastifyRequest } from 'fastify';

export interface AuthUser {
  id: string;
  email: string;
  isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Set by the identity plugin; null until identity lands. */
    user: AuthUser | null;
  }
}

/** Route onRequest hook (runs before validation): 401 when signed out. */
export async function requireUser(request: FastifyRequest) {
  if (!request.user) throw AppError.unauthorized();
}

/** Route onRequest hook: 401 when signed out, 403 when signed in without the admin role. */
export async function requireAdmin(request: FastifyRequest) {
  if (!request.user) throw AppError.unauthorized();
  if (!request.user.isAdmin) throw AppError.forbidden();
}
