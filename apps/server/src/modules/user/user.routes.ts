import { type Database, schema } from '@fixpoint/db';
import { errorResponseSchema, userLanguageSchema, userOverviewSchema } from '@fixpoint/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth';
import type { CreditsService } from '../credits/credits.service';
import type { OrganizationsService } from '../organizations/organizations.service';

export const userRoutes: FastifyPluginAsyncZod<{
  db: Database;
  creditsService: CreditsService;
  organizations: OrganizationsService;
}> = async (app, { db, creditsService, organizations }) => {
  app.get(
    '/user',
    {
      onRequest: requireUser,
      schema: {
        tags: ['user'],
        summary: "The signed-in user's organisations and role",
        security: [{ bearerAuth: [] }],
        response: { 200: userOverviewSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const user = request.user as NonNullable<typeof request.user>;
      const [tokenAmount, teams] = await Promise.all([
        creditsService.balance({ userId: user.id }),
        organizations.teams(user.id),
      ]);
      return {
        id: user.id,
        username: user.name,
        email: user.email,
        photoURL: user.image,
        teams,
        isAdmin: user.isAdmin,
        emailVerified: user.emailVerified,
        tokenAmount,
      };
    },
  );

  app.put(
    '/user/language',
    {
      onRequest: requireUser,
      schema: {
        tags: ['user'],
        summary: 'The language the server writes to the signed-in user in (e-mails, invoices)',
        description:
          'Set at sign-up from Accept-Language; the portal sends the language chosen in the settings. A brand with a static language writes in that one whatever is stored.',
        security: [{ bearerAuth: [] }],
        body: userLanguageSchema,
        response: { 200: userLanguageSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const user = request.user as NonNullable<typeof request.user>;
      const { language } = request.body;
      await db.update(schema.users).set({ language, updatedAt: new Date() }).where(eq(schema.users.id, user.id));
      return { language };
    },
  );
};
