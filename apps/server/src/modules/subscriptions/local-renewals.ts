import { type Database, schema } from '@fixpoint/db';
import { and, eq, lte } from 'drizzle-orm';
import type { FulfilmentService } from '../payments/fulfilment.service';
import { periodEnd } from '../payments/payment-effects';

/**
 * The local provider's billing clock: an active local subscription whose period has ended is renewed for the next
 * period, as Stripe's `invoice.paid` would, through the same fulfilment path. The event id names the subscription
 * and the period, so a renewal counts once however many processes or ticks see it. Cancelling subscriptions are not
 * renewed: their access ends with the period.
 */
export function createLocalRenewals({ db, fulfilmentService }: { db: Database; fulfilmentService: FulfilmentService }) {
  return {
    /** Renews every local subscription due at `now` (the clock tests drive); answers how many periods were added. */
    async renewDue(now = new Date()): Promise<number> {
      const s = schema.subscriptions;
      const due = await db
        .select({ subscription: s, interval: schema.products.interval })
        .from(s)
        .innerJoin(schema.products, eq(schema.products.id, s.productId))
        .where(and(eq(s.provider, 'local'), eq(s.status, 'active'), lte(s.currentPeriodEnd, now)));
      let renewed = 0;
      for (const { subscription, interval } of due) {
        if (!subscription.providerSubscriptionId) continue;
        // Catch up period by period (a server that was off for two months renews twice).
        for (let start = subscription.currentPeriodEnd; start <= now; ) {
          const end = periodEnd(start, interval);
          await fulfilmentService.handle({
            provider: 'local',
            eventId: `local_renewal_${subscription.id}_${start.toISOString()}`,
            type: 'invoice.paid',
            action: {
              kind: 'invoice-paid',
              providerSubscriptionId: subscription.providerSubscriptionId,
              periodStart: start,
              periodEnd: end,
            },
          });
          renewed += 1;
          start = end;
        }
      }
      return renewed;
    },
  };
}

export type LocalRenewals = ReturnType<typeof createLocalRenewals>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The local provider's billing clock (null with Stripe); tests drive it with their own `now`. */
    localRenewals: LocalRenewals | null;
  }
}
