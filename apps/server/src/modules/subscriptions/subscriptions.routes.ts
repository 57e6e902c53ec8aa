import {
  errorResponseSchema,
  subscriptionQuerySchema,
  subscriptionSchema,
  subscriptionSeatsSchema,
} from '@fixpoint/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/auth';
import { ownerOf } from '../../plugins/owner-scope';
import { actorOf } from '../audit/audit';
import type { SubscriptionsService } from './subscriptions.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const secured = { tags: ['subscriptions'], security: [{ bearerAuth: [] }] };

/** Spec 7: the owner's subscriptions (a user's, or an organisation's under /org/{orgId}), cancel at period end and resume; and who fills the seats. */
export const subscriptionsRoutes: FastifyPluginAsyncZod<{ subscriptionsService: SubscriptionsService }> = async (
  app,
  { subscriptionsService: service },
) => {
  app.get(
    '/subscriptions',
    {
      onRequest: requireUser,
      config: { apiKeyScope: 'billing:read' },
      schema: {
        ...secured,
        summary: 'Your subscriptions, newest first',
        response: { 200: z.array(subscriptionSchema), ...errors },
      },
    },
    (request) => service.list(ownerOf(request)),
  );

  for (const [action, cancel] of [
    ['cancel', true],
    ['resume', false],
  ] as const) {
    app.put(
      `/subscriptions/${action}`,
      {
        onRequest: requireUser,
        schema: {
          ...secured,
          summary: cancel
            ? 'Cancel at the end of the current period (access stays until then)'
            : 'Resume a subscription set to end, before its period ends',
          querystring: subscriptionQuerySchema,
          response: { 200: subscriptionSchema, ...errors, 502: errorResponseSchema },
        },
      },
      (request) =>
        cancel
          ? service.cancel(ownerOf(request), request.query.subscriptionId, actorOf(request))
          : service.resume(ownerOf(request), request.query.subscriptionId, actorOf(request)),
    );
  }

  app.put(
    '/subscriptions/:id/accounts',
    {
      onRequest: requireUser,
      schema: {
        ...secured,
        summary: 'Put exactly these NTRIP accounts in the seats (access starts and ends at once)',
        params: z.object({ id: z.uuid() }),
        body: subscriptionSeatsSchema,
        response: { 200: subscriptionSchema, ...errors },
      },
    },
    (request) => service.assignSeats(ownerOf(request), request.params.id, request.body.accountIds),
  );
};

/** Spec 7: `DELETE /org/{orgId}/subscriptions?subscriptionId`, an organisation ending a subscription now. */
export const orgSubscriptionRoutes: FastifyPluginAsyncZod<{ subscriptionsService: SubscriptionsService }> = async (
  app,
  { subscriptionsService: service },
) => {
  app.delete(
    '/subscriptions',
    {
      onRequest: requireUser,
      schema: {
        ...secured,
        summary: "End one of the organisation's subscriptions now (its seats lose access at once)",
        querystring: subscriptionQuerySchema,
        response: { 200: subscriptionSchema, ...errors, 502: errorResponseSchema },
      },
    },
    (request) => service.endNow(ownerOf(request), request.query.subscriptionId, actorOf(request)),
  );
};
