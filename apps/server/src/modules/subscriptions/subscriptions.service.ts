import { type Database, schema, type Transaction } from '@fixpoint/db';
import { AppError, type Subscription } from '@fixpoint/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { PaymentProvider } from '../payments/payment-provider';
import { closeSeatWindows, openSeatWindows } from './seat-windows';

type SubscriptionRow = typeof schema.subscriptions.$inferSelect;

const notFound = () => new AppError('SUBSCRIPTION_NOT_FOUND', 404, 'No such subscription.');

/** What the owner sees: a cancelling subscription whose period has ended is cancelled. */
export function effectiveStatus(row: Pick<SubscriptionRow, 'status' | 'currentPeriodEnd'>, now = new Date()) {
  return row.status === 'cancelling' && row.currentPeriodEnd <= now ? 'cancelled' : row.status;
}

/**
 * A user's subscriptions (spec 7: `GET /subscriptions`, cancel, resume) and the NTRIP accounts in their seats. A
 * seat gives its account access to the subscription's network until the period ends (seat-windows.ts).
 */
export function createSubscriptionsService({ db, provider }: { db: Database; provider: PaymentProvider }) {
  /** The owner's subscription, locked for the change; someone else's answers exactly like a missing one. */
  async function lockOwn(tx: Transaction, userId: string, id: string) {
    const [row] = await tx
      .select()
      .from(schema.subscriptions)
      .where(and(eq(schema.subscriptions.id, id), eq(schema.subscriptions.ownerUserId, userId)))
      .for('update');
    if (!row) throw notFound();
    return row;
  }

  async function list(userId: string, only?: string): Promise<Subscription[]> {
    const s = schema.subscriptions;
    const rows = await db
      .select({ subscription: s, product: schema.products, networkName: schema.networks.name })
      .from(s)
      .innerJoin(schema.products, eq(schema.products.id, s.productId))
      .leftJoin(schema.networks, eq(schema.networks.id, s.networkId))
      .where(and(eq(s.ownerUserId, userId), only ? eq(s.id, only) : undefined))
      .orderBy(desc(s.createdAt));
    const seats = rows.length
      ? await db
          .select({
            subscriptionId: schema.subscriptionSeats.subscriptionId,
            id: schema.ntripAccounts.id,
            name: schema.ntripAccounts.name,
            username: schema.ntripAccounts.username,
          })
          .from(schema.subscriptionSeats)
          .innerJoin(schema.ntripAccounts, eq(schema.ntripAccounts.id, schema.subscriptionSeats.accountId))
          .where(
            inArray(
              schema.subscriptionSeats.subscriptionId,
              rows.map((row) => row.subscription.id),
            ),
          )
          .orderBy(schema.subscriptionSeats.assignedAt)
      : [];
    return rows.map(({ subscription, product, networkName }) => ({
      id: subscription.id,
      productName: product.name,
      networkId: subscription.networkId,
      networkName,
      status: effectiveStatus(subscription),
      amount: product.amount,
      currency: product.currency,
      interval: product.interval,
      provider: subscription.provider,
      currentPeriodStart: subscription.currentPeriodStart.toISOString(),
      currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
      seats: subscription.seats,
      accounts: seats
        .filter((seat) => seat.subscriptionId === subscription.id)
        .map(({ id, name, username }) => ({ id, name, username })),
      createdAt: subscription.createdAt.toISOString(),
    }));
  }

  async function one(userId: string, id: string): Promise<Subscription> {
    const [found] = await list(userId, id);
    if (!found) throw notFound();
    return found;
  }

  /** Cancel at period end, or resume before it: the provider first, then our row. */
  async function setCancelling(userId: string, id: string, cancel: boolean): Promise<Subscription> {
    await db.transaction(async (tx) => {
      const row = await lockOwn(tx, userId, id);
      const status = effectiveStatus(row);
      if (cancel && status !== 'active' && status !== 'past_due') {
        throw new AppError('SUBSCRIPTION_NOT_ACTIVE', 409, `This subscription is already ${status}.`);
      }
      if (!cancel && status !== 'cancelling') {
        throw new AppError(
          'SUBSCRIPTION_NOT_CANCELLING',
          409,
          status === 'cancelled'
            ? 'This subscription has ended: buy a new one.'
            : 'This subscription is not set to end: there is nothing to resume.',
        );
      }
      if (row.providerSubscriptionId && row.provider !== 'manual') {
        try {
          await provider.setCancelAtPeriodEnd(row.providerSubscriptionId, cancel);
        } catch (error) {
          throw new AppError('UPSTREAM_FAILED', 502, 'The payment provider did not take the change. Try again.', {
            cause: error,
          });
        }
      }
      await tx
        .update(schema.subscriptions)
        .set({
          status: cancel ? 'cancelling' : 'active',
          cancelledAt: cancel ? new Date() : null,
          updatedAt: new Date(),
        })
        .where(eq(schema.subscriptions.id, id));
    });
    return one(userId, id);
  }

  return {
    list: (userId: string) => list(userId),
    cancel: (userId: string, id: string) => setCancelling(userId, id, true),
    resume: (userId: string, id: string) => setCancelling(userId, id, false),

    /**
     * Puts exactly these accounts in the seats: added ones get access until the period end at once, removed ones
     * lose it at once (their live rovers are cut by the caster within a second).
     */
    async assignSeats(userId: string, id: string, accountIds: string[]): Promise<Subscription> {
      await db.transaction(async (tx) => {
        const row = await lockOwn(tx, userId, id);
        if (accountIds.length > row.seats) {
          throw new AppError(
            'TOO_MANY_ACCOUNTS',
            409,
            `This subscription has ${row.seats} seat${row.seats === 1 ? '' : 's'}.`,
          );
        }
        if (accountIds.length > 0) {
          const accounts = await tx
            .select({ id: schema.ntripAccounts.id, ownerUserId: schema.ntripAccounts.ownerUserId })
            .from(schema.ntripAccounts)
            .where(inArray(schema.ntripAccounts.id, accountIds));
          if (accounts.length !== accountIds.length || accounts.some((a) => a.ownerUserId !== userId)) {
            throw new AppError('ACCOUNT_NOT_FOUND', 404, 'No such NTRIP account.');
          }
        }
        const seats = schema.subscriptionSeats;
        const current = (
          await tx.select({ accountId: seats.accountId }).from(seats).where(eq(seats.subscriptionId, id))
        ).map((seat) => seat.accountId);
        const added = accountIds.filter((accountId) => !current.includes(accountId));
        const removed = current.filter((accountId) => !accountIds.includes(accountId));
        if (removed.length) {
          await tx.delete(seats).where(and(eq(seats.subscriptionId, id), inArray(seats.accountId, removed)));
          await closeSeatWindows(tx, id, removed);
        }
        if (added.length) {
          await tx.insert(seats).values(added.map((accountId) => ({ subscriptionId: id, accountId })));
          if (effectiveStatus(row) !== 'cancelled') await openSeatWindows(tx, row, added);
        }
      });
      return one(userId, id);
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
