import { type Database, isOrgOwner, type Owner, ownerValues, ownerWhere, schema } from '@fixpoint/db';
import { AppError, type CheckoutCreated, type CheckoutState, type CustomerSecret } from '@fixpoint/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthUser } from '../../plugins/auth';
import type { PaymentProvider } from './payment-provider';

export type CheckoutKind = 'product' | 'subscription';

const priceNotFound = () => new AppError('PRICE_NOT_FOUND', 404, 'No such price: it may have been withdrawn.');
const checkoutNotFound = () => new AppError('CHECKOUT_NOT_FOUND', 404, 'No such checkout session.');

/** Starting a checkout for a price, and reading where it stands (spec 7: checkout, getCustomerSecret). */
export function createCheckoutService({
  db,
  provider,
  logger,
}: {
  db: Database;
  provider: PaymentProvider;
  logger: FastifyBaseLogger;
}) {
  const customers = schema.paymentCustomers;

  async function storedCustomerId(owner: Owner): Promise<string | null> {
    const [row] = await db
      .select({ customerId: customers.customerId })
      .from(customers)
      .where(and(eq(customers.provider, provider.name), ownerWhere(customers, owner)));
    return row?.customerId ?? null;
  }

  async function rememberCustomer(owner: Owner, customerId: string | null) {
    if (!customerId) return;
    await db
      .insert(customers)
      .values({ ...ownerValues(owner), provider: provider.name, customerId })
      .onConflictDoNothing();
  }

  /** The provider's customer: the user, or the organisation (named so on invoices), reached at the buyer's e-mail. */
  async function customerOf(user: AuthUser, owner: Owner) {
    if (!isOrgOwner(owner)) {
      return { userId: user.id, email: user.email, name: user.name, customerId: await storedCustomerId(owner) };
    }
    const [org] = await db
      .select({ name: schema.organizations.name })
      .from(schema.organizations)
      .where(eq(schema.organizations.id, owner.orgId));
    return {
      userId: `org-${owner.orgId}`,
      email: user.email,
      name: org?.name ?? user.name,
      customerId: await storedCustomerId(owner),
    };
  }

  return {
    async start({
      user,
      owner = { userId: user.id },
      priceId,
      kind,
      origin,
    }: {
      user: AuthUser;
      /** Who gets what is bought: the user, or an organisation the user buys for. */
      owner?: Owner;
      priceId: string;
      kind: CheckoutKind;
      origin: string;
    }): Promise<CheckoutCreated> {
      const [row] = await db
        .select({ product: schema.products, network: schema.networks })
        .from(schema.products)
        .leftJoin(schema.networks, eq(schema.networks.id, schema.products.networkId))
        .where(eq(schema.products.id, priceId));
      if (!row || row.product.isArchived) throw priceNotFound();
      const { product, network } = row;
      const expected = kind === 'product' ? 'credits' : 'billable-subscription';
      if (product.category !== expected) {
        throw new AppError(
          'WRONG_PRICE_TYPE',
          400,
          kind === 'product'
            ? 'This price is a subscription: buy it through /checkout/subscription.'
            : product.category === 'credits'
              ? 'This price is a credit pack: buy it through /checkout/product.'
              : 'This subscription is granted by an administrator and cannot be bought.',
        );
      }
      if (kind === 'subscription' && (!network?.isPublished || network.visibility !== 'public')) {
        throw new AppError('NETWORK_NOT_AVAILABLE', 404, "This plan's network is not available.");
      }

      const [session] = await db
        .insert(schema.checkoutSessions)
        .values({
          ...ownerValues(owner),
          userId: user.id,
          productId: product.id,
          mode: kind === 'product' ? 'payment' : 'subscription',
          provider: provider.name,
          amount: product.amount,
          currency: product.currency,
          creditsAmount: product.creditsAmount,
        })
        .returning({ id: schema.checkoutSessions.id });
      const checkoutSessionId = (session as { id: string }).id;
      const returnPage = isOrgOwner(owner) ? `/org/${owner.orgId}/checkout` : '/checkout';
      const returnUrl = `${origin}${returnPage}?checkoutSessionId=${checkoutSessionId}`;
      try {
        const created = await provider.createCheckout({
          checkoutSessionId,
          mode: kind === 'product' ? 'payment' : 'subscription',
          product,
          customer: await customerOf(user, owner),
          returnUrl,
          origin,
        });
        await rememberCustomer(owner, created.customerId);
        await db
          .update(schema.checkoutSessions)
          .set({
            providerSessionId: created.providerSessionId,
            url: created.url,
            providerCustomerId: created.customerId,
            updatedAt: new Date(),
          })
          .where(eq(schema.checkoutSessions.id, checkoutSessionId));
        return { checkoutSessionId, url: created.url };
      } catch (error) {
        logger.error({ err: error, checkoutSessionId }, 'the payment provider could not start a checkout');
        await db
          .update(schema.checkoutSessions)
          .set({ status: 'expired', updatedAt: new Date() })
          .where(eq(schema.checkoutSessions.id, checkoutSessionId));
        throw new AppError('UPSTREAM_FAILED', 502, 'The payment provider could not start the checkout. Try again.');
      }
    },

    /** The buyer's view of one checkout; someone else's answers exactly like a missing one. */
    async state(owner: Owner, checkoutSessionId: string): Promise<CheckoutState> {
      const c = schema.checkoutSessions;
      const [row] = await db
        .select({ checkout: c, product: schema.products, networkName: schema.networks.name })
        .from(c)
        .innerJoin(schema.products, eq(schema.products.id, c.productId))
        .leftJoin(schema.networks, eq(schema.networks.id, schema.products.networkId))
        .where(and(eq(c.id, checkoutSessionId), ownerWhere(c, owner)));
      if (!row) throw checkoutNotFound();
      const { checkout, product } = row;
      const [subscription] = await db
        .select()
        .from(schema.subscriptions)
        .where(eq(schema.subscriptions.checkoutSessionId, checkout.id));
      return {
        checkoutSessionId: checkout.id,
        status: checkout.status,
        type: product.type,
        productName: product.name,
        amount: checkout.amount,
        currency: checkout.currency,
        interval: product.interval,
        creditsAmount: checkout.creditsAmount,
        networkName: row.networkName,
        testMode: product.testMode || provider.mode === 'test',
        createdAt: checkout.createdAt.toISOString(),
        fulfilledAt: checkout.fulfilledAt?.toISOString() ?? null,
        subscription: subscription
          ? {
              id: subscription.id,
              status: subscription.status,
              currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
            }
          : null,
      };
    },

    /** The provider's customer of this owner, once a checkout or the card form made one. */
    customerIdOf: (owner: Owner) => storedCustomerId(owner),

    async customerSecret(user: AuthUser, owner: Owner = { userId: user.id }): Promise<CustomerSecret> {
      const result = await provider.customerSecret(await customerOf(user, owner));
      await rememberCustomer(owner, result.customerId);
      return { provider: provider.name, clientSecret: result.clientSecret, publishableKey: provider.publishableKey };
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
