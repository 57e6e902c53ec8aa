import {
  adminUserDetailSchema,
  adminUserProfileSchema,
  adminUserRoleSchema,
  adminUserSchema,
  adminUserStatusSchema,
  errorResponseSchema,
  ledgerPageSchema,
  ledgerQuerySchema,
} from '@fixpoint/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import type { AdminUsersService } from './admin-users.service';

const secured = { tags: ['admin'], security: [{ bearerAuth: [] }] };
const errors = { 401: errorResponseSchema, 403: errorResponseSchema };
const oneUserErrors = { ...errors, 400: errorResponseSchema, 404: errorResponseSchema };
/** better-auth's user ids are opaque strings, not UUIDs. */
const idParams = z.object({ id: z.string().min(1).max(100) });

/** `/admin/users`: every user, one user's whole picture, making an admin and disabling a user (admin only). */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ adminUsersService: AdminUsersService }> = async (
  app,
  { adminUsersService },
) => {
  app.get(
    '/admin/users',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'All users (admin)',
        response: { 200: z.array(adminUserSchema), ...errors },
      },
    },
    () => adminUsersService.list(),
  );

  app.get(
    '/admin/users/:id',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'One user: credit balance, NTRIP accounts, caster sessions, organisations and credit ledger (admin)',
        description:
          'NTRIP accounts come without passwords. Live sessions come first, then the most recent (50 at most). The ' +
          'ledger is its first page (`limit`, default 25); further pages from `/admin/users/{id}/ledger`.',
        params: idParams,
        querystring: ledgerQuerySchema.pick({ limit: true }),
        response: { 200: adminUserDetailSchema, ...oneUserErrors },
      },
    },
    (request) => adminUsersService.detail(request.params.id, request.query.limit),
  );

  app.get(
    '/admin/users/:id/ledger',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: "A user's credit balance and history, newest first, by pages (admin)",
        params: idParams,
        querystring: ledgerQuerySchema,
        response: { 200: ledgerPageSchema, ...oneUserErrors },
      },
    },
    (request) => adminUsersService.ledger(request.params.id, request.query.limit, request.query.cursor),
  );

  app.put(
    '/admin/users/:id/role',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'Make a user an admin, or a user again (admin)',
        description:
          'An admin cannot take away their own admin role (409 CANNOT_DEMOTE_SELF); only a user with a verified ' +
          'e-mail address can be made an admin (403 EMAIL_NOT_VERIFIED).',
        params: idParams,
        body: adminUserRoleSchema,
        response: { 200: adminUserProfileSchema, ...oneUserErrors, 409: errorResponseSchema },
      },
    },
    (request) => adminUsersService.setRole({ actor: actorOf(request), id: request.params.id, role: request.body.role }),
  );

  app.put(
    '/admin/users/:id/status',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'Disable a user or enable them again (admin)',
        description:
          'A disabled user cannot sign in, their web sessions end at once, and the caster refuses their NTRIP ' +
          'accounts (live rovers are disconnected within about a second). An admin cannot disable themselves ' +
          '(409 CANNOT_DISABLE_SELF).',
        params: idParams,
        body: adminUserStatusSchema,
        response: { 200: adminUserProfileSchema, ...oneUserErrors, 409: errorResponseSchema },
      },
    },
    (request) =>
      adminUsersService.setStatus({
        actor: actorOf(request),
        id: request.params.id,
        status: request.body.status,
        reason: request.body.reason,
      }),
  );
};
