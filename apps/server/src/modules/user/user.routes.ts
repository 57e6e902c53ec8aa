import { errorResponseSchema, userOverviewSchema } from '@fixpoint/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth';
import type { CreditsService } from '../credits/credits.service';

export const userRoutes: FastifyPluginAsyncZod<{ creditsService: CreditsService }> = async (
  app,
  { creditsService },
) => {
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
      const tokenAmount = await creditsService.balance({ userId: user.id });
      // Organisations arrive with the organisations work; until then nobody belongs to one.
      return {
        id: user.id,
        username: user.name,
        email: user.email,
        photoURL: user.image,
        teams: [],
        isAdmin: user.isAdmin,
        tokenAmount,
      };
    },
  );
};
