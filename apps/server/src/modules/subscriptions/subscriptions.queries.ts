import { type Database, schema } from '@fixpoint/db';
import type { AdminSubscription, SubscriptionStatus } from '@fixpoint/shared';
import { desc, eq, inArray, type SQL } from 'drizzle-orm';
import { effectiveStatus, endedAtOf } from './lifecycle';

const s = schema.subscriptions;

/**
 * Subscriptions with their plan, network, owner and the NTRIP accounts in their seats, newest first (at most 1,000);
 * `status` filters by the status the owner sees.
 */
export async function listSubscriptions(
  db: Database,
  where: SQL | undefined,
  status?: SubscriptionStatus,
): Promise<AdminSubscription[]> {
  const rows = await db
    .select({
      subscription: s,
      product: schema.products,
      networkName: schema.networks.name,
      owner: { userId: schema.users.id, email: schema.users.email, name: schema.users.name },
      organization: { id: schema.organizations.id, name: schema.organizations.name },
    })
    .from(s)
    .innerJoin(schema.products, eq(schema.products.id, s.productId))
    .leftJoin(schema.networks, eq(schema.networks.id, s.networkId))
    .leftJoin(schema.users, eq(schema.users.id, s.ownerUserId))
    .leftJoin(schema.organizations, eq(schema.organizations.id, s.ownerOrgId))
    .where(where)
    .orderBy(desc(s.createdAt))
    .limit(1000);
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
  const all = rows.map(({ subscription, product, networkName, owner, organization }) => ({
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
    graceEndsAt: subscription.graceEndsAt?.toISOString() ?? null,
    endedAt: endedAtOf(subscription)?.toISOString() ?? null,
    seats: subscription.seats,
    accounts: seats
      .filter((seat) => seat.subscriptionId === subscription.id)
      .map(({ id, name, username }) => ({ id, name, username })),
    createdAt: subscription.createdAt.toISOString(),
    owner: owner ?? { userId: null, email: null, name: null },
    organization: organization ?? null,
  }));
  return status ? all.filter((row) => row.status === status) : all;
}
