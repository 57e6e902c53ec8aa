import {
  type AdminUser,
  type AdminUserDetail,
  type AdminUserProfile,
  type AdminUserStatus,
  AppError,
  type LedgerPage,
} from '@fixpoint/shared';
import { isAPIError } from 'better-auth/api';
import type { AccountsService } from '../accounts/accounts.service';
import type { Auth } from '../auth/auth';
import type { CreditsService } from '../credits/credits.service';
import type { OrganizationsService } from '../organizations/organizations.service';
import type { AdminUsersRepository, UserRow } from './admin-users.repository';

const notFound = () => new AppError('USER_NOT_FOUND', 404, 'No user with that id.');

/** How many sessions the detail shows: every live one comes first, then the most recent. */
const sessionLimit = 50;

/** Whether better-auth's admin plugin treats the user as banned now (a ban may have an end). */
const isBanned = (row: UserRow, now = new Date()) =>
  row.banned === true && (!row.banExpires || row.banExpires.getTime() > now.getTime());

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
 * Role and ban go through better-auth's admin plugin, which already refuses a banned user's sign-in and ends their
 * web sessions when they are banned; the caster refuses the NTRIP accounts of a banned owner and is told at once
 * (`onAccountsChanged`, decision 0042) so their live rovers end within a second.
 */
export function createAdminUsersService({
  repository,
  auth,
  creditsService,
  accountsService,
  organizations,
  onAccountsChanged = () => undefined,
}: {
  repository: AdminUsersRepository;
  auth: Auth;
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

    /** Makes the user an admin, or a user again; an admin never demotes themselves (someone must stay admin). */
    async setRole({
      actorId,
      id,
      role,
      headers,
    }: {
      actorId: string;
      id: string;
      role: 'user' | 'admin';
      headers: Headers;
    }) {
      await existing(id);
      if (id === actorId && role !== 'admin') {
        throw new AppError('CANNOT_DEMOTE_SELF', 409, 'You cannot take away your own admin role; ask another admin.');
      }
      await viaBetterAuth(() => auth.api.setRole({ headers, body: { userId: id, role } }));
      return toProfile(await existing(id));
    },

    /**
     * Disables the user (no sign-in, every web session ended, their NTRIP accounts refused by the caster) or enables
     * them again. An admin never disables themselves.
     */
    async setStatus({
      actorId,
      id,
      status,
      reason,
      headers,
    }: {
      actorId: string;
      id: string;
      status: AdminUserStatus;
      reason?: string;
      headers: Headers;
    }) {
      await existing(id);
      if (id === actorId && status === 'disabled') {
        throw new AppError('CANNOT_DISABLE_SELF', 409, 'You cannot disable your own account; ask another admin.');
      }
      await viaBetterAuth(() =>
        status === 'disabled'
          ? auth.api.banUser({ headers, body: { userId: id, banReason: reason || 'Disabled by an administrator' } })
          : auth.api.unbanUser({ headers, body: { userId: id } }),
      );
      const accountIds = await repository.accountIds(id);
      if (accountIds.length > 0) onAccountsChanged(accountIds);
      return toProfile(await existing(id));
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;

/** better-auth's refusals in our error model (`{ code, message }` with its status), anything else as it is. */
async function viaBetterAuth<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const { statusCode, body } = error as unknown as { statusCode: number; body?: { code?: string; message?: string } };
    throw new AppError(body?.code || 'BAD_REQUEST', statusCode, body?.message || 'The change was refused.', {
      cause: error,
    });
  }
}
