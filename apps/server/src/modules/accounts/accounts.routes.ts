import {
  accountSelectionSchema,
  bulkCreateAccountsSchema,
  casterSessionSchema,
  connectionSettingsSchema,
  createAccountSchema,
  errorResponseSchema,
  ntripAccountSchema,
  updateAccountSchema,
} from '@fixpoint/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../../plugins/auth';
import { ownerOf } from '../../plugins/owner-scope';
import type { AccountsService } from './accounts.service';

const idParams = z.object({ id: z.uuid() });
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const secured = { tags: ['accounts'], security: [{ bearerAuth: [] }] };
const csv = z.string().describe('text/csv: name, username, password, host, port, tls_port, mountpoint');

/** The owner's NTRIP accounts: the user's at /api, an organisation's at /api/org/{orgId} (plugins/owner-scope). */
export const accountsRoutes: FastifyPluginAsyncZod<{
  accountsService: AccountsService;
}> = async (app, { accountsService: service }) => {
  app.get(
    '/accounts',
    {
      onRequest: requireUser,
      config: { apiKeyScope: 'accounts:read' },
      schema: {
        ...secured,
        summary: 'My NTRIP accounts with status',
        response: { 200: z.array(ntripAccountSchema), ...errors },
      },
    },
    (request) => service.list(ownerOf(request)),
  );

  app.post(
    '/accounts',
    {
      onRequest: requireUser,
      config: { apiKeyScope: 'accounts:write' },
      schema: {
        ...secured,
        summary: 'Create an NTRIP account',
        body: createAccountSchema,
        response: { 201: ntripAccountSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(ownerOf(request), request.body.name)),
  );

  app.post(
    '/accounts/bulk',
    {
      onRequest: requireUser,
      config: { apiKeyScope: 'accounts:write' },
      schema: {
        ...secured,
        summary: 'Create N accounts at once; answers their credentials as CSV',
        body: bulkCreateAccountsSchema,
        response: { 201: csv, ...errors },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply.status(201),
        'ntrip-accounts.csv',
        await service.bulkCreate(ownerOf(request), request.body.count, request.body.namePrefix, request.hostname),
      ),
  );

  app.get(
    '/accounts/credentials.csv',
    {
      onRequest: requireUser,
      config: { orgRole: 'admin', apiKeyScope: 'accounts:read' },
      schema: {
        ...secured,
        summary: 'Credentials of my accounts (or of ?ids=…) as CSV',
        querystring: z.object({ ids: z.union([z.uuid(), z.array(z.uuid())]).optional() }),
        response: { 200: csv, ...errors },
      },
    },
    async (request, reply) => {
      const ids = request.query.ids === undefined ? undefined : [request.query.ids].flat();
      return sendCsv(reply, 'ntrip-accounts.csv', await service.exportCsv(ownerOf(request), ids, request.hostname));
    },
  );

  app.post(
    '/accounts/rotate',
    {
      onRequest: requireUser,
      config: { apiKeyScope: 'accounts:write' },
      schema: {
        ...secured,
        summary: 'New passwords for a selection (ends their sessions); answers CSV',
        body: accountSelectionSchema,
        response: { 200: csv, ...errors },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        'ntrip-accounts-rotated.csv',
        await service.rotate(ownerOf(request), request.body.ids, request.hostname),
      ),
  );

  app.post(
    '/accounts/revoke',
    {
      onRequest: requireUser,
      config: { apiKeyScope: 'accounts:write' },
      schema: {
        ...secured,
        summary: 'Disable a selection (ends their sessions)',
        body: accountSelectionSchema,
        response: { 200: z.array(ntripAccountSchema), ...errors },
      },
    },
    (request) => service.revoke(ownerOf(request), request.body.ids),
  );

  app.get(
    '/accounts/:id',
    {
      onRequest: requireUser,
      config: { apiKeyScope: 'accounts:read' },
      schema: {
        ...secured,
        summary: 'One NTRIP account',
        params: idParams,
        response: { 200: ntripAccountSchema, ...errors },
      },
    },
    (request) => service.get(ownerOf(request), request.params.id),
  );

  app.patch(
    '/accounts/:id',
    {
      onRequest: requireUser,
      config: { apiKeyScope: 'accounts:write' },
      schema: {
        ...secured,
        summary: 'Rename, set the connection limit, or disable/enable',
        params: idParams,
        body: updateAccountSchema.or(z.object({ isDisabled: z.boolean() })),
        response: { 200: ntripAccountSchema, ...errors },
      },
    },
    (request) => service.update(ownerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/accounts/:id',
    {
      onRequest: requireUser,
      config: { apiKeyScope: 'accounts:write' },
      schema: {
        ...secured,
        summary: 'Delete an NTRIP account (ends its sessions)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(ownerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/accounts/:id/password',
    {
      onRequest: requireUser,
      config: { apiKeyScope: 'accounts:write' },
      schema: {
        ...secured,
        summary: 'Regenerate the password (ends live sessions)',
        params: idParams,
        response: { 200: connectionSettingsSchema, ...errors },
      },
    },
    async (request) => {
      await service.rotate(ownerOf(request), [request.params.id]);
      return service.connectionSettings(ownerOf(request), request.params.id, request.hostname);
    },
  );

  app.get(
    '/accounts/:id/credentials',
    {
      onRequest: requireUser,
      config: { orgRole: 'admin', apiKeyScope: 'accounts:read' },
      schema: {
        ...secured,
        summary: 'Credentials and ready-to-paste connection settings',
        params: idParams,
        response: { 200: connectionSettingsSchema, ...errors },
      },
    },
    (request) => service.connectionSettings(ownerOf(request), request.params.id, request.hostname),
  );

  app.get(
    '/accounts/:id/sessions',
    {
      onRequest: requireUser,
      config: { apiKeyScope: 'accounts:read' },
      schema: {
        ...secured,
        summary: 'Session history from the caster',
        params: idParams,
        response: { 200: z.array(casterSessionSchema), ...errors },
      },
    },
    (request) => service.sessions(ownerOf(request), request.params.id),
  );
};

export const adminAccountsRoutes: FastifyPluginAsyncZod<{ accountsService: AccountsService }> = async (
  app,
  { accountsService: service },
) => {
  app.get(
    '/admin/accounts',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'All NTRIP accounts (admin)',
        querystring: z.object({ search: z.string().trim().max(100).optional() }),
        response: { 200: z.array(ntripAccountSchema.extend({ ownerEmail: z.string().nullable() })), ...errors },
      },
    },
    (request) => service.listAll(request.query.search || undefined),
  );

  app.patch(
    '/admin/accounts/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'Disable or enable any NTRIP account (admin)',
        params: idParams,
        body: z.object({ isDisabled: z.boolean(), reason: z.string().trim().max(200).optional() }),
        response: { 200: ntripAccountSchema, ...errors },
      },
    },
    (request) => service.adminSetDisabled(request.params.id, request.body.isDisabled, request.body.reason),
  );
};

function sendCsv(reply: import('fastify').FastifyReply, filename: string, body: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
}
