import type { Database } from '@fixpoint/db';
import { schema } from '@fixpoint/db';
import { adminUserSchema, errorResponseSchema } from '@fixpoint/shared';
import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../plugins/auth';

export const adminUsersRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/admin/users',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'All users (admin)',
        security: [{ bearerAuth: [] }],
        response: { 200: z.array(adminUserSchema), 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async () => {
      const rows = await db.select().from(schema.users).orderBy(desc(schema.users.createdAt)).limit(1000);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        role: row.role,
        banned: row.banned ?? false,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  );
};
