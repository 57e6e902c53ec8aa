import { type Database, schema } from '@fixpoint/db';
import { publicNetworkSchema } from '@fixpoint/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** `GET /api/networks`: the published public networks (no sign-in needed: visitors browse the marketplace). */
export const networksRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/networks',
    {
      schema: {
        tags: ['networks'],
        summary: 'Published public networks',
        response: { 200: z.array(publicNetworkSchema) },
      },
    },
    async () => {
      const n = schema.networks;
      const rows = await db
        .select({
          id: n.id,
          code: n.code,
          name: n.name,
          operator: n.operator,
          description: n.description,
          dailyPrice: n.dailyPrice,
          accessStartsAt: n.accessStartsAt,
          stationCount: count(schema.stations.id),
        })
        .from(n)
        .leftJoin(schema.stations, and(eq(schema.stations.networkId, n.id), eq(schema.stations.isEnabled, true)))
        .where(and(eq(n.isPublished, true), eq(n.visibility, 'public')))
        .groupBy(n.id)
        .orderBy(asc(n.name));
      return rows;
    },
  );
};
