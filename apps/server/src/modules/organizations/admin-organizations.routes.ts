import { type Database, schema } from '@fixpoint/db';
import {
  type AdminOrganization,
  AppError,
  adminOrganizationSchema,
  adminOrganizationsQuerySchema,
  adminOrgStatusSchema,
  adminOrgTokensSchema,
  balanceSchema,
  errorResponseSchema,
  ntripAccountSchema,
  orgMemberSchema,
  subscriptionSchema,
} from '@fixpoint/shared';
import { and, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../plugins/auth';
import type { AccountsService } from '../accounts/accounts.service';
import { actorOf, recordAudit } from '../audit/audit';
import type { CreditsService } from '../credits/credits.service';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import type { OrganizationsService } from './organizations.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const secured = { tags: ['admin'], security: [{ bearerAuth: [] }] };
const idParams = z.object({ id: z.uuid() });
const o = schema.organizations;
const notFound = () => new AppError('NOT_FOUND', 404, 'No such organisation.');

/** `/admin/organizations`: every organisation, its detail, the beta's approvals and credit grants. */
export const adminOrganizationsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  organizations: OrganizationsService;
  accountsService: AccountsService;
  subscriptionsService: SubscriptionsService;
  creditsService: CreditsService;
}> = async (app, { db, organizations, accountsService, subscriptionsService, creditsService }) => {
  async function list(where?: ReturnType<typeof and>): Promise<AdminOrganization[]> {
    const rows = await db
      .select({
        id: o.id,
        name: o.name,
        status: o.status,
        createdAt: o.createdAt,
        ownerEmail: schema.users.email,
      })
      .from(o)
      .leftJoin(schema.users, eq(schema.users.id, o.createdBy))
      .where(where)
      .orderBy(sql`case ${o.status} when 'pending' then 0 else 1 end`, sql`${o.createdAt} desc`)
      .limit(500);
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return [];
    const tally = async (table: typeof schema.ntripAccounts | typeof schema.subscriptions) =>
      new Map(
        (
          await db
            .select({ orgId: table.ownerOrgId, count: count() })
            .from(table)
            .where(inArray(table.ownerOrgId, ids))
            .groupBy(table.ownerOrgId)
        ).map((row) => [row.orgId, row.count]),
      );
    const m = schema.organizationMembers;
    const b = schema.creditBalances;
    const [members, accounts, subscriptions, balances] = await Promise.all([
      db
        .select({ orgId: m.orgId, count: count() })
        .from(m)
        .where(inArray(m.orgId, ids))
        .groupBy(m.orgId)
        .then((found) => new Map(found.map((row) => [row.orgId, row.count]))),
      tally(schema.ntripAccounts),
      tally(schema.subscriptions),
      db
        .select({ orgId: b.ownerOrgId, balance: b.balance })
        .from(b)
        .where(inArray(b.ownerOrgId, ids))
        .then((found) => new Map(found.map((row) => [row.orgId, row.balance]))),
    ]);
    return rows.map((row) => ({
      ...row,
      ownerEmail: row.ownerEmail ?? null,
      createdAt: row.createdAt.toISOString(),
      memberCount: members.get(row.id) ?? 0,
      accountCount: accounts.get(row.id) ?? 0,
      subscriptionCount: subscriptions.get(row.id) ?? 0,
      tokenAmount: balances.get(row.id) ?? 0,
    }));
  }

  async function one(id: string) {
    const [found] = await list(eq(o.id, id));
    if (!found) throw notFound();
    return found;
  }

  app.get(
    '/admin/organizations',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'Every organisation, waiting approvals first (admin)',
        querystring: adminOrganizationsQuerySchema,
        response: { 200: z.array(adminOrganizationSchema), ...errors },
      },
    },
    (request) => {
      const { search, status } = request.query;
      const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      return list(
        and(
          status ? eq(o.status, status) : undefined,
          pattern ? or(ilike(o.name, pattern), ilike(schema.users.email, pattern)) : undefined,
        ),
      );
    },
  );

  app.get(
    '/admin/organizations/:id',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'One organisation with its members, NTRIP accounts and subscriptions (admin)',
        params: idParams,
        response: {
          200: z.object({
            organization: adminOrganizationSchema,
            members: z.array(orgMemberSchema),
            accounts: z.array(ntripAccountSchema),
            subscriptions: z.array(subscriptionSchema),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const owner = { orgId: request.params.id };
      const organization = await one(request.params.id);
      const [members, accounts, subscriptions] = await Promise.all([
        organizations.members(request.params.id),
        accountsService.list(owner),
        subscriptionsService.list(owner),
      ]);
      return { organization, members, accounts, subscriptions };
    },
  );

  app.put(
    '/admin/organizations/:id/status',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'Approve (active) or decline a beta application (admin)',
        params: idParams,
        body: adminOrgStatusSchema,
        response: { 200: adminOrganizationSchema, ...errors },
      },
    },
    async (request) => {
      const { status } = request.body;
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ name: o.name, status: o.status })
          .from(o)
          .where(eq(o.id, request.params.id))
          .for('update');
        if (!before) throw notFound();
        await tx.update(o).set({ status }).where(eq(o.id, request.params.id));
        await recordAudit(tx, {
          actor: actorOf(request),
          kind: status === 'active' ? 'organization.approve' : 'organization.decline',
          target: { kind: 'organization', id: request.params.id, label: before.name },
          before: { status: before.status },
          after: { status },
        });
      });
      return one(request.params.id);
    },
  );

  app.put(
    '/admin/organizations/:id/tokens',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: "Grant (positive) or remove (negative) an organisation's credits (admin)",
        params: idParams,
        body: adminOrgTokensSchema,
        response: { 200: balanceSchema, ...errors },
      },
    },
    async (request) => {
      await one(request.params.id);
      return creditsService.adminAdjust({
        owner: { orgId: request.params.id },
        amount: request.body.tokenAmount,
        reason: request.body.reason,
        actor: actorOf(request),
      });
    },
  );
};
