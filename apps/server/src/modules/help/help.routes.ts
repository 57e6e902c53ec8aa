import { helpConnectionSchema } from '@fixpoint/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HelpService } from './help.service';

/** The help centre's data: public, and personal for a signed-in caller (their own accounts, nobody else's). */
export const helpRoutes: FastifyPluginAsyncZod<{ helpService: HelpService }> = async (app, { helpService }) => {
  app.get(
    '/help/connection',
    {
      schema: {
        tags: ['help'],
        summary:
          "Where rovers connect: the caster's host, port, TLS port and sourcetable; signed in, also the caller's NTRIP accounts and their mountpoints (no passwords)",
        response: { 200: helpConnectionSchema },
      },
    },
    async (request, reply) => {
      // Personal for a signed-in caller: no shared cache may keep it.
      reply.header('Cache-Control', 'private, no-cache');
      return helpService.connection(request.user?.id ?? null, request.hostname);
    },
  );
};
