import { type Database, type Owner, ownerWhere, schema, type Transaction } from '@fixpoint/db';
import {
  type AdminSubscription,
  AppError,
  type GrantSubscription,
  type Subscription,
  type SubscriptionStatus,
} from '@fixpoint/shared';
import { and, eq, ilike, inArray, or } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/audit';
import type { PaymentProvider } from '../payments/payment-provider';
import { effectiveStatus, endSubscription } from './lifecycle';
import { grantManualSubscription } from './manual-grants';
import { closeSeatWindows, openSeatWindows, syncSeatWindows } from './seat-windows';
import { listSubscriptions } from './subscriptions.queries';

const notFound = () => new AppError('SUBSCRIPTION_NOT_FOUND', 404, 'No such subscription.');
const s = schema.subscriptions;

/** Whose subscriptions a call may touch: one owner's (a user's or an organisation's), or every one (an admin's). */
type Scope = Owner | 'admin';
const inScope = (scope: Scope) => (scope === 'admin' ? undefined : ownerWhere(s, scope));

/**
 * Subscriptions (spec 7: `GET /subscriptions`, cancel, resume; the admin's list, cancel, resume, delete and manual
 * grants) and the NTRIP accounts in their seats. A seat gives its account access to the subscription's network
 * until the period ends (seat-windows.ts); lifecycle.ts moves them with the provider's events.
 */
