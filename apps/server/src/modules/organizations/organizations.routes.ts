import type { Database } from '@fixpoint/db';
import {
  createOrganizationSchema,
  errorResponseSchema,
  inviteActionSchema,
  inviteEmailSchema,
  lendAccountSchema,
  memberQuerySchema,
  ntripAccountSchema,
  organizationCreatedSchema,
  organizationSchema,
  orgInviteSchema,
  orgMemberSchema,
  orgUsageSchema,
  updateMemberSchema,
  usageQuerySchema,
  userInviteSchema,
} from '@fixpoint/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthUser, requireUser, requireVerifiedEmail } from '../../plugins/auth';
import type { AccountsService } from '../accounts/accounts.service';
import { withRetryAfter } from '../auth/rate-limit';
import type { Invites } from './invites';
import type { Lending } from './lending';
import type { OrganizationsService } from './organizations.service';
import { orgUsage, usageCsv } from './usage';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const secured = { tags: ['organizations'], security: [{ bearerAuth: [] }] };
const user = (request: FastifyRequest) => request.user as AuthUser;

/** The signed-in user's side: creating an organisation (spec 7 `POST /organization`) and their invitations. */
export const organizationUserRoutes: FastifyPluginAsyncZod<{
  organizations: OrganizationsService;
  invites: Invites;
}> = async (app, { organizations, invites }) => {
  app.post(
    '/organization',
    {
      onRequest: requireUser,
      schema: {
        ...secured,
        summary: 'Create an organisation (answers its address in the portal, or a spec 8 code)',
        body: createOrganizationSchema,
        response: { 201: organizationCreatedSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await organizations.create(user(request).id, request.body.name)),
  );

  app.get(
    '/invites',
    {
      onRequest: requireUser,
      schema: {
        ...secured,
        summary: "Invitations waiting for the caller's e-mail address",
        response: { 200: z.array(userInviteSchema), ...errors },
      },
    },
    (request) => invites.listForUser(user(request).email),
  );

  app.put(
    '/invites',
    {
      onRequest: requireUser,
      schema: {
        ...secured,
        summary: 'Accept, decline, or accept a declined invitation',
        description: 'Accepting needs a verified e-mail address (403 EMAIL_NOT_VERIFIED); declining does not.',
        body: inviteActionSchema,
        response: { 200: z.array(userInviteSchema), ...errors },
      },
    },
    (request) => {
      // The invitation went to an address: only someone who has proven it is theirs joins (decision 0061).
      if (request.body.action !== 'decline') requireVerifiedEmail(user(request));
      return invites.answer({ user: user(request), orgId: request.body.organization, action: request.body.action });
    },
  );
};

/**
 * One organisation, registered under /org/:orgId through `orgScoped` (plugins/owner-scope): membership and role are
 * checked before any of these run; the permission table is in docs/decisions/0041.
 */
export const organizationRoutes: FastifyPluginAsyncZod<{
  db: Database;
  organizations: OrganizationsService;
  invites: Invites;
  lending: Lending;
  accountsService: AccountsService;
}> = async (app, { db, organizations, invites, lending, accountsService }) => {
  const orgId = (request: FastifyRequest) => (request.params as { orgId: string }).orgId;
  const anyStatus = { orgAnyStatus: true };

  app.get(
    '',
    {
      onRequest: requireUser,
      config: anyStatus,
      schema: {
        ...secured,
        summary: 'The organisation and your role in it',
        response: { 200: organizationSchema, ...errors },
      },
    },
    (request) => organizations.get(orgId(request), request.orgRole ?? 'member'),
  );

  app.delete(
    '',
    {
      onRequest: requireUser,
      config: { ...anyStatus, orgRole: 'owner' },
      schema: {
        ...secured,
        summary: 'Delete the organisation with its accounts and credits (owner; no running subscriptions)',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await organizations.delete(orgId(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/members',
    {
      onRequest: requireUser,
      config: anyStatus,
      schema: {
        ...secured,
        summary: 'Members and their roles',
        response: { 200: z.array(orgMemberSchema), ...errors },
      },
    },
    (request) => organizations.members(orgId(request)),
  );

  app.put(
    '/members',
    {
      onRequest: requireUser,
      config: anyStatus,
      schema: {
        ...secured,
        summary: "Change a member's role (the last owner stays an owner)",
        body: updateMemberSchema,
        response: { 200: z.array(orgMemberSchema), ...errors },
      },
    },
    (request) =>
      organizations.setRole(orgId(request), request.orgRole ?? 'member', request.body.forMember, request.body.role),
  );

  app.delete(
    '/members',
    {
      onRequest: requireUser,
      // Everyone may leave; removing someone else is checked in the service (admins, owners).
      config: { ...anyStatus, orgRole: 'member' },
      schema: {
        ...secured,
        summary: 'Remove a member, or leave (forMember = yourself)',
        querystring: memberQuerySchema,
        response: { 200: z.array(orgMemberSchema), ...errors },
      },
    },
    (request) =>
      organizations.remove(
        orgId(request),
        { userId: user(request).id, role: request.orgRole ?? 'member' },
        request.query.forMember,
      ),
  );

  app.get(
    '/invites',
    {
      onRequest: requireUser,
      config: anyStatus,
      schema: { ...secured, summary: 'Open invitations', response: { 200: z.array(orgInviteSchema), ...errors } },
    },
    (request) => invites.listForOrg(orgId(request)),
  );

  app.post(
    '/invites',
    {
      onRequest: requireUser,
      config: anyStatus,
      schema: {
        ...secured,
        summary: 'Invite someone by e-mail (again: renews the invitation)',
        description:
          'An organisation waiting for approval invites nobody (403 ORG_NOT_ACTIVE); one may send 20 invitations an hour and 100 a day (429 INVITE_LIMIT with Retry-After).',
        body: inviteEmailSchema,
        response: { 200: z.array(orgInviteSchema), ...errors, 429: errorResponseSchema },
      },
    },
    (request, reply) =>
      withRetryAfter(reply, () =>
        invites.invite({ orgId: orgId(request), email: request.body.email, inviter: user(request) }),
      ),
  );

  app.delete(
    '/invites',
    {
      onRequest: requireUser,
      config: anyStatus,
      schema: {
        ...secured,
        summary: 'Withdraw an invitation',
        body: inviteEmailSchema,
        response: { 200: z.array(orgInviteSchema), ...errors },
      },
    },
    (request) => invites.cancel(orgId(request), request.body.email),
  );

  const accountParams = z.object({ accountId: z.uuid() });

  app.put(
    '/accounts/:accountId/lending',
    {
      onRequest: requireUser,
      schema: {
        ...secured,
        summary: 'Lend an NTRIP account to a member until a time (it connects only until then)',
        params: accountParams,
        body: lendAccountSchema,
        response: { 200: ntripAccountSchema, ...errors },
      },
    },
    async (request) => {
      await lending.lend({
        orgId: orgId(request),
        accountId: request.params.accountId,
        userId: request.body.userId,
        until: new Date(request.body.until),
        actorId: user(request).id,
      });
      return accountsService.get({ orgId: orgId(request) }, request.params.accountId);
    },
  );

  app.delete(
    '/accounts/:accountId/lending',
    {
      onRequest: requireUser,
      schema: {
        ...secured,
        summary: 'Take a lent account back now (its password is regenerated)',
        params: accountParams,
        response: { 200: ntripAccountSchema, ...errors },
      },
    },
    async (request) => {
      await lending.takeBack({ orgId: orgId(request), accountId: request.params.accountId });
      return accountsService.get({ orgId: orgId(request) }, request.params.accountId);
    },
  );

  app.get(
    '/usage',
    {
      onRequest: requireUser,
      config: { orgRole: 'admin', apiKeyScope: 'usage:read' },
      schema: {
        ...secured,
        summary: 'Usage per member, per account and per day',
        querystring: usageQuerySchema,
        response: { 200: orgUsageSchema, ...errors },
      },
    },
    (request) => orgUsage(db, orgId(request), request.query.from, request.query.to),
  );

  app.get(
    '/usage.csv',
    {
      onRequest: requireUser,
      config: { orgRole: 'admin', apiKeyScope: 'usage:read' },
      schema: {
        ...secured,
        summary: 'Usage as CSV',
        querystring: usageQuerySchema,
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const usage = await orgUsage(db, orgId(request), request.query.from, request.query.to);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="usage-${usage.from}-${usage.to}.csv"`)
        .header('cache-control', 'no-store')
        .send(usageCsv(usage));
    },
  );
};
