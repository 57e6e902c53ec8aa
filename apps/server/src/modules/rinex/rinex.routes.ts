import {
  archiveCoverageSchema,
  archiveQuerySchema,
  errorResponseSchema,
  rinexJobListSchema,
  rinexJobSchema,
  rinexRequestSchema,
  rinexStationListSchema,
} from '@fixpoint/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/auth';
import { ownerOf } from '../../plugins/owner-scope';
import type { RinexService } from './rinex.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const idParams = z.object({ id: z.uuid() });
const security = [{ bearerAuth: [] }];

/** RINEX on demand (issue 17). Registered for the user and again under /org/{orgId} for an organisation. */
export const rinexRoutes: FastifyPluginAsyncZod<{ rinexService: RinexService }> = async (app, { rinexService }) => {
  app.get(
    '/rinex/stations',
    {
      onRequest: requireUser,
      schema: {
        tags: ['rinex'],
        summary: 'Stations with recorded data to make RINEX files of, with their price per hour',
        security,
        response: { 200: rinexStationListSchema, ...errors },
      },
    },
    async (request) => ({ stations: await rinexService.stations(ownerOf(request)) }),
  );

  app.get(
    '/stations/:id/archive',
    {
      onRequest: requireUser,
      schema: {
        tags: ['rinex'],
        summary: "A station's recorded time in a window (at most 31 days), by hour, and what RINEX of it costs",
        security,
        params: idParams,
        querystring: archiveQuerySchema,
        response: { 200: archiveCoverageSchema, ...errors },
      },
    },
    (request) =>
      rinexService.coverage(
        ownerOf(request),
        request.params.id,
        new Date(request.query.from),
        new Date(request.query.to),
      ),
  );

  app.post(
    '/rinex',
    {
      onRequest: requireUser,
      config: { orgRole: 'admin' },
      schema: {
        tags: ['rinex'],
        summary: 'Buy RINEX of a station and window (at most 24 h): credits are spent and a conversion job queued',
        description:
          "Charged for the recorded time only (hours x the network's hourly price, rounded up). A window without data " +
          'is refused with 422 RINEX_NO_DATA before anything is spent; a failed conversion refunds its credits.',
        security,
        body: rinexRequestSchema,
        response: {
          201: rinexJobSchema,
          ...errors,
          402: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const job = await rinexService.create(ownerOf(request), request.user?.id as string, request.body);
      return reply.code(201).send(job);
    },
  );

  app.get(
    '/rinex',
    {
      onRequest: requireUser,
      schema: {
        tags: ['rinex'],
        summary: 'RINEX files bought, newest first',
        security,
        response: { 200: rinexJobListSchema, ...errors },
      },
    },
    async (request) => ({ jobs: await rinexService.list(ownerOf(request)) }),
  );

  app.get(
    '/rinex/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['rinex'],
        summary: 'A RINEX job: status, progress, and the file once done',
        security,
        params: idParams,
        response: { 200: rinexJobSchema, ...errors },
      },
    },
    (request) => rinexService.get(ownerOf(request), request.params.id),
  );

  app.get(
    '/rinex/:id/download',
    {
      onRequest: requireUser,
      schema: {
        tags: ['rinex'],
        summary: 'The zip with the observation and navigation files (RINEX 3.04, long names)',
        security,
        params: idParams,
        response: {
          200: z.any().meta({ description: 'application/zip' }),
          ...errors,
          409: errorResponseSchema,
          410: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await rinexService.download(ownerOf(request), request.params.id);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${file.name.replace(/[^\w.-]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.bytes));
    },
  );
};
