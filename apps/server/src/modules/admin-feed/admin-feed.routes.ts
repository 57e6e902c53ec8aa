import { errorResponseSchema, feedNetworkSchema, feedNetworkSummarySchema } from '@fixpoint/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../plugins/auth';
import type { AdminFeedService } from './admin-feed.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const secured = { tags: ['admin'], security: [{ bearerAuth: [] }] };

/** The live feed: every network's state, and each station of one network (the web polls these every 2 s). */
export const adminFeedRoutes: FastifyPluginAsyncZod<{ adminFeedService: AdminFeedService }> = async (
  app,
  { adminFeedService: service },
) => {
  app.get(
    '/admin/feed',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'Live state of every network (admin)',
        response: { 200: z.array(feedNetworkSummarySchema), ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.list();
    },
  );

  app.get(
    '/admin/feed/:networkId',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: "Live state of a network's stations: data, message types, positions, rovers, outages (admin)",
        params: z.object({ networkId: z.uuid() }),
        response: { 200: feedNetworkSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.network(request.params.networkId);
    },
  );
};
