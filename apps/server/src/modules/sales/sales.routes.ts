import {
  adminSalesRequestListSchema,
  adminSalesRequestsQuerySchema,
  errorResponseSchema,
  salesRequestCreatedSchema,
  salesRequestSchema,
} from '@fixpoint/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../plugins/auth';
import { limitKey, type RateLimiter, refuseTooMany } from '../auth/rate-limit';
import type { SalesService } from './sales.service';

/** `POST /sales-requests`: the sales form (spec §2, §4), open to visitors; limited per client address. */
export const salesRoutes: FastifyPluginAsyncZod<{ salesService: SalesService; rateLimiter: RateLimiter }> = async (
  app,
  { salesService, rateLimiter },
) => {
  app.post(
    '/sales-requests',
    {
      // After validation, so a rejected form costs nothing; every stored lead counts.
      preHandler: async (request, reply) => {
        const verdict = await rateLimiter.hit(limitKey('sales', request.ip));
        if (!verdict.allowed) refuseTooMany(reply, verdict.retryAfterSeconds, 'requests');
      },
      schema: {
        tags: ['sales'],
        summary: 'Ask sales for a demo: the lead is stored, then forwarded to the sales team',
        description:
          'Answers 201 once the lead is stored; forwarding to the sales automation happens afterwards, with retries, ' +
          "so an outage there never fails this call. `loggedInEmail` is taken from the caller's session (empty for " +
          'a visitor), whatever the body says. At most 5 requests per client address an hour (429 RATE_LIMITED).',
        body: salesRequestSchema,
        response: { 201: salesRequestCreatedSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await salesService.submit(request.body, { user: request.user, clientAddress: request.ip });
      return reply.code(201).send(created);
    },
  );
};

/** `GET /admin/sales-requests`: the leads and whether each reached the webhook. */
export const adminSalesRoutes: FastifyPluginAsyncZod<{ salesService: SalesService }> = async (
  app,
  { salesService },
) => {
  app.get(
    '/admin/sales-requests',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Sales requests, newest first (at most 200), with their forwarding state',
        description:
          '`isWebhookConfigured` is false when SALES_WEBHOOK_URL is unset: the leads then stay pending until it is.',
        security: [{ bearerAuth: [] }],
        querystring: adminSalesRequestsQuerySchema,
        response: {
          200: adminSalesRequestListSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    (request) => salesService.list(request.query.status),
  );
};
