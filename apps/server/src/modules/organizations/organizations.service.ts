import { type Database, schema } from '@fixpoint/db';
import {
  AppError,
  type Organization,
  type OrganizationCreated,
  type OrgMember,
  type OrgRole,
  orgCreationErrors,
  orgNameProblem,
  type Team,
} from '@fixpoint/shared';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { readAccountSettings } from '../settings/account-settings';
import { endLendingsOf } from './lending';

const m = schema.organizationMembers;
const o = schema.organizations;

const creationError = (code: keyof typeof orgCreationErrors, status: number) =>
  new AppError(code, status, orgCreationErrors[code]);
const lastOwner = () =>
  new AppError('LAST_OWNER', 409, 'An organisation needs an owner: make someone else owner first.');
const notMember = () => new AppError('MEMBER_NOT_FOUND', 404, 'No such member of this organisation.');

/**
 * Organisations (docs/decisions/0041): creation with the spec's rules and codes, the beta's approval, members and
 * their roles. Everything that changes members runs in one transaction with the members' rows locked, so two
 * owners demoting each other at once cannot leave the organisation without one.
 */
export function createOrganizationsService({
  db,
  hotReads = db,
  maxPerUser,
  onAccountsChanged = () => undefined,
}: {
  db: Database;
  /** Runs the prepared teams read (DatabaseHandle.hotReads). */
  hotReads?: Database;
  maxPerUser: number;
  onAccountsChanged?: (accountIds: string[]) => void;
}) {
  // Read on every GET /api/user (each page load): prepared, so PostgreSQL plans it once per connection (issue 18,
  // decision 0055).
  const teamsOf = hotReads
    .select({ id: o.id, name: o.name, role: m.role, status: o.status })
    .from(m)
    .innerJoin(o, eq(o.id, m.orgId))
    .where(eq(m.userId, sql.placeholder('userId')))
    .orderBy(o.name)
    .prepare('teams_of_user');

  async function members(orgId: string): Promise<OrgMember[]> {
    const rows = await db
      .select({
        userId: m.userId,
        name: schema.users.name,
        email: schema.users.email,
        role: m.role,
        joinedAt: m.createdAt,
      })
      .from(m)
      .innerJoin(schema.users, eq(schema.users.id, m.userId))
      .where(eq(m.orgId, orgId))
      .orderBy(sql`case ${m.role} when 'owner' then 0 when 'admin' then 1 else 2 end`, m.createdAt);
    return rows.map((row) => ({ ...row, joinedAt: row.joinedAt.toISOString() }));
  }

  return {
    async create(userId: string, rawName: string): Promise<OrganizationCreated> {
      const name = rawName.trim().replace(/\s+/g, ' ');
      const problem = orgNameProblem(name);
      if (problem) throw creationError(problem, 400);
      const { organizationAccess } = await readAccountSettings(db);
      return db.transaction(async (tx) => {
        // One creation at a time per user, so two tabs cannot both pass the maximum.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`org-create:${userId}`}))`);
        const [created] = await tx.select({ count: count() }).from(o).where(eq(o.createdBy, userId));
        if ((created?.count ?? 0) >= maxPerUser) throw creationError('MaximumOrganizationCreated', 409);
        const [taken] = await tx.select({ id: o.id }).from(o).where(sql`lower(${o.name}) = lower(${name})`);
        if (taken) throw creationError('AlreadyTaken', 409);
        const status = organizationAccess === 'open' ? 'active' : 'pending';
        const inserted = await tx
          .insert(o)
          .values({ name, createdBy: userId, status })
          .onConflictDoNothing()
          .returning({ id: o.id });
        const org = inserted[0];
        if (!org) throw creationError('AlreadyTaken', 409);
        await tx.insert(m).values({ orgId: org.id, userId, role: 'owner' });
        return { success: true as const, value: `/org/${org.id}`, organization: { id: org.id, name, status } };
      });
    },

    teams: (userId: string): Promise<Team[]> => teamsOf.execute({ userId }),

    async get(orgId: string, role: OrgRole): Promise<Organization> {
      const [org] = await db.select().from(o).where(eq(o.id, orgId));
      if (!org) throw new AppError('NOT_FOUND', 404, 'No such organisation.');
      const [[memberCount], [accountCount], [balance]] = await Promise.all([
        db.select({ count: count() }).from(m).where(eq(m.orgId, orgId)),
        db.select({ count: count() }).from(schema.ntripAccounts).where(eq(schema.ntripAccounts.ownerOrgId, orgId)),
        db
          .select({ balance: schema.creditBalances.balance })
          .from(schema.creditBalances)
          .where(eq(schema.creditBalances.ownerOrgId, orgId)),
      ]);
      return {
        id: org.id,
        name: org.name,
        status: org.status,
        role,
        memberCount: memberCount?.count ?? 0,
        accountCount: accountCount?.count ?? 0,
        tokenAmount: balance?.balance ?? 0,
        createdAt: org.createdAt.toISOString(),
      };
    },

    members,

    /** Owners change any role; admins move people between member and admin only. The last owner stays. */
    async setRole(orgId: string, actorRole: OrgRole, forMember: string, role: OrgRole): Promise<OrgMember[]> {
      await db.transaction(async (tx) => {
        const rows = await tx.select().from(m).where(eq(m.orgId, orgId)).for('update');
        const target = rows.find((row) => row.userId === forMember);
        if (!target) throw notMember();
        if (actorRole !== 'owner' && (target.role === 'owner' || role === 'owner')) {
          throw new AppError('FORBIDDEN', 403, 'Only an owner may make or unmake owners.');
        }
        const owners = rows.filter((row) => row.role === 'owner').length;
        if (target.role === 'owner' && role !== 'owner' && owners <= 1) throw lastOwner();
        await tx
          .update(m)
          .set({ role })
          .where(and(eq(m.orgId, orgId), eq(m.userId, forMember)));
      });
      return members(orgId);
    },

    /** An admin removes a member (an owner removes anyone); everyone may remove themselves. */
    async remove(orgId: string, actor: { userId: string; role: OrgRole }, forMember: string): Promise<OrgMember[]> {
      const ended = await db.transaction(async (tx) => {
        const rows = await tx.select().from(m).where(eq(m.orgId, orgId)).for('update');
        const target = rows.find((row) => row.userId === forMember);
        if (!target) throw notMember();
        const isSelf = forMember === actor.userId;
        if (!isSelf && actor.role === 'member') {
          throw new AppError('FORBIDDEN', 403, 'Only an organisation admin may remove members.');
        }
        if (!isSelf && target.role === 'owner' && actor.role !== 'owner') {
          throw new AppError('FORBIDDEN', 403, 'Only an owner may remove an owner.');
        }
        if (target.role === 'owner' && rows.filter((row) => row.role === 'owner').length <= 1) throw lastOwner();
        await tx.delete(m).where(and(eq(m.orgId, orgId), eq(m.userId, forMember)));
        return endLendingsOf(tx, orgId, forMember);
      });
      if (ended.length) onAccountsChanged(ended);
      return members(orgId);
    },

    /** The owner deletes the organisation with its accounts and credits, once no subscription is running. */
    async delete(orgId: string) {
      const s = schema.subscriptions;
      const [live] = await db
        .select({ id: s.id })
        .from(s)
        .where(and(eq(s.ownerOrgId, orgId), inArray(s.status, ['active', 'cancelling', 'past_due'])));
      if (live) {
        throw new AppError(
          'SUBSCRIPTIONS_RUNNING',
          409,
          "End the organisation's subscriptions first: deleting would leave them billing.",
        );
      }
      const accounts = await db
        .select({ id: schema.ntripAccounts.id })
        .from(schema.ntripAccounts)
        .where(eq(schema.ntripAccounts.ownerOrgId, orgId));
      await db.delete(o).where(eq(o.id, orgId));
      if (accounts.length) onAccountsChanged(accounts.map((row) => row.id));
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
