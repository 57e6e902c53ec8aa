import { AppError, errorResponseSchema } from '@fixpoint/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FulfilmentService } from './fulfilment.service';
import { type StripeProvider, subscriptionOfAction, toPaymentEvent } from './stripe-provider';

/**
 * `POST /stripe/webhook`: Stripe's events, verified by signature over the raw body (so this scope reads JSON as
 * bytes; one dated more than five minutes away from now is refused too), then handled once by the fulfilment
 * service. A failure answers 500 so that Stripe delivers again.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{
  stripe: StripeProvider;
  fulfilmentService: FulfilmentService;
}> = async (app, { stripe, fulfilmentService }) => {
  // The signature covers the exact bytes, so this scope keeps them in place of the app's JSON parser.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(
    '/stripe/webhook',
    {
      schema: {
        tags: ['checkout'],
        summary: "Stripe's webhook endpoint (signed with STRIPE_WEBHOOK_SECRET)",
        headers: z.object({ 'stripe-signature': z.string().min(1, 'The Stripe-Signature header is missing.') }),
        response: {
          200: z.object({
            received: z.literal(true),
            result: z.enum(['processed', 'ignored', 'duplicate', 'needs_review']),
          }),
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
      const input = toPaymentEvent(event);
      // Stripe's events come in any order (an update before the checkout that started the subscription): each one
      // carries the subscription as Stripe has it now, so the last one handled leaves Stripe's state, whatever the
      // order. Failing to read it answers 500 and Stripe delivers again (docs/decisions/0063).
      const subscriptionId = subscriptionOfAction(input.action);
      if (subscriptionId) input.subscriptionState = await stripe.subscriptionState(subscriptionId);
      const result = await fulfilmentService.handle(input);
      return { received: true as const, result };
    },
  );
};
