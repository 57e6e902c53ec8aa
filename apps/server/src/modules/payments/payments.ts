import type { Database } from '@fixpoint/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env';
import type { CreditsRepository } from '../credits/credits.repository';
import { createFulfilmentService } from './fulfilment.service';
import { createLocalProvider } from './local-provider';
import type { PaymentEffects } from './payment-effects';
import { createStripeProvider } from './stripe-provider';

/**
 * The payment side of the app (docs/decisions/0036): Stripe when both keys are set, else the local test provider;
 * one fulfilment service for both. What a payment means to billing and subscriptions comes in as `effects`, and
 * what follows it (receipts) as `onProcessed`, both from the app's wiring (payment-wiring.ts, decision 0068).
 */
export function createPayments({
  env,
  db,
  creditsRepository,
  effects,
  onProcessed,
  logger,
}: {
  env: Env;
  db: Database;
  creditsRepository: CreditsRepository;
  effects: PaymentEffects;
  onProcessed?: () => Promise<unknown>;
  logger: FastifyBaseLogger;
}) {
  const stripe =
    env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? createStripeProvider({
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY,
          apiUrl: env.STRIPE_API_URL,
        })
      : null;
  logger.info(
    stripe
      ? `Payments: Stripe (${stripe.mode} mode)`
      : 'Payments: the local test provider (purchases are free); set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take payments with Stripe',
  );
  const fulfilmentService = createFulfilmentService({
    db,
    creditsRepository,
    effects,
    logger,
    graceDays: env.SUBSCRIPTION_GRACE_DAYS,
    ...(onProcessed && { onProcessed }),
  });
  return { stripe, provider: stripe ?? createLocalProvider(), fulfilmentService };
}
