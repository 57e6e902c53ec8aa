import { type Database, schema } from '@fixpoint/db';
import {
  AppError,
  checkoutCreatedSchema,
  checkoutQuerySchema,
  checkoutSessionQuerySchema,
  checkoutStateSchema,
  customerSecretSchema,
  errorResponseSchema,
  type Language,
  paymentSettingsSchema,
  stripeWebhookEvents,
} from '@fixpoint/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readerLanguage } from '../../i18n/reader-language';
import { type AuthUser, requireAdmin, requireUser } from '../../plugins/auth';
import { ownerOf } from '../../plugins/owner-scope';
import { standalonePageContentSecurityPolicy } from '../../plugins/security-headers';
import type { CheckoutKind, CheckoutService } from './checkout.service';
import type { FulfilmentService } from './fulfilment.service';
import { renderLocalCheckoutPage } from './local-checkout.page';
import { localCheckoutPath } from './local-provider';
import type { PaymentProvider } from './payment-provider';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const secured = { security: [{ bearerAuth: [] }] };
const idParams = z.object({ id: z.uuid() });
const localActionBody = z.object({ action: z.enum(['pay', 'decline', 'cancel']) });

/** The portal's address: PUBLIC_URL when set, else the address this request came to. */
export const originOf = (request: FastifyRequest, publicUrl: string | undefined) =>
  publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;

interface PaymentRoutesOptions {
  db: Database;
  checkoutService: CheckoutService;
  fulfilmentService: FulfilmentService;
  provider: PaymentProvider;
  publicUrl: string | undefined;
  brand: { name: string; primaryColor: string; staticLanguage?: Language | undefined };
}

const user = (request: FastifyRequest) => request.user as AuthUser;

/** Where the buyer comes back to: the personal /checkout page, or the organisation's. */
const returnPath = (checkout: { id: string; ownerOrgId: string | null }) =>
  `${checkout.ownerOrgId ? `/org/${checkout.ownerOrgId}` : ''}/checkout?checkoutSessionId=${checkout.id}`;

/** Checkout and the card form's secret (spec 7) for the owner: the user at /api, an organisation at /api/org/{orgId}. */
export const checkoutRoutes: FastifyPluginAsyncZod<
  Pick<PaymentRoutesOptions, 'checkoutService' | 'publicUrl'>
> = async (app, { checkoutService, publicUrl }) => {
  for (const kind of ['product', 'subscription'] as CheckoutKind[]) {
    app.post(
      `/checkout/${kind}`,
      {
        onRequest: requireUser,
        schema: {
          ...secured,
          tags: ['checkout'],
          summary:
            kind === 'product'
              ? 'Start buying a credit pack: answers the checkout page address'
              : 'Start a subscription: answers the checkout page address',
          querystring: checkoutQuerySchema,
          response: { 200: checkoutCreatedSchema, ...errors, 502: errorResponseSchema },
        },
      },
      (request) =>
        checkoutService.start({
          user: user(request),
          owner: ownerOf(request),
          priceId: request.query.priceId,
          kind,
          origin: originOf(request, publicUrl),
        }),
    );
  }

  app.get(
    '/checkout',
    {
      onRequest: requireUser,
      schema: {
        ...secured,
        tags: ['checkout'],
        summary: "Where a checkout stands (the /checkout return page's state)",
        querystring: checkoutSessionQuerySchema,
        response: { 200: checkoutStateSchema, ...errors },
      },
    },
    (request) => checkoutService.state(ownerOf(request), request.query.checkoutSessionId),
  );

  // The card form of the owner's billing page: an organisation's card is its owners' and admins' (decision 0073).
  app.get(
    '/getCustomerSecret',
    {
      onRequest: requireUser,
      config: { orgRole: 'admin' },
      schema: {
        ...secured,
        tags: ['checkout'],
        summary: 'What the card form needs (Stripe: a SetupIntent client secret)',
        response: { 200: customerSecretSchema, ...errors, 502: errorResponseSchema },
      },
    },
    (request) => checkoutService.customerSecret(user(request), ownerOf(request)),
  );
};

