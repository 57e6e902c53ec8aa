import type { DatabaseHandle } from '@fixpoint/db';
import { errorResponseSchema, healthSchema } from '@fixpoint/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle; version: string }> = async (
  app,
  { database, version },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: healthSchema, 503: healthSchema, 500: errorResponseSchema },
      },
    },
    async (request, reply) => {
      let latencyMs: number | null = null;
      try {
        latencyMs = await database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'database unreachable');
      }
      const reachable = latencyMs !== null;
      return reply.status(reachable ? 200 : 503).send({
        status: reachable ? 'ok' : 'degraded',
        version,
        uptimeSeconds: Math.round(process.uptime()),
        database: { kind: database.kind, reachable, latencyMs },
      });
    },
  );
};
