import {
  type AdminUser,
  type AdminUserDetail,
  type AdminUserProfile,
  type AdminUserStatus,
  AppError,
  type LedgerPage,
} from '@fixpoint/shared';
import { isBanned } from '../../plugins/auth';
import type { AccountsService } from '../accounts/accounts.service';
import { type AuditActor, recordAudit } from '../audit/audit';
import type { CreditsService } from '../credits/credits.service';
import type { OrganizationsService } from '../organizations/organizations.service';
import type { AdminUsersRepository, UserRow } from './admin-users.repository';

const notFound = () => new AppError('USER_NOT_FOUND', 404, 'No user with that id.');

/** How many sessions the detail shows: every live one comes first, then the most recent. */
const sessionLimit = 50;

const toAdminUser = (row: UserRow): AdminUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  banned: isBanned(row),
  createdAt: row.createdAt.toISOString(),
});

const toProfile = (row: UserRow): AdminUserProfile => ({
  ...toAdminUser(row),
  emailVerified: row.emailVerified,
  disabledReason: isBanned(row) ? (row.banReason ?? null) : null,
});

/**
 * The admin's users (issue 15): the list, one user's whole picture, and making an admin or disabling a user.
 * Role and ban are written here, in one transaction with their audit-log entry (decision 0064), to the fields
 * better-auth's admin plugin reads: it refuses a banned user's sign-in; their web sessions are deleted; the caster refuses the NTRIP accounts of a banned owner and is told at once
 * (`onAccountsChanged`, decision 0042) so their live rovers end within a second.
 */
export function createAdminUsersService({
  repository,
  creditsService,
  accountsService,
  organizations,
  onAccountsChanged = () => undefined,
}: {
  repository: AdminUsersRepository;
  creditsService: CreditsService;
  accountsService: AccountsService;
  organizations: OrganizationsService;
  onAccountsChanged?: (accountIds: string[]) => void;
}) {
  async function existing(id: string) {
    const row = await repository.find(id);
    if (!row) throw notFound();
    return row;
  }

  async function sessions(userId: string) {
    const now = Date.now();
    return (await repository.sessions(userId, sessionLimit)).map(({ session: s, accountName }) => ({
      id: s.id,
      accountId: s.accountId,
      accountName,
      mountpoint: s.mountpoint,
      startedAt: s.startedAt.toISOString(),
      endedAt: s.endedAt?.toISOString() ?? null,
      durationSeconds: Math.max(0, Math.round(((s.endedAt?.getTime() ?? now) - s.startedAt.getTime()) / 1000)),
      bytesSent: s.bytesSent,
      ggaCount: s.ggaCount,
      lastLatitude: s.lastLatitude,
      lastLongitude: s.lastLongitude,
      distanceToBaseM: s.distanceToBaseM,
      clientAddress: s.clientAddress,
      userAgent: s.userAgent,
      closeReason: s.closeReason,
    }));
  }

  return {
    list: async (): Promise<AdminUser[]> => (await repository.list()).map(toAdminUser),

    async detail(id: string, ledgerLimit: number): Promise<AdminUserDetail> {
      const row = await existing(id);
      const owner = { userId: id };
      const [accounts, recent, teams, ledger] = await Promise.all([
        accountsService.list(owner),
        sessions(id),
        organizations.teams(id),
        creditsService.ledger(owner, ledgerLimit),
      ]);
      return {
        user: toProfile(row),
        balance: ledger.balance,
        accounts,
        sessions: recent,
        organizations: teams,
        ledger,
      };
    },

    async ledger(id: string, limit: number, cursor?: string): Promise<LedgerPage> {
      await existing(id);
      return creditsService.ledger({ userId: id }, limit, cursor);
    },

    /**
     * Makes the user an admin, or a user again; an admin never demotes themselves (someone must stay admin). The
     * change and its audit-log entry are one transaction.
     */
    async setRole({ actor, id, role }: { actor: AuditActor; id: string; role: 'user' | 'admin' }) {
      const row = await existing(id);
      if (id === actor.id && role !== 'admin') {
        throw new AppError('CANNOT_DEMOTE_SELF', 409, 'You cannot take away your own admin role; ask another admin.');
      }
      // Admin rights go only to an address its owner has proven (decision 0061): not to a look-alike sign-up.
      if (role === 'admin' && row.role !== 'admin' && !row.emailVerified) {
        throw new AppError(
          'EMAIL_NOT_VERIFIED',
          403,
          'This person has not confirmed their e-mail address yet; they can become an admin once they have.',
        );
      }
      await repository.transaction(async (tx) => {
        const before = await repository.findForUpdate(tx, id);
        if (!before) throw notFound();
        if (before.role === role) return;
        await repository.update(tx, id, { role });
        await recordAudit(tx, {
          actor,
          kind: 'user.role',
          target: { kind: 'user', id, label: before.email },
          before: { role: before.role },
          after: { role },
        });
      });
      return toProfile(await existing(id));
    },

    /**
     * Disables the user (no sign-in: better-auth's admin plugin refuses a banned user; every web session ended;
     * their NTRIP accounts refused by the caster) or enables them again, with its audit-log entry in the same
     * transaction. An admin never disables themselves.
     */
    async setStatus({
      actor,
      id,
      status,
      reason,
    }: {
      actor: AuditActor;
      id: string;
      status: AdminUserStatus;
      reason?: string | undefined;
    }) {
      await existing(id);
      if (id === actor.id && status === 'disabled') {
        throw new AppError('CANNOT_DISABLE_SELF', 409, 'You cannot disable your own account; ask another admin.');
      }
      await repository.transaction(async (tx) => {
        const before = await repository.findForUpdate(tx, id);
        if (!before) throw notFound();
        const after =
          status === 'disabled'
            ? { banned: true, banReason: reason || 'Disabled by an administrator', banExpires: null }
            : { banned: false, banReason: null, banExpires: null };
        await repository.update(tx, id, after);
        if (status === 'disabled') await repository.endSessions(tx, id);
        await recordAudit(tx, {
          actor,
          kind: status === 'disabled' ? 'user.disable' : 'user.enable',
          target: { kind: 'user', id, label: before.email },
          before: { disabled: isBanned(before), reason: before.banReason ?? null },
          after: { disabled: after.banned, reason: after.banReason },
        });
      });
      const accountIds = await repository.accountIds(id);
      if (accountIds.length > 0) onAccountsChanged(accountIds);
      return toProfile(await existing(id));
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
