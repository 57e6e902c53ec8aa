import {
  adminPricingTableSchema,
  adminProductSchema,
  adminProductsQuerySchema,
  createProductSchema,
  errorResponseSchema,
  pricingTableInputSchema,
  pricingTableOrderSchema,
  pricingTableSchema,
  tokenProductsSchema,
  updateProductSchema,
} from '@fixpoint/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import type { ProductsService } from './products.service';

const idParams = z.object({ id: z.uuid() });
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const admin = { onRequest: requireAdmin };
const secured = { tags: ['admin'], security: [{ bearerAuth: [] }] };

/** Public pricing (spec 7) and the admin's products and pricing tables. */
export const productsRoutes: FastifyPluginAsyncZod<{ productsService: ProductsService }> = async (
  app,
  { productsService: service },
) => {
  app.get(
    '/stripe/subscription-pricing-tables',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Subscription pricing tables with the products on sale (public)',
        response: { 200: z.array(pricingTableSchema) },
      },
    },
    () => service.subscriptionPricingTables(),
  );

  app.get(
    '/tokenProducts',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Credit packs on sale, cheapest first (public)',
        response: { 200: tokenProductsSchema },
      },
    },
    () => service.tokenProducts(),
  );

  // ---- admin: products ----
  app.get(
    '/admin/products',
    {
      ...admin,
      schema: {
        ...secured,
        summary: 'Products, newest first (admin)',
        querystring: adminProductsQuerySchema,
        response: { 200: z.array(adminProductSchema), ...errors },
      },
    },
    (request) => service.list(request.query.category, request.query.includeArchived === 'true'),
  );

  app.post(
    '/admin/products',
    {
      ...admin,
      schema: {
        ...secured,
        summary: 'Create a product (admin)',
        body: createProductSchema,
        response: { 201: adminProductSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.body, actorOf(request))),
  );

  app.get(
    '/admin/products/:id',
    {
      ...admin,
      schema: {
        ...secured,
        summary: 'One product (admin)',
        params: idParams,
        response: { 200: adminProductSchema, ...errors },
      },
    },
    (request) => service.get(request.params.id),
  );

  app.patch(
    '/admin/products/:id',
    {
      ...admin,
      schema: {
        ...secured,
        summary: 'Change a product: name, attributes, badges, seats (admin)',
        params: idParams,
        body: updateProductSchema,
        response: { 200: adminProductSchema, ...errors },
      },
    },
    (request) => service.update(request.params.id, request.body, actorOf(request)),
  );

  for (const [action, isArchived] of [
    ['archive', true],
    ['unarchive', false],
  ] as const) {
    app.post(
      `/admin/products/:id/${action}`,
      {
        ...admin,
        schema: {
          ...secured,
          summary: isArchived ? 'Archive a product: no longer sold (admin)' : 'Sell an archived product again (admin)',
          params: idParams,
          response: { 200: adminProductSchema, ...errors },
        },
      },
      (request) => service.setArchived(request.params.id, isArchived, actorOf(request)),
    );
  }

  app.delete(
    '/admin/products/:id',
    {
      ...admin,
      schema: {
        ...secured,
        summary: 'Delete a product never bought (admin); one that was is archived instead',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.id, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  // ---- admin: pricing tables ----
  app.get(
    '/admin/pricing-tables',
    {
      ...admin,
      schema: {
        ...secured,
        summary: 'Pricing tables in order (admin)',
        response: { 200: z.array(adminPricingTableSchema), ...errors },
      },
    },
    () => service.tables(),
  );

  app.post(
    '/admin/pricing-tables',
    {
      ...admin,
      schema: {
        ...secured,
        summary: 'Create a pricing table (admin)',
        body: pricingTableInputSchema,
        response: { 201: adminPricingTableSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.saveTable(null, request.body, actorOf(request))),
  );

  app.put(
    '/admin/pricing-tables/order',
    {
      ...admin,
      schema: {
        ...secured,
        summary: 'Order the pricing tables (admin)',
        body: pricingTableOrderSchema,
        response: { 200: z.array(adminPricingTableSchema), ...errors },
      },
    },
    (request) => service.orderTables(request.body.tableIds, actorOf(request)),
  );

  app.put(
    '/admin/pricing-tables/:id',
    {
      ...admin,
      schema: {
        ...secured,
        summary: 'Replace a pricing table (admin)',
        params: idParams,
        body: pricingTableInputSchema,
        response: { 200: adminPricingTableSchema, ...errors },
      },
    },
    (request) => service.saveTable(request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/admin/pricing-tables/:id',
    {
      ...admin,
      schema: {
        ...secured,
        summary: 'Delete a pricing table (admin)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.removeTable(request.params.id, actorOf(request));
      return reply.status(204).send(null);
    },
  );
};
