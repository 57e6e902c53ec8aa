import { type Database, isOrgOwner, isSameOwner, type Owner, ownerOfRow, schema } from '@fixpoint/db';
import { type ActivationResult, AppError } from '@fixpoint/shared';
import { and, eq, gt, isNull, max } from 'drizzle-orm';
import type { CreditsRepository } from '../credits/credits.repository';
import { insufficientCredits } from '../credits/credits.service';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * `POST /tokens`: spends days x the network's daily price and extends the account's access on that network, from
 * the current end if still active, else from now (or from the first connection, if the network says so). One
 * transaction: the account row is locked so two activations of one account chain instead of overlapping, and the
 * balance update is conditional so concurrent spends never overdraw.
 */
export function createActivationService({
  db,
  creditsRepository,
}: {
  db: Database;
  creditsRepository: CreditsRepository;
}) {
  return {
    async activate({
      owner,
      actorId,
      accountId,
      networkId,
      days,
      start,
      endsAt: requestedEnd,
    }: {
      owner: Owner;
      /** Who spends: the user, or an organisation's admin (the ledger and the window record them). */
      actorId: string;
      accountId: string;
      networkId: string;
      days: number;
      /** When the days start; defaults to the network's rule (provisioning lets the caller choose; decision 0077). */
      start?: 'now' | 'first-connection';
      /** An end within the last paid day, used when the access starts now (provisioning's `until`). */
      endsAt?: Date;
    }): Promise<ActivationResult> {
      return db.transaction(async (tx) => {
        const [account] = await tx
          .select()
          .from(schema.ntripAccounts)
          .where(eq(schema.ntripAccounts.id, accountId))
          .for('update');
        // Someone else's account answers exactly like a missing one.
        if (!account || !isSameOwner(ownerOfRow(account), owner))
          throw new AppError('ACCOUNT_NOT_FOUND', 404, 'No such NTRIP account.');
        if (account.isDisabled) throw new AppError('ACCOUNT_DISABLED', 409, 'This NTRIP account is disabled.');

        const [network] = await tx.select().from(schema.networks).where(eq(schema.networks.id, networkId));
        const isOwnPrivate = isOrgOwner(owner) && network?.ownerOrgId === owner.orgId;
        if (!network?.isPublished || (network.visibility !== 'public' && !isOwnPrivate)) {
          throw new AppError('NETWORK_NOT_AVAILABLE', 404, 'This network is not available.');
        }

        const cost = days * network.dailyPrice;
        const spent = await creditsRepository.change(tx, owner, -cost, {
          kind: 'spend',
          description: { code: 'activation', days, network: network.name },
          accountId,
          networkId,
          days,
          createdBy: actorId,
        });
        if (!spent) throw insufficientCredits(cost, await creditsRepository.balance(owner, tx));

        const now = new Date();
        const w = schema.accessWindows;
        const [latest] = await tx
          .select({ end: max(w.endsAt) })
          .from(w)
          .where(and(eq(w.accountId, accountId), eq(w.networkId, networkId), gt(w.endsAt, now)));
        const activeEnd = latest?.end ?? null;

        const startRule = start ?? (network.accessStartsAt === 'first-connection' ? 'first-connection' : 'now');
        const startsAtFirstConnection = startRule === 'first-connection';
        if (!activeEnd && startsAtFirstConnection) {
          const [pending] = await tx
            .select()
            .from(w)
            .where(and(eq(w.accountId, accountId), eq(w.networkId, networkId), isNull(w.startsAt)));
          if (pending) {
            await tx
              .update(w)
              .set({ pendingDays: (pending.pendingDays ?? 0) + days })
              .where(eq(w.id, pending.id));
          } else {
            await tx.insert(w).values({
              accountId,
              networkId,
              pendingDays: days,
              source: 'credits',
              sourceRef: spent.entryId,
              createdBy: actorId,
            });
          }
          return {
            accountId,
            networkId,
            days,
            cost,
            balance: spent.balance,
            activeUntil: null,
            startsAtFirstConnection: true,
          };
        }

        const startsAt = activeEnd ?? now;
        const paidEnd = new Date(startsAt.getTime() + days * dayMs);
        const endsAt =
          requestedEnd && requestedEnd < paidEnd && requestedEnd.getTime() > paidEnd.getTime() - dayMs
            ? requestedEnd
            : paidEnd;
        await tx.insert(w).values({
          accountId,
          networkId,
          startsAt,
          endsAt,
          source: 'credits',
          sourceRef: spent.entryId,
          createdBy: actorId,
        });
        return {
          accountId,
          networkId,
          days,
          cost,
          balance: spent.balance,
          activeUntil: endsAt.toISOString(),
          startsAtFirstConnection: false,
        };
      });
    },
  };
}

export type ActivationService = ReturnType<typeof createActivationService>;
