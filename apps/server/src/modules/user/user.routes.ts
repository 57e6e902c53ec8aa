import { errorResponseSchema, userOverviewSchema } from '@fixpoint/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth';
import type { CreditsService } from '../credits/credits.service';
import type { OrganizationsService } from '../organizations/organizations.service';

export const userRoutes: FastifyPluginAsyncZod<{
  creditsService: CreditsService;
  organizations: OrganizationsService;
}> = async (app, { creditsService, organizations }) => {
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
        tokenAmount,
      };
    },
  );
};
