import { type Database, type Owner, schema } from '@fixpoint/db';
import { AppError, type OrgRole } from '@fixpoint/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyRequest {
    /** Whose credits, accounts and subscriptions a route works on: set under /org/:orgId, else the signed-in user. */
    owner: Owner | null;
    /** The caller's role in that organisation. */
    orgRole: OrgRole | null;
  }
  interface FastifyContextConfig {
    /** Under /org/:orgId: the least role a route needs (default: member for GET, admin for everything else). */
    orgRole?: OrgRole;
    /** Under /org/:orgId: the route works while the organisation waits for approval or was declined. */
    orgAnyStatus?: boolean;
  }
}

const rank: Record<OrgRole, number> = { member: 0, admin: 1, owner: 2 };
export const hasOrgRole = (role: OrgRole, needed: OrgRole) => rank[role] >= rank[needed];

const orgIdSchema = z.uuid();

/** The owner a route works on: the organisation under /org/:orgId, else the signed-in user (guarded before). */
export function ownerOf(request: FastifyRequest): Owner {
  if (request.owner) return request.owner;
  if (!request.user) throw AppError.unauthorized();
  return { userId: request.user.id };
}

export async function membershipOf(db: Database, orgId: string, userId: string) {
  const m = schema.organizationMembers;
  const [row] = await db
    .select({ role: m.role, status: schema.organizations.status })
    .from(m)
    .innerJoin(schema.organizations, eq(schema.organizations.id, m.orgId))
    .where(and(eq(m.orgId, orgId), eq(m.userId, userId)));
  return row ?? null;
}

/**
 * Resolves /org/:orgId for every route registered inside it (docs/decisions/0041): the caller must be a member with
 * the route's role, and the organisation must be active unless the route says otherwise. Runs before validation,
 * so a stranger learns nothing from a route's body rules.
 */
export async function requireOrgAccess(db: Database, request: FastifyRequest) {
  if (!request.user) throw AppError.unauthorized();
  const orgId = (request.params as { orgId?: string }).orgId;
  if (!orgIdSchema.safeParse(orgId).success) throw new AppError('NOT_FOUND', 404, 'No such organisation.');
  const membership = await membershipOf(db, orgId as string, request.user.id);
  if (!membership) throw new AppError('FORBIDDEN', 403, 'You are not a member of this organisation.');
  const config = request.routeOptions.config;
  const needed = config.orgRole ?? (request.method === 'GET' || request.method === 'HEAD' ? 'member' : 'admin');
  if (!hasOrgRole(membership.role, needed)) {
    throw new AppError('FORBIDDEN', 403, `Only an organisation ${needed} may do this.`);
  }
  if (membership.status !== 'active' && !config.orgAnyStatus) {
    throw new AppError(
      'ORG_NOT_ACTIVE',
      403,
      membership.status === 'pending'
        ? 'This organisation is waiting for approval.'
        : 'This organisation was not admitted to the beta.',
    );
  }
  request.owner = { orgId: orgId as string };
  request.orgRole = membership.role;
}

/**
 * Registers routes once more under /org/:orgId for an organisation: the same handlers, with `ownerOf` answering the
 * organisation. The path parameter is added to each route's schema so the OpenAPI document shows it.
 */
export function orgScoped<Options extends object>(
  plugin: FastifyPluginAsync<Options>,
  db: Database,
): FastifyPluginAsync<Options> {
  return async (app, options) => {
    app.addHook('onRoute', (route) => {
      const schemaOf = (route.schema ?? {}) as { params?: z.ZodObject; tags?: string[] };
      const params = schemaOf.params ? schemaOf.params.extend({ orgId: z.uuid() }) : z.object({ orgId: z.uuid() });
      route.schema = { ...schemaOf, params, tags: ['organizations'] };
    });
    app.addHook('onRequest', (request) => requireOrgAccess(db, request));
    await app.register(plugin, options);
  };
}
