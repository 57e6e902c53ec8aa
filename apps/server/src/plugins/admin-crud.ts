import { errorResponseSchema } from '@fixpoint/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAdmin } from './auth';

/** The errors every admin route may answer. */
export const adminErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
export const adminSecured = { tags: ['admin'], security: [{ bearerAuth: [] }] };
export const idParams = z.object({ id: z.uuid() });

type Infer<T extends z.ZodType> = z.infer<T>;

/** One admin resource: its collection path, the schema of one item and what each operation calls. */
export interface AdminCrud<
  Item extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Query extends z.ZodType = z.ZodUndefined,
  Listed extends z.ZodType = Item,
> {
  /** The collection, `/admin/networks`; one item is `/admin/networks/:id`. */
  path: string;
  item: Item;
  list: {
    summary: string;
    /** The items listed, when they differ from one item as read. */
    item?: Listed;
    querystring?: Query;
    handler: (query: Infer<Query>) => Promise<Infer<Listed>[]>;
  };
  create: {
    summary: string;
    body: Create;
    handler: (body: Infer<Create>, request: FastifyRequest) => Promise<Infer<Item>>;
  };
  get: { summary: string; handler: (id: string) => Promise<Infer<Item>> };
  update: {
    summary: string;
    body: Update;
    handler: (id: string, body: Infer<Update>, request: FastifyRequest) => Promise<Infer<Item>>;
  };
  remove: { summary: string; handler: (id: string, request: FastifyRequest) => Promise<unknown> };
}

/**
 * An admin resource's five routes (admins only): list, create (201), read, change (PATCH) and delete (204), with
 * the same guard, tags and errors. What differs between resources is the schemas and the service calls.
 */
export function adminCrudRoutes<
  Item extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Query extends z.ZodType = z.ZodUndefined,
  Listed extends z.ZodType = Item,
>(app: FastifyInstance, crud: AdminCrud<Item, Create, Update, Query, Listed>) {
  const { path, item } = crud;
  const one = `${path}/:id`;
  const idOf = (request: FastifyRequest) => (request.params as z.infer<typeof idParams>).id;
  const route = { onRequest: requireAdmin };

  app.get(
    path,
    {
      ...route,
      schema: {
        ...adminSecured,
        summary: crud.list.summary,
        ...(crud.list.querystring && { querystring: crud.list.querystring }),
        response: { 200: z.array(crud.list.item ?? item), ...adminErrors },
      },
    },
    (request) => crud.list.handler(request.query as Infer<Query>),
  );

  app.post(
    path,
    {
      ...route,
      schema: {
        ...adminSecured,
        summary: crud.create.summary,
        body: crud.create.body,
        response: { 201: item, ...adminErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await crud.create.handler(request.body as Infer<Create>, request)),
  );

  app.get(
    one,
    {
      ...route,
      schema: {
        ...adminSecured,
        summary: crud.get.summary,
        params: idParams,
        response: { 200: item, ...adminErrors },
      },
    },
    (request) => crud.get.handler(idOf(request)),
  );

  app.patch(
    one,
    {
      ...route,
      schema: {
        ...adminSecured,
        summary: crud.update.summary,
        params: idParams,
        body: crud.update.body,
        response: { 200: item, ...adminErrors },
      },
    },
    (request) => crud.update.handler(idOf(request), request.body as Infer<Update>, request),
  );

  app.delete(
    one,
    {
      ...route,
      schema: {
        ...adminSecured,
        summary: crud.remove.summary,
        params: idParams,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await crud.remove.handler(idOf(request), request);
      return reply.status(204).send(null);
    },
  );
}
