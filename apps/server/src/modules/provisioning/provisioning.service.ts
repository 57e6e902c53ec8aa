import { type Database, isSameOwner, type Owner, ownerOfRow, schema, type Transaction } from '@fixpoint/db';
import {
  type AccessChange,
  AppError,
  type NtripAccount,
  type ProvisionAccess,
  type ProvisionAccount,
  type ProvisionBulk,
  type ProvisionedAccount,
  provisionCsvColumns,
  toCsv,
} from '@fixpoint/shared';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { AccountsService } from '../accounts/accounts.service';
import type { ActivationService } from '../activation/activation.service';
import { type CreditsService, insufficientCredits } from '../credits/credits.service';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';

const dayMs = 24 * 60 * 60 * 1000;

/** The days an access paid from credits buys: its `days`, or those up to its `until` (a part day counts whole). */
const daysOf = (access: { days?: number | undefined; until?: string | undefined }) =>
  access.days ?? Math.ceil((new Date(access.until as string).getTime() - Date.now()) / dayMs);

interface Caller {
  owner: Owner;
  /** Who acts (the key's owner, or the member who made an organisation's key): the ledger records them. */
  actorId: string;
  /** The host the request came to (the caster's address without CASTER_PUBLIC_HOST or PUBLIC_URL). */
  requestHost?: string;
}

/**
 * Provisioning in one call (docs/decisions/0077), built from the accounts, activation and subscriptions services:
 * the account is created, then its access is paid in the activation's (or the seat's) own transaction; when the
 * payment fails, the new account is deleted again, so a refused call leaves nothing behind and charges nothing.
 */
