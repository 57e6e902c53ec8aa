import { AppError, errorResponseSchema } from '@fixpoint/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FulfilmentService } from './fulfilment.service';
import { type StripeProvider, toPaymentEvent } from './stripe-provider';

/**
 * `POST /stripe/webhook`: Stripe's events, verified by signature over the raw body (so this scope reads JSON as
 * bytes), then handled once by the fulfilment service. A failure answers 500 so that Stripe delivers again.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{
  stripe: StripeProvider;
  fulfilmentService: FulfilmentService;
}> = async (app, { stripe, fulfilmentService }) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(
    '/stripe/webhook',
    {
      schema: {
        tags: ['checkout'],
        summary: "Stripe's webhook endpoint (signed with STRIPE_WEBHOOK_SECRET)",
        headers: z.object({ 'stripe-signature': z.string().min(1, 'The Stripe-Signature header is missing.') }),
        response: {
          200: z.object({ received: z.literal(true), result: z.enum(['processed', 'ignored', 'duplicate']) }),
          400: errorResponseSchema,
        },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('BAD_REQUEST', 400, 'Send the event as JSON.');
      let event: ReturnType<StripeProvider['verify']>;
      try {
        event = stripe.verify(request.body, request.headers['stripe-signature']);
      } catch {
        throw new AppError('BAD_SIGNATURE', 400, 'The webhook signature does not match this endpoint.');
      }
      const result = await fulfilmentService.handle(toPaymentEvent(event));
      return { received: true as const, result };
    },
  );
};
