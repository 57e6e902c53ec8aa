import { errorResponseSchema, feedNetworkSchema, feedNetworkSummarySchema } from '@fixpoint/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type ChangeSignal,
  createAnswerCache,
  notModifiedSchema,
  sendShared,
  shareAnswer,
  shareWireValue,
} from '../../lib/shared-answer';
import { requireAdmin } from '../../plugins/auth';
import type { AdminFeedService } from './admin-feed.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const secured = { tags: ['admin'], security: [{ bearerAuth: [] }] };
const feedListSchema = z.array(feedNetworkSummarySchema);

/**
 * How long one reading of the feed is shared: the pages poll every 2 s, and the caster writes station states every
 * 5 s and session progress every 10 s. A reading (120 stations: about 40 ms of CPU to read, encode and compress) is
 * then made at most once per poll interval, however many admins watch; while the next is made, the previous one is
 * served, so a reading shown is at most two intervals old.
 */
export const feedShareMs = 2000;

/**
 * The live feed: every network's state, and each station of one network (the web polls these every 2 s). Every
 * admin watching gets the same answer, read and encoded at most once per poll interval and forgotten at any admin write
 * (docs/decisions/0052).
 */
export const adminFeedRoutes: FastifyPluginAsyncZod<{
  adminFeedService: AdminFeedService;
  adminWrites?: ChangeSignal;
}> = async (app, { adminFeedService: service, adminWrites }) => {
  const answers = createAnswerCache<string>({
    ttlMs: feedShareMs,
    build: async (networkId) =>
      networkId === ''
        ? shareAnswer(feedListSchema, await service.list())
        : // The service builds the wire form itself (checked against the schema in its test): the schema's pass over
          // a big network's stations, every 2 s, was most of a rebuild's time on the event loop.
          shareWireValue(await service.network(networkId)),
  });
  adminWrites?.onChange(answers.invalidate);

  app.get(
    '/admin/feed',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'Live state of every network (admin)',
        response: { 200: feedListSchema, 304: notModifiedSchema, ...errors },
      },
    },
    async (request, reply) => sendShared(request, reply.header('cache-control', 'no-store'), await answers.get('')),
  );

  app.get(
    '/admin/feed/:networkId',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: "Live state of a network's stations: data, message types, positions, rovers, outages (admin)",
        params: z.object({ networkId: z.uuid() }),
        response: { 200: feedNetworkSchema, 304: notModifiedSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendShared(request, reply.header('cache-control', 'no-store'), await answers.get(request.params.networkId)),
  );
};
