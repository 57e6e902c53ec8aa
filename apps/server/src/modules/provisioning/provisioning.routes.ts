import {
  AppError,
  accessChangeSchema,
  apiKeyErrorCodes,
  errorResponseSchema,
  ntripAccountSchema,
  provisionAccountSchema,
  provisionBulkSchema,
  provisionedAccountSchema,
  provisionedListSchema,
  provisionFormatSchema,
} from '@fixpoint/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthUser, requireUser } from '../../plugins/auth';
import { ownerOf } from '../../plugins/owner-scope';
import { type ProvisioningService, provisionedCsv } from './provisioning.service';

const idParams = z.object({ id: z.uuid() });
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  402: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};
const secured = { tags: ['provisioning'], security: [{ bearerAuth: [] }] };
const idempotent =
  'Send an `Idempotency-Key` header: a retry with the same key answers the first answer and pays nothing again.';

const callerOf = (request: FastifyRequest) => ({
  owner: ownerOf(request),
  actorId: (request.user as AuthUser).id,
  requestHost: request.host,
});

/** Paying for access needs `access:write` besides the route's `accounts:write` (docs/decisions/0077). */
function requireAccessScope(request: FastifyRequest, access: unknown) {
  if (access && request.apiKey && !request.apiKey.scopes.includes('access:write')) {
    throw new AppError(
      apiKeyErrorCodes.insufficientScope,
      403,
      'Granting access with this call needs the scope access:write as well.',
    );
  }
}

/**
 * Provisioning for resellers and fleets (docs/decisions/0077): an NTRIP account with its cap and paid access in one
 * call, in bulk with CSV or JSON, and its access extended, shortened, suspended, resumed or deleted.
 */
export const provisioningRoutes: FastifyPluginAsyncZod<{ provisioningService: ProvisioningService }> = async (
  app,
  { provisioningService: service },
) => {
  app.post(
    '/provisioning/accounts',
    {
      onRequest: requireUser,
      config: { apiKeyScope: 'accounts:write' },
      schema: {
        ...secured,
        summary: 'Create an NTRIP account with its connection cap and paid access; answers its credentials once',
        description:
          'Access is paid from credits (`days` or `until`, from now or from the first connection) or by a free ' +
          'seat of a subscription; with access the key needs `access:write` too. A refused payment creates ' +
          `nothing. ${idempotent}`,
        body: provisionAccountSchema,
        response: { 201: provisionedAccountSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireAccessScope(request, request.body.access);
      const created = await service.create(callerOf(request), request.body);
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.post(
    '/provisioning/accounts/bulk',
    {
      onRequest: requireUser,
      config: { apiKeyScope: 'accounts:write' },
      schema: {
        ...secured,
        summary: 'Create N accounts with the same cap and access; answers JSON, or CSV with ?format=csv',
        description: `CSV columns: name, username, password, host, port, tls_port, mountpoint, access_until. ${idempotent}`,
        querystring: provisionFormatSchema,
        body: provisionBulkSchema,
        response: { 201: provisionedListSchema.or(z.string().describe('text/csv')), ...errors },
      },
    },
    async (request, reply) => {
      requireAccessScope(request, request.body.access);
      const items = await service.bulk(callerOf(request), request.body);
      reply.status(201).header('cache-control', 'no-store');
      if (request.query.format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="ntrip-accounts.csv"')
          .send(provisionedCsv(items));
      }
      return reply.send({ items });
    },
  );

  const accessRoute = (action: 'extend' | 'shorten', summary: string) =>
    app.post(
      `/provisioning/accounts/:id/${action}`,
      {
        onRequest: requireUser,
        config: { apiKeyScope: 'access:write' },
        schema: {
          ...secured,
          summary,
          description: idempotent,
          params: idParams,
          body: accessChangeSchema,
          response: { 200: ntripAccountSchema, ...errors },
        },
      },
      (request) => service[action](callerOf(request), request.params.id, request.body),
    );
  accessRoute('extend', 'Days more access on a network, paid from credits after the current end');
  accessRoute('shorten', 'Days less access on a network (bought access only; credits are not refunded)');

  const stateRoute = (action: 'suspend' | 'resume', summary: string) =>
    app.post(
      `/provisioning/accounts/:id/${action}`,
      {
        onRequest: requireUser,
        config: { apiKeyScope: 'accounts:write' },
        schema: { ...secured, summary, params: idParams, response: { 200: ntripAccountSchema, ...errors } },
      },
      (request) => service[action](callerOf(request), request.params.id),
    );
  stateRoute('suspend', 'Suspend an account: its rovers are cut at once (its access keeps running)');
  stateRoute('resume', 'Resume a suspended account');

  app.delete(
    '/provisioning/accounts/:id',
    {
      onRequest: requireUser,
      config: { apiKeyScope: 'accounts:write' },
      schema: {
        ...secured,
        summary: 'Delete an account (ends its sessions)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
