import { accountHealthSchema, adminFleetQuerySchema, errorResponseSchema, fleetSchema } from '@fixpoint/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../../plugins/auth';
import { ownerOf } from '../../plugins/owner-scope';
import type { FleetService } from './fleet.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/**
 * Fleet health for the owner (issue 33, decision 0079): `/api/fleet` and `/api/accounts/{id}/health` for the user,
 * the same under `/api/org/{orgId}` for an organisation (plugins/owner-scope). Readable with an API key holding
 * `fleet:read`.
 */
export const fleetRoutes: FastifyPluginAsyncZod<{ fleetService: FleetService }> = async (app, { fleetService }) => {
  const secured = { tags: ['fleet'], security: [{ bearerAuth: [] }] };
  app.get(
    '/fleet',
    {
      onRequest: requireUser,
      config: { apiKeyScope: 'fleet:read' },
      schema: {
        ...secured,
        summary: "Health of every NTRIP account's rover: fix shares, correction age, base distance, last position",
        response: { 200: fleetSchema, ...errors },
      },
    },
    (request) => fleetService.fleet({ owner: ownerOf(request) }),
  );

  app.get(
    '/accounts/:id/health',
    {
      onRequest: requireUser,
      config: { apiKeyScope: 'fleet:read' },
      schema: {
        ...secured,
        summary: "One NTRIP account's health, with the reasons in words",
        params: z.object({ id: z.uuid() }),
        response: { 200: accountHealthSchema, ...errors },
      },
    },
    (request) => fleetService.accountHealth(ownerOf(request), request.params.id),
  );
};

/** The admin's fleet: any owner's (`ownerType` + `ownerId`), every account, or the rovers one station served. */
export const adminFleetRoutes: FastifyPluginAsyncZod<{ fleetService: FleetService }> = async (
  app,
  { fleetService },
) => {
  const secured = { tags: ['admin'], security: [{ bearerAuth: [] }] };
  app.get(
    '/admin/fleet',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'Fleet health of one owner, or of every account with recent sessions (admin)',
        querystring: adminFleetQuerySchema,
        response: { 200: fleetSchema, ...errors },
      },
    },
    (request) => {
      const { ownerType, ownerId, stationId } = request.query;
      if (stationId) return fleetService.fleet({ stationId });
      if (ownerType && ownerId) {
        return fleetService.fleet({ owner: ownerType === 'user' ? { userId: ownerId } : { orgId: ownerId } });
      }
      return fleetService.fleet({ all: true });
    },
  );
};
