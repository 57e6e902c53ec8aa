import {
  adminArchiveSchema,
  archiveSettingsSchema,
  errorResponseSchema,
  rawArchiveQuerySchema,
} from '@fixpoint/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import type { AdminArchiveService } from './admin-archive';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.uuid() });

export const adminArchiveRoutes: FastifyPluginAsyncZod<{ adminArchiveService: AdminArchiveService }> = async (
  app,
  { adminArchiveService },
) => {
  app.get(
    '/admin/archive',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Recorded archive per network and station: storage used, coverage, retention and RINEX price (admin)',
        security,
        response: { 200: adminArchiveSchema, ...errors },
      },
    },
    () => adminArchiveService.overview(),
  );

  app.put(
    '/admin/networks/:id/archive',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          "A network's archive retention (days, 0 stops recording), RINEX price per hour and relayed recording (admin)",
        security,
        params: idParams,
        body: archiveSettingsSchema,
        response: { 200: archiveSettingsSchema, ...errors },
      },
    },
    (request) => adminArchiveService.updateSettings(request.params.id, request.body, actorOf(request)),
  );

  app.get(
    '/admin/stations/:id/raw',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The raw recorded RTCM 3 of a window (at most 24 h), for support (admin)',
        security,
        params: idParams,
        querystring: rawArchiveQuerySchema,
        response: { 200: z.any().meta({ description: 'application/octet-stream' }), ...errors },
      },
    },
    async (request, reply) => {
      const file = await adminArchiveService.raw(
        request.params.id,
        new Date(request.query.from),
        new Date(request.query.to),
      );
      return reply
        .type('application/octet-stream')
        .header('content-disposition', `attachment; filename="${file.name.replace(/[^\w.-]/g, '_')}"`)
        .send(file.bytes);
    },
  );
};
