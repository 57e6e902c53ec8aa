import {
  adminPricingTableSchema,
  adminProductSchema,
  adminProductsQuerySchema,
  createProductSchema,
  pricingTableInputSchema,
  pricingTableOrderSchema,
  pricingTableSchema,
  tokenProductsSchema,
  updateProductSchema,
} from '@fixpoint/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminCrudRoutes, adminErrors, adminSecured, idParams } from '../../plugins/admin-crud';
import { requireAdmin } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import type { ProductsService } from './products.service';

const admin = { onRequest: requireAdmin };

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
  adminCrudRoutes(app, {
    path: '/admin/products',
    item: adminProductSchema,
    list: {
      summary: 'Products, newest first (admin)',
      querystring: adminProductsQuerySchema,
      handler: (query) => service.list(query.category, query.includeArchived === 'true'),
    },
    create: {
      summary: 'Create a product (admin)',
      body: createProductSchema,
      handler: (body, request) => service.create(body, actorOf(request)),
    },
    get: { summary: 'One product (admin)', handler: (id) => service.get(id) },
    update: {
      summary: 'Change a product: name, attributes, badges, seats (admin)',
      body: updateProductSchema,
      handler: (id, body, request) => service.update(id, body, actorOf(request)),
    },
    remove: {
      summary: 'Delete a product never bought (admin); one that was is archived instead',
      handler: (id, request) => service.remove(id, actorOf(request)),
    },
  });

  for (const [action, isArchived] of [
    ['archive', true],
    ['unarchive', false],
  ] as const) {
    app.post(
      `/admin/products/:id/${action}`,
      {
        ...admin,
        schema: {
          ...adminSecured,
          summary: isArchived ? 'Archive a product: no longer sold (admin)' : 'Sell an archived product again (admin)',
          params: idParams,
          response: { 200: adminProductSchema, ...adminErrors },
        },
      },
      (request) => service.setArchived(request.params.id, isArchived, actorOf(request)),
    );
  }

  // ---- admin: pricing tables ----
  app.get(
    '/admin/pricing-tables',
    {
      ...admin,
      schema: {
        ...adminSecured,
        summary: 'Pricing tables in order (admin)',
        response: { 200: z.array(adminPricingTableSchema), ...adminErrors },
      },
    },
    () => service.tables(),
  );

  app.post(
    '/admin/pricing-tables',
    {
      ...admin,
      schema: {
        ...adminSecured,
        summary: 'Create a pricing table (admin)',
        body: pricingTableInputSchema,
        response: { 201: adminPricingTableSchema, ...adminErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.saveTable(null, request.body, actorOf(request))),
  );

  app.put(
    '/admin/pricing-tables/order',
    {
      ...admin,
      schema: {
        ...adminSecured,
        summary: 'Order the pricing tables (admin)',
        body: pricingTableOrderSchema,
        response: { 200: z.array(adminPricingTableSchema), ...adminErrors },
      },
    },
    (request) => service.orderTables(request.body.tableIds, actorOf(request)),
  );

  app.put(
    '/admin/pricing-tables/:id',
    {
      ...admin,
      schema: {
        ...adminSecured,
        summary: 'Replace a pricing table (admin)',
        params: idParams,
        body: pricingTableInputSchema,
        response: { 200: adminPricingTableSchema, ...adminErrors },
      },
    },
    (request) => service.saveTable(request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/admin/pricing-tables/:id',
    {
      ...admin,
      schema: {
        ...adminSecured,
        summary: 'Delete a pricing table (admin)',
        params: idParams,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await service.removeTable(request.params.id, actorOf(request));
      return reply.status(204).send(null);
    },
  );
};
