import {
  adminTokensQuerySchema,
  balanceSchema,
  errorResponseSchema,
  ledgerPageSchema,
  ledgerQuerySchema,
} from '@fixpoint/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, requireUser } from '../../plugins/auth';
import { ownerOf } from '../../plugins/owner-scope';
import { actorOf } from '../audit/audit';
import type { CreditsService } from './credits.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const creditsRoutes: FastifyPluginAsyncZod<{ creditsService: CreditsService }> = async (
  app,
  { creditsService },
) => {
  app.get(
    '/credits/ledger',
    {
      onRequest: requireUser,
      config: { apiKeyScope: 'usage:read' },
      schema: {
        tags: ['credits'],
        summary: 'Credit balance and history, newest first',
        security: [{ bearerAuth: [] }],
        querystring: ledgerQuerySchema,
        response: { 200: ledgerPageSchema, ...errors },
      },
    },
    (request) => creditsService.ledger(ownerOf(request), request.query.limit, request.query.cursor),
  );
};

export const adminCreditsRoutes: FastifyPluginAsyncZod<{ creditsService: CreditsService }> = async (
  app,
  { creditsService },
) => {
  app.put(
    '/admin/tokens',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Grant (positive) or remove (negative) credits of a user (admin)',
        security: [{ bearerAuth: [] }],
        querystring: adminTokensQuerySchema,
        response: { 200: balanceSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    (request) =>
      creditsService.adminAdjust({
        owner: { userId: request.query.userId },
        amount: request.query.tokenAmount,
        reason: request.query.reason,
        actor: actorOf(request),
      }),
  );
};
