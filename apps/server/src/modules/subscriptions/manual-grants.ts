import { type Database, schema, type Transaction } from '@fixpoint/db';
import { AppError, type GrantSubscription } from '@fixpoint/shared';
import { eq } from 'drizzle-orm';

const s = schema.subscriptions;

/**
 * An admin's manual (non-billable) subscription for a user: like a paid one for its period, without payments; it
 * never renews. Answers the new subscription's id.
 */
export async function grantManualSubscription(
  db: Database | Transaction,
  input: GrantSubscription & { startsAt: string; endsAt: string },
): Promise<string> {
  const [product] = await db.select().from(schema.products).where(eq(schema.products.id, input.productId));
  if (!product || product.isArchived) throw new AppError('PRODUCT_NOT_FOUND', 404, 'No such product on sale.');
  if (product.category !== 'non-billable-subscription') {
    throw new AppError('VALIDATION_FAILED', 400, 'Choose a manual (non-billable) subscription product.');
  }
  if (!product.networkId) throw new AppError('VALIDATION_FAILED', 400, "This product's network was deleted.");
  const [user] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.id, input.userId));
  if (!user) throw new AppError('USER_NOT_FOUND', 404, 'No such user.');
  const [created] = await db
    .insert(s)
    .values({
      ownerUserId: user.id,
      productId: product.id,
      networkId: product.networkId,
      seats: input.seats ?? product.seats,
      provider: 'manual',
      currentPeriodStart: new Date(input.startsAt),
      currentPeriodEnd: new Date(input.endsAt),
    })
    .returning({ id: s.id });
  return (created as { id: string }).id;
}