/** The local provider's checkout page and the admin's payment settings. */
export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (
  app,
  { db, fulfilmentService, provider, publicUrl, brand },
) => {
  // ---- the local provider's checkout page ----
  if (provider.name === 'local') {
    const ownCheckout = async (request: FastifyRequest, id: string) => {
      const c = schema.checkoutSessions;
      const [row] = await db
        .select({ checkout: c, product: schema.products })
        .from(c)
        .innerJoin(schema.products, eq(schema.products.id, c.productId))
        .where(and(eq(c.id, id), eq(c.userId, user(request).id), eq(c.provider, 'local')));
      if (!row) throw new AppError('CHECKOUT_NOT_FOUND', 404, 'No such checkout session.');
      return row;
    };

    app.get(
      '/payments/local/:id',
      {
        onRequest: requireUser,
        schema: {
          ...secured,
          tags: ['checkout'],
          summary: "The local test provider's checkout page (HTML)",
          params: idParams,
        },
      },
      async (request, reply) => {
        const { checkout, product } = await ownCheckout(request, request.params.id);
        const language = await readerLanguage(db, request, brand.staticLanguage);
        const page = renderLocalCheckoutPage({
          brandName: brand.name,
          primaryColor: brand.primaryColor,
          email: user(request).email,
          productName: product.name,
          amount: checkout.amount,
          currency: checkout.currency,
          interval: product.interval,
          creditsAmount: checkout.creditsAmount,
          status: checkout.status,
          actionUrl: localCheckoutPath(checkout.id),
          returnUrl: returnPath(checkout),
          language,
        });
        return reply
          .header('Cache-Control', 'no-store')
          .header('Content-Security-Policy', standalonePageContentSecurityPolicy(page))
          .type('text/html; charset=utf-8')
          .send(page);
      },
    );

    await app.register(async (scope) => {
      const form = scope.withTypeProvider<ZodTypeProvider>();
      form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
      form.post(
        '/payments/local/:id',
        {
          onRequest: requireUser,
          schema: {
            ...secured,
            tags: ['checkout'],
            summary: 'Pay, decline or cancel on the local test provider; redirects to the /checkout page',
            params: idParams,
            body: localActionBody,
            response: { 303: z.null(), ...errors },
          },
        },
        async (request, reply) => {
          const { checkout } = await ownCheckout(request, request.params.id);
          const back = returnPath(checkout);
          // A decided checkout stays decided: a second tab or the back button cannot pay a declined one.
          if (checkout.status !== 'open') return reply.redirect(back, 303);
          const { action } = request.body;
          const ref = { checkoutSessionId: checkout.id };
          const eventId = `local_evt_${crypto.randomUUID()}`;
          await fulfilmentService.handle(
            action === 'pay'
              ? {
                  provider: 'local',
                  eventId,
                  type: 'checkout.session.completed',
                  action: {
                    kind: 'checkout-completed',
                    ...ref,
                    isPaid: true,
                    paymentIntentId: `local_pi_${checkout.id}`,
                    providerSubscriptionId: checkout.mode === 'subscription' ? `local_sub_${checkout.id}` : null,
                  },
                }
              : {
                  provider: 'local',
                  eventId,
                  type: action === 'decline' ? 'checkout.session.async_payment_failed' : 'checkout.session.expired',
                  action: { kind: 'checkout-failed', ...ref, status: action === 'decline' ? 'declined' : 'cancelled' },
                },
          );
          return reply.redirect(back, 303);
        },
      );
    });
  }

  // ---- admin ----
  app.get(
    '/admin/payments',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        tags: ['admin'],
        summary: 'The payment provider, its mode, the webhook address and the last deliveries (admin)',
        response: { 200: paymentSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const e = schema.paymentEvents;
      const [latest, held] = await Promise.all([
        db.select().from(e).orderBy(desc(e.lastDeliveryAt)).limit(50),
        db.select().from(e).where(eq(e.outcome, 'needs_review')).orderBy(desc(e.lastDeliveryAt)),
      ]);
      // A payment held for review stays listed until it is dealt with, however many deliveries came after it.
      const events = [...latest, ...held.filter((event) => !latest.some((row) => row.id === event.id))];
      const isStripe = provider.name === 'stripe';
      return {
        provider: provider.name,
        mode: provider.mode,
        webhookUrl: isStripe ? `${originOf(request, publicUrl)}/api/stripe/webhook` : null,
        webhookEvents: isStripe ? [...stripeWebhookEvents] : [],
        events: events.map((event) => ({
          eventId: event.eventId,
          type: event.type,
          outcome: event.outcome,
          detail: event.detail,
          deliveries: event.deliveries,
          receivedAt: event.receivedAt.toISOString(),
          lastDeliveryAt: event.lastDeliveryAt.toISOString(),
        })),
        needsReview: held.length,
      };
    },
  );
};
