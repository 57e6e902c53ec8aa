import { activationQuerySchema, activationResultSchema, errorResponseSchema } from '@fixpoint/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth';
import { ownerOf } from '../../plugins/owner-scope';
import type { ActivationService } from './activation.service';

export const activationRoutes: FastifyPluginAsyncZod<{ activationService: ActivationService }> = async (
  app,
  { activationService },
) => {
  app.post(
    '/tokens',
    {
      onRequest: requireUser,
      config: { apiKeyScope: 'access:write' },
      schema: {
        tags: ['credits'],
        summary: 'Spend credits on days of access for an NTRIP account on a network',
        security: [{ bearerAuth: [] }],
        querystring: activationQuerySchema,
        response: {
          200: activationResultSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          402: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    (request) =>
      activationService.activate({
        owner: ownerOf(request),
        actorId: request.user?.id as string,
        accountId: request.query.accountId,
        networkId: request.query.feedNetworkId,
        days: request.query.days,
      }),
  );
};
