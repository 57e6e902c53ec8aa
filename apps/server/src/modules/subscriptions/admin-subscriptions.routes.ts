import {
  adminSubscriptionSchema,
  adminSubscriptionsQuerySchema,
  errorResponseSchema,
  grantSubscriptionSchema,
  subscriptionQuerySchema,
} from '@fixpoint/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminErrors, adminSecured } from '../../plugins/admin-crud';
import { requireAdmin } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import type { SubscriptionsService } from './subscriptions.service';

/** Spec 7: every subscription for the admin (list, cancel, resume, delete), and manual grants. */
export const adminSubscriptionsRoutes: FastifyPluginAsyncZod<{ subscriptionsService: SubscriptionsService }> = async (
  app,
  { subscriptionsService: { admin } },
) => {
  app.get(
    '/admin/subscriptions',
    {
      onRequest: requireAdmin,
      schema: {
        ...adminSecured,
        summary: 'Every subscription, newest first, optionally searched (owner, plan, network) and by status (admin)',
        querystring: adminSubscriptionsQuerySchema,
        response: { 200: z.array(adminSubscriptionSchema), ...adminErrors },
      },
    },
    (request) => admin.list(request.query),
  );

  app.post(
    '/admin/subscriptions',
    {
      onRequest: requireAdmin,
      schema: {
        ...adminSecured,
        summary: 'Grant a user a manual (non-billable) subscription for a period (admin)',
        body: grantSubscriptionSchema,
        response: { 201: adminSubscriptionSchema, ...adminErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await admin.grant(request.body, actorOf(request))),
  );

  app.delete(
    '/admin/subscriptions',
    {
      onRequest: requireAdmin,
      schema: {
        ...adminSecured,
        summary: 'Delete a subscription: cancelled at the provider first, its seats lose access at once (admin)',
        querystring: subscriptionQuerySchema,
        response: { 204: z.null(), ...adminErrors, 502: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await admin.remove(request.query.subscriptionId, actorOf(request));
      return reply.code(204).send(null);
    },
  );

  for (const action of ['cancel', 'resume'] as const) {
    app.put(
      `/admin/subscriptions/${action}`,
      {
        onRequest: requireAdmin,
        schema: {
          ...adminSecured,
          summary:
            action === 'cancel'
              ? "Cancel a user's subscription at the end of its period (admin)"
              : "Resume a user's subscription set to end (admin)",
          querystring: subscriptionQuerySchema,
          response: { 200: adminSubscriptionSchema, ...adminErrors, 502: errorResponseSchema },
        },
      },
      (request) => admin[action](request.query.subscriptionId, actorOf(request)),
    );
  }
};
