import {
  appMetaSchema,
  errorResponseSchema,
  pageKeySchema,
  pageMetaSchema,
  updateAppMetaSchema,
  updatePageMetaSchema,
} from '@fixpoint/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import type { MetaService } from './meta.service';

const pageParams = z.object({ page: pageKeySchema });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const metaRoutes: FastifyPluginAsyncZod<{ metaService: MetaService }> = async (app, { metaService }) => {
  app.get('/meta', { schema: { tags: ['meta'], summary: 'App metadata', response: { 200: appMetaSchema } } }, () =>
    metaService.getAppMeta(),
  );

  app.put(
    '/meta',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['meta'],
        summary: 'Update app metadata (admin)',
        security: [{ bearerAuth: [] }],
        body: updateAppMetaSchema,
        response: { 200: appMetaSchema, ...errors },
      },
    },
    (request) => metaService.updateAppMeta(request.body, actorOf(request)),
  );

  app.get(
    '/meta/pages/:page',
    {
      schema: {
        tags: ['meta'],
        summary: 'Page metadata',
        params: pageParams,
        response: { 200: pageMetaSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    (request) => metaService.getPageMeta(request.params.page),
  );

  app.put(
    '/meta/pages/:page',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['meta'],
        summary: 'Update page metadata (admin)',
        security: [{ bearerAuth: [] }],
        params: pageParams,
        body: updatePageMetaSchema,
        response: { 200: pageMetaSchema, ...errors },
      },
    },
    (request) => metaService.updatePageMeta(request.params.page, request.body, actorOf(request)),
  );
};
