import {
  apiKeyIdParamsSchema,
  apiKeyListSchema,
  createApiKeySchema,
  createdApiKeySchema,
  errorResponseSchema,
} from '@fixpoint/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthUser, requireUser } from '../../plugins/auth';
import { ownerOf } from '../../plugins/owner-scope';
import type { ApiKeysService } from './api-keys.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
// Key management is for a signed-in person only: these routes declare no apiKeyScope, so a key is refused (403).
const secured = { tags: ['api-keys'], security: [{ bearerAuth: [] }] };
// Under /org/{orgId}: owners and admins only, reading included (plugins/owner-scope.ts).
const config = { orgRole: 'admin' as const };

/** The caller's (or an organisation's) API keys: create (shown once), list, revoke (docs/decisions/0077). */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ apiKeysService: ApiKeysService }> = async (
  app,
  { apiKeysService: service },
) => {
  app.get(
    '/api-keys',
    {
      onRequest: requireUser,
      config,
      schema: {
        ...secured,
        summary: 'API keys (name, prefix, scopes, created, last used, expiry); never the keys themselves',
        response: { 200: apiKeyListSchema, ...errors },
      },
    },
    async (request) => ({ items: await service.list(ownerOf(request)) }),
  );

  app.post(
    '/api-keys',
    {
      onRequest: requireUser,
      config,
      schema: {
        ...secured,
        summary: 'Create an API key; the answer holds the whole key (fpk_…) this once',
        description:
          'Only a hash is stored: the key cannot be shown again. Send it as `Authorization: Bearer fpk_…`; it acts ' +
          'as this owner on the routes that declare one of its scopes (403 INSUFFICIENT_SCOPE otherwise).',
        body: createApiKeySchema,
        response: { 201: createdApiKeySchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = request.user as AuthUser;
      const created = await service.create(ownerOf(request), request.body, {
        id: user.id,
        email: user.email,
        name: user.name,
      });
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.delete(
    '/api-keys/:id',
    {
      onRequest: requireUser,
      config,
      schema: {
        ...secured,
        summary: 'Revoke an API key at once (its next request is 401 on every process)',
        params: apiKeyIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = request.user as AuthUser;
      await service.revoke(ownerOf(request), request.params.id, { id: user.id, email: user.email });
      return reply.status(204).send(null);
    },
  );
};
