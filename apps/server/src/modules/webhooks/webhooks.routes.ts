import {
  errorResponseSchema,
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookUpdateSchema,
} from '@fixpoint/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/auth';
import { ownerOf } from '../../plugins/owner-scope';
import type { WebhooksService } from './webhooks.service';

const idParams = z.object({ id: z.uuid() });
const deliveryParams = z.object({ id: z.uuid(), deliveryId: z.uuid() });
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const secured = { tags: ['webhooks'], security: [{ bearerAuth: [] }] };
/** Under /org/{orgId}: owners and admins only, reads included (the log shows what the organisation's systems get). */
const config = { orgRole: 'admin' as const };

/**
 * The owner's webhook endpoints (decision 0078): the user's at /api, an organisation's at /api/org/{orgId}
 * (plugins/owner-scope). Deliveries are signed with the secret the create answers once.
 */
export const webhooksRoutes: FastifyPluginAsyncZod<{ webhooksService: WebhooksService }> = async (
  app,
  { webhooksService: service },
) => {
  app.get(
    '/webhooks',
    {
      onRequest: requireUser,
      config,
      schema: { ...secured, summary: 'Webhook endpoints', response: { 200: webhookEndpointListSchema, ...errors } },
    },
    (request) => service.list(ownerOf(request)),
  );

  app.post(
    '/webhooks',
    {
      onRequest: requireUser,
      config,
      schema: {
        ...secured,
        summary: 'Adds a webhook endpoint; the answer carries its signing secret, shown this once',
        description:
          'Each delivery is a POST with `Fixpoint-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`. ' +
          'Addresses on loopback, private or link-local networks are refused (400 WEBHOOK_TARGET_REFUSED) unless the ' +
          'server runs with WEBHOOK_ALLOW_PRIVATE_TARGETS=true.',
        body: webhookCreateSchema,
        response: { 201: webhookCreatedSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(ownerOf(request), request.body)),
  );

  app.patch(
    '/webhooks/:id',
    {
      onRequest: requireUser,
      config,
      schema: {
        ...secured,
        summary: "Changes an endpoint's address or events; isDisabled false re-enables it",
        params: idParams,
        body: webhookUpdateSchema,
        response: { 200: webhookEndpointSchema, ...errors },
      },
    },
    (request) => service.update(ownerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/webhooks/:id',
    {
      onRequest: requireUser,
      config,
      schema: {
        ...secured,
        summary: 'Deletes an endpoint and its delivery log',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(ownerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      onRequest: requireUser,
      config,
      schema: {
        ...secured,
        summary: "An endpoint's latest deliveries (100), newest first: status, response code, attempts and times",
        params: idParams,
        response: { 200: webhookDeliveryListSchema, ...errors },
      },
    },
    (request) => service.deliveries(ownerOf(request), request.params.id),
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/replay',
    {
      onRequest: requireUser,
      config,
      schema: {
        ...secured,
        summary: 'Sends a delivered or failed event again (same event id and body) as a new delivery',
        params: deliveryParams,
        response: { 202: webhookDeliverySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await service.replay(ownerOf(request), request.params.id, request.params.deliveryId)),
  );
};