export function createProvisioningService({
  db,
  accountsService,
  activationService,
  subscriptionsService,
  creditsService,
}: {
  db: Database;
  accountsService: AccountsService;
  activationService: ActivationService;
  subscriptionsService: Pick<SubscriptionsService, 'addSeat' | 'list'>;
  creditsService: Pick<CreditsService, 'balance'>;
}) {
  async function grant(caller: Caller, accountId: string, access: ProvisionAccess) {
    if (access.pay === 'seat') {
      await subscriptionsService.addSeat(caller.owner, access.subscriptionId, accountId);
      return { credits: 0, subscriptionId: access.subscriptionId };
    }
    const until = access.until ? new Date(access.until) : undefined;
    if (until && until.getTime() <= Date.now()) {
      throw new AppError('VALIDATION_FAILED', 400, 'The access must end in the future.', {
        details: [{ path: 'access.until', message: 'The access must end in the future.' }],
      });
    }
    const result = await activationService.activate({
      owner: caller.owner,
      actorId: caller.actorId,
      accountId,
      networkId: access.networkId,
      days: daysOf(access),
      start: access.start,
      ...(until && { endsAt: until }),
    });
    return { credits: result.cost, subscriptionId: null };
  }

  async function describe(caller: Caller, account: NtripAccount, charged: ProvisionedAccount['charged']) {
    const settings = await accountsService.connectionSettings(caller.owner, account.id, caller.requestHost);
    return {
      account: await accountsService.get(caller.owner, account.id),
      username: settings.username,
      password: settings.password,
      connection: {
        host: settings.host,
        port: settings.port,
        tlsPort: settings.tlsPort ?? null,
        mountpoint: settings.mountpoints[0]?.mountpoint ?? null,
        mountpoints: settings.mountpoints,
      },
      charged,
    } satisfies ProvisionedAccount;
  }

  /** Creates one account with its cap and access; on a refused payment the account is gone again. */
  async function createOne(caller: Caller, name: string, input: Omit<ProvisionAccount, 'name'>) {
    const account = await accountsService.create(caller.owner, name);
    try {
      if (input.maxConnections !== undefined) {
        await accountsService.update(caller.owner, account.id, { maxConnections: input.maxConnections });
      }
      const charged = input.access
        ? await grant(caller, account.id, input.access)
        : { credits: 0, subscriptionId: null };
      return { account, charged };
    } catch (error) {
      await accountsService.remove(caller.owner, account.id);
      throw error;
    }
  }

  /** 402 / 409 before anything is made when the owner cannot pay for `count` accounts' access. */
  async function checkAffordable(owner: Owner, access: ProvisionAccess, count: number) {
    if (access.pay === 'seat') {
      const [subscription] = (await subscriptionsService.list(owner)).filter((s) => s.id === access.subscriptionId);
      if (!subscription) throw new AppError('SUBSCRIPTION_NOT_FOUND', 404, 'No such subscription.');
      const free = subscription.seats - subscription.accounts.length;
      if (free < count) {
        throw new AppError('NO_FREE_SEAT', 409, `This subscription has ${free} free seats, not ${count}.`);
      }
      return;
    }
    const [network] = await db
      .select({ dailyPrice: schema.networks.dailyPrice })
      .from(schema.networks)
      .where(eq(schema.networks.id, access.networkId));
    if (!network) throw new AppError('NETWORK_NOT_AVAILABLE', 404, 'This network is not available.');
    const cost = count * daysOf(access) * network.dailyPrice;
    const balance = await creditsService.balance(owner);
    if (balance < cost) throw insufficientCredits(cost, balance);
  }

  /** The owner's account, locked in `tx`; someone else's answers like a missing one. */
  async function ownedLocked(tx: Transaction, owner: Owner, id: string) {
    const [row] = await tx.select().from(schema.ntripAccounts).where(eq(schema.ntripAccounts.id, id)).for('update');
    if (!row || !isSameOwner(ownerOfRow(row), owner)) {
      throw new AppError('ACCOUNT_NOT_FOUND', 404, 'No such NTRIP account.');
    }
    return row;
  }

  return {
    async create(caller: Caller, input: ProvisionAccount): Promise<ProvisionedAccount> {
      const { account, charged } = await createOne(caller, input.name, input);
      return describe(caller, account, charged);
    },

    /**
     * N accounts with the same cap and access. What they cost (credits, or free seats) is checked before the first
     * is made, so a batch the owner cannot pay makes nothing. Should a payment still fail midway (the balance spent
     * elsewhere meanwhile), the accounts made and paid so far stay and the answer (409 BULK_INCOMPLETE) says how
     * many; with an Idempotency-Key that answer is kept, so a retry never pays for them twice.
     */
    async bulk(caller: Caller, input: ProvisionBulk) {
      if (input.access) await checkAffordable(caller.owner, input.access, input.count);
      const width = String(input.count).length;
      const made: { account: NtripAccount; charged: ProvisionedAccount['charged'] }[] = [];
      try {
        for (let i = 1; i <= input.count; i++) {
          made.push(await createOne(caller, `${input.namePrefix} ${String(i).padStart(width, '0')}`, input));
        }
      } catch (error) {
        if (made.length === 0) throw error;
        const reason = error instanceof AppError ? error.message : 'An error occurred.';
        throw new AppError(
          'BULK_INCOMPLETE',
          409,
          `Created ${made.length} of ${input.count} accounts, then: ${reason} The ones created are in your list.`,
        );
      }
      return Promise.all(made.map(({ account, charged }) => describe(caller, account, charged)));
    },

    /** Days more on a network, paid from credits (chained after the current access). */
    async extend(caller: Caller, id: string, change: AccessChange) {
      await activationService.activate({
        owner: caller.owner,
        actorId: caller.actorId,
        accountId: id,
        networkId: change.networkId,
        days: change.days,
      });
      return accountsService.get(caller.owner, id);
    },

    /**
     * Days less on a network: the bought access (not a subscription seat's) ends that much earlier, never before
     * now; days waiting for the first connection are taken off first. Credits are not refunded.
     */
    async shorten(caller: Caller, id: string, change: AccessChange) {
      await db.transaction(async (tx) => {
        await ownedLocked(tx, caller.owner, id);
        const w = schema.accessWindows;
        const onNetwork = and(eq(w.accountId, id), eq(w.networkId, change.networkId), eq(w.source, 'credits'));
        let left = change.days;
        const pending = await tx
          .select()
          .from(w)
          .where(and(onNetwork, isNull(w.startsAt)));
        for (const window of pending) {
          if (left === 0) break;
          const keep = Math.max(0, (window.pendingDays ?? 0) - left);
          left -= (window.pendingDays ?? 0) - keep;
          if (keep === 0) await tx.delete(w).where(eq(w.id, window.id));
          else await tx.update(w).set({ pendingDays: keep }).where(eq(w.id, window.id));
        }
        const now = new Date();
        const running = await tx
          .select()
          .from(w)
          .where(and(onNetwork, gt(w.endsAt, now)))
          .orderBy(desc(w.endsAt));
        if (pending.length === 0 && running.length === 0) {
          throw new AppError('NO_ACCESS', 409, 'This account has no bought access on this network to shorten.');
        }
        // Cut from the latest end backwards: the access now ends `left` days earlier than it did.
        const latest = running[0]?.endsAt;
        if (left > 0 && latest) {
          const newEnd = new Date(Math.max(now.getTime(), latest.getTime() - left * dayMs));
          for (const window of running) {
            if ((window.endsAt as Date) <= newEnd) break;
            const start = window.startsAt as Date;
            if (start >= newEnd) await tx.delete(w).where(eq(w.id, window.id));
            else await tx.update(w).set({ endsAt: newEnd }).where(eq(w.id, window.id));
          }
        }
      });
      // The caster re-reads the account's access (a shortened access may have ended now).
      return accountsService.update(caller.owner, id, {});
    },

    suspend: (caller: Caller, id: string) => accountsService.update(caller.owner, id, { isDisabled: true }),
    resume: (caller: Caller, id: string) => accountsService.update(caller.owner, id, { isDisabled: false }),
    remove: (caller: Caller, id: string) => accountsService.remove(caller.owner, id),
  };
}

export type ProvisioningService = ReturnType<typeof createProvisioningService>;

/** Bulk provisioning as CSV: credentials, where to connect, and until when. */
export function provisionedCsv(items: ProvisionedAccount[]) {
  return toCsv(
    [...provisionCsvColumns],
    items.map((item) => [
      item.account.name,
      item.username,
      item.password,
      item.connection.host,
      item.connection.port,
      item.connection.tlsPort,
      item.connection.mountpoint,
      item.account.networks.find((n) => n.state === 'active')?.activeUntil ??
        item.account.networks.find((n) => n.state === 'pending')?.activeUntil ??
        '',
    ]),
  );
}
