import { type Database, schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import { DEMO_NETWORK_CODE } from './demo';

const plan = (name: string, amount: number, interval: 'MONTHLY' | 'YEARLY', seats: number, attributes: string[]) => ({
  name,
  type: 'Subscription' as const,
  category: 'billable-subscription' as const,
  amount,
  currency: 'eur',
  interval,
  seats,
  attributes,
});

/**
 * Demo credit packs and subscription plans on the demo network, with one pricing table, so a new user can buy at
 * once, and a manual plan an admin can grant. Seeded only while there are no products at all: an admin's own catalogue is never touched.
 */
export async function seedDemoProducts(db: Database): Promise<void> {
  const [anyProduct] = await db.select({ id: schema.products.id }).from(schema.products).limit(1);
  if (anyProduct) return;
  const [network] = await db
    .select({ id: schema.networks.id, name: schema.networks.name })
    .from(schema.networks)
    .where(eq(schema.networks.code, DEMO_NETWORK_CODE));
  await db.transaction(async (tx) => {
    await tx.insert(schema.products).values(
      [
        { name: 'Starter pack', credits: 20, amount: 500, bestChoice: false },
        { name: 'Season pack', credits: 100, amount: 2000, bestChoice: true },
        { name: 'Fleet pack', credits: 500, amount: 8000, bestChoice: false },
      ].map((pack) => ({
        name: pack.name,
        type: 'Token' as const,
        category: 'credits' as const,
        amount: pack.amount,
        currency: 'eur',
        creditsAmount: pack.credits,
        bestChoice: pack.bestChoice,
        attributes: [`${pack.credits} days of RTK on the demo network`, 'Credits never expire'],
      })),
    );
    if (!network) return;
    const plans = await tx
      .insert(schema.products)
      .values(
        [
          plan('RTK Monthly', 2900, 'MONTHLY', 1, [
            'Real-time RTK on every demo station',
            'Nearest-base AUTO mountpoint',
            '1 NTRIP account',
          ]),
          {
            ...plan('RTK Yearly', 29000, 'YEARLY', 1, [
              'Two months free',
              'Real-time RTK on every demo station',
              '1 NTRIP account',
            ]),
            bestChoice: true,
          },
          plan('Fleet Monthly', 9900, 'MONTHLY', 5, [
            'Real-time RTK on every demo station',
            '5 NTRIP accounts',
            'Usage per rover',
          ]),
        ].map((row) => ({ ...row, networkId: network.id })),
      )
      .returning({ id: schema.products.id });
    // A manual (non-billable) plan, so an admin can grant a subscription on the demo at once.
    await tx.insert(schema.products).values({
      name: 'Partner access',
      type: 'Subscription',
      category: 'non-billable-subscription',
      amount: 0,
      currency: 'eur',
      seats: 3,
      networkId: network.id,
      attributes: ['Granted by an admin', '3 NTRIP accounts'],
    });
    const [table] = await tx
      .insert(schema.pricingTables)
      .values({
        name: network.name,
        description: 'Unlimited RTK corrections on the demo network.',
        networkId: network.id,
      })
      .returning({ id: schema.pricingTables.id });
    await tx
      .insert(schema.pricingTableProducts)
      .values(plans.map((row, position) => ({ tableId: (table as { id: string }).id, productId: row.id, position })));
  });
}