export function createSubscriptionsService({ db, provider }: { db: Database; provider: PaymentProvider }) {
  /** A subscription in scope, locked for the change; someone else's answers exactly like a missing one. */
  async function lock(tx: Transaction, scope: Scope, id: string) {
    const [row] = await tx
      .select()
      .from(s)
      .where(and(eq(s.id, id), inScope(scope)))
      .for('update');
    if (!row) throw notFound();
    return row;
  }

  const ownerView = ({ owner: _owner, organization: _org, ...subscription }: AdminSubscription): Subscription =>
    subscription;

  async function one(scope: Scope, id: string): Promise<AdminSubscription> {
    const [found] = await listSubscriptions(db, and(eq(s.id, id), inScope(scope)));
    if (!found) throw notFound();
    return found;
  }

  /** A subscription as its audit-log entries record it, and the label they name it by (its plan). */
  async function auditView(tx: Transaction, row: typeof s.$inferSelect) {
    const [product] = await tx
      .select({ name: schema.products.name })
      .from(schema.products)
      .where(eq(schema.products.id, row.productId));
    const { id, ownerUserId, ownerOrgId, productId, networkId, seats, provider, status } = row;
    return {
      label: product?.name ?? '',
      record: {
        id,
        ownerUserId,
        ownerOrgId,
        productId,
        networkId,
        seats,
        provider,
        status,
        currentPeriodStart: row.currentPeriodStart,
        currentPeriodEnd: row.currentPeriodEnd,
        cancelledAt: row.cancelledAt,
      },
    };
  }

  /** Cancel at period end, or resume before it: the provider first, then our row, with its audit-log entry. */
  async function setCancelling(scope: Scope, id: string, cancel: boolean, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const row = await lock(tx, scope, id);
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
      const [changed] = await tx
        .update(s)
        .set({
          status: cancel ? 'cancelling' : 'active',
          cancelledAt: cancel ? new Date() : null,
          updatedAt: new Date(),
        })
        .where(eq(s.id, id))
        .returning();
      // Cancelling ends the seats' access at the period end exactly; resuming gives the renewal margin back.
      if (changed) {
        await syncSeatWindows(tx, changed);
        const before = await auditView(tx, row);
        await recordAudit(tx, {
          actor,
          kind: cancel ? 'subscription.cancel' : 'subscription.resume',
          target: { kind: 'subscription', id, label: before.label },
          before: before.record,
          after: (await auditView(tx, changed)).record,
        });
      }
    });
    return one(scope, id);
  }

  /**
   * Puts exactly these accounts in the seats: added ones get access until the period end at once, removed ones
   * lose it at once (their live rovers are cut by the caster within a second).
   */
  async function assignSeats(owner: Owner, id: string, accountIds: string[]): Promise<Subscription> {
    await db.transaction(async (tx) => {
      const row = await lock(tx, owner, id);
      if (accountIds.length > row.seats) {
        throw new AppError(
          'TOO_MANY_ACCOUNTS',
          409,
          `This subscription has ${row.seats} seat${row.seats === 1 ? '' : 's'}.`,
        );
      }
      if (accountIds.length > 0) {
        const accounts = await tx
          .select({ id: schema.ntripAccounts.id })
          .from(schema.ntripAccounts)
          .where(and(inArray(schema.ntripAccounts.id, accountIds), ownerWhere(schema.ntripAccounts, owner)));
        if (accounts.length !== accountIds.length) {
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
    return ownerView(await one(owner, id));
  }

  /**
   * Puts one more account in a free seat (provisioning, docs/decisions/0077): the subscription is locked, so two
   * calls at once never fill one seat twice; 409 NO_FREE_SEAT when every seat is taken.
   */
  async function addSeat(owner: Owner, id: string, accountId: string) {
    await db.transaction(async (tx) => {
      const row = await lock(tx, owner, id);
      if (effectiveStatus(row) === 'cancelled') {
        throw new AppError('SUBSCRIPTION_ENDED', 409, 'This subscription has ended.');
      }
      const seats = schema.subscriptionSeats;
      const taken = await tx.select({ accountId: seats.accountId }).from(seats).where(eq(seats.subscriptionId, id));
      if (taken.some((seat) => seat.accountId === accountId)) return;
      if (taken.length >= row.seats) {
        throw new AppError('NO_FREE_SEAT', 409, `All ${row.seats} seats of this subscription are taken.`);
      }
      const [account] = await tx
        .select({ id: schema.ntripAccounts.id })
        .from(schema.ntripAccounts)
        .where(and(eq(schema.ntripAccounts.id, accountId), ownerWhere(schema.ntripAccounts, owner)));
      if (!account) throw new AppError('ACCOUNT_NOT_FOUND', 404, 'No such NTRIP account.');
      await tx.insert(seats).values({ subscriptionId: id, accountId });
      await openSeatWindows(tx, row, [accountId]);
    });
  }

  /**
   * Ends a subscription now: a billable one is cancelled at the provider first (if the provider refuses, nothing
   * changes), then its seats lose access at once. An admin's delete also removes the row; an owner's keeps it.
   */
  async function endNow(scope: Scope, id: string, { deleteRow }: { deleteRow: boolean }, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const row = await lock(tx, scope, id);
      const before = await auditView(tx, row);
      if (row.providerSubscriptionId && row.provider !== 'manual' && effectiveStatus(row) !== 'cancelled') {
        try {
          await provider.cancelNow(row.providerSubscriptionId);
        } catch (error) {
          throw new AppError('UPSTREAM_FAILED', 502, 'The payment provider did not cancel it. Try again.', {
            cause: error,
          });
        }
      }
      await endSubscription(tx, row);
      if (deleteRow) await tx.delete(s).where(eq(s.id, id));
      const [after] = deleteRow ? [] : await tx.select().from(s).where(eq(s.id, id));
      await recordAudit(tx, {
        actor,
        kind: deleteRow ? 'subscription.delete' : 'subscription.end',
        target: { kind: 'subscription', id, label: before.label },
        before: before.record,
        after: after ? (await auditView(tx, after)).record : null,
      });
    });
  }

  return {
    list: async (owner: Owner) => (await listSubscriptions(db, inScope(owner))).map(ownerView),
    cancel: async (owner: Owner, id: string, actor: AuditActor) =>
      ownerView(await setCancelling(owner, id, true, actor)),
    resume: async (owner: Owner, id: string, actor: AuditActor) =>
      ownerView(await setCancelling(owner, id, false, actor)),
    assignSeats,
    addSeat,
    /** `DELETE /org/{orgId}/subscriptions` (spec 7): the organisation ends one now. */
    endNow: async (owner: Owner, id: string, actor: AuditActor) => {
      await endNow(owner, id, { deleteRow: false }, actor);
      return ownerView(await one(owner, id));
    },

    admin: {
      list({ search, status }: { search?: string; status?: SubscriptionStatus }) {
        const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
        return listSubscriptions(
          db,
          pattern
            ? or(
                ilike(schema.users.email, pattern),
                ilike(schema.users.name, pattern),
                ilike(schema.organizations.name, pattern),
                ilike(schema.products.name, pattern),
                ilike(schema.networks.name, pattern),
              )
            : undefined,
          status,
        );
      },
      cancel: (id: string, actor: AuditActor) => setCancelling('admin', id, true, actor),
      resume: (id: string, actor: AuditActor) => setCancelling('admin', id, false, actor),

      /** Deletes a subscription (ended first, see endNow). */
      remove: (id: string, actor: AuditActor) => endNow('admin', id, { deleteRow: true }, actor),

      /** A manual (non-billable) subscription for a user (manual-grants.ts), with its audit-log entry. */
      grant: async (input: GrantSubscription & { startsAt: string; endsAt: string }, actor: AuditActor) => {
        const id = await db.transaction(async (tx) => {
          const created = await grantManualSubscription(tx, input);
          const [row] = await tx.select().from(s).where(eq(s.id, created));
          const after = row ? await auditView(tx, row) : { label: '', record: null };
          await recordAudit(tx, {
            actor,
            kind: 'subscription.grant',
            target: { kind: 'subscription', id: created, label: after.label },
            after: after.record,
          });
          return created;
        });
        return one('admin', id);
      },
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
