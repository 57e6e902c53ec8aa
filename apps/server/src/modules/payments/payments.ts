import type { Database } from '@fixpoint/db';
import { getBrand } from '@fixpoint/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env';
import { createMailLinks } from '../../lib/mail-links';
import { createReceipts } from '../billing/receipts';
import { createReminders } from '../billing/reminders';
import type { CreditsRepository } from '../credits/credits.repository';
import type { Mailer } from '../mail/mailer';
import { createLocalRenewals } from '../subscriptions/local-renewals';
import { createFulfilmentService } from './fulfilment.service';
import { createLocalProvider } from './local-provider';
import { createStripeProvider } from './stripe-provider';

/**
 * The payment side of the app (docs/decisions/0036): Stripe when both keys are set, else the local test provider
 * with its billing clock; one fulfilment service for both, and the receipts that follow a payment.
 */
export function createPayments({
  env,
  db,
  creditsRepository,
  mailer,
  brandName,
  logger,
}: {
  env: Env;
  db: Database;
  creditsRepository: CreditsRepository;
  mailer: Mailer;
  brandName: string;
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
  const { staticLanguage } = getBrand(env.BRAND);
  const receipts = createReceipts({ db, mailer, logger, brandName, staticLanguage });
  const reminders = createReminders({
    db,
    mailer,
    logger,
    brandName,
    staticLanguage,
    links: createMailLinks({ publicUrl: env.PUBLIC_URL, port: env.PORT }),
  });
  const fulfilmentService = createFulfilmentService({
    db,
    creditsRepository,
    logger,
    graceDays: env.SUBSCRIPTION_GRACE_DAYS,
    onProcessed: receipts.sendPending,
  });
  const localRenewals = stripe ? null : createLocalRenewals({ db, fulfilmentService });
  return {
    stripe,
    provider: stripe ?? createLocalProvider(),
    fulfilmentService,
    localRenewals,
    receipts,
    reminders,
    /**
     * Every minute: the local provider's renewals (Stripe renews through invoice.paid), receipts a failed mail left
     * unsent, and reminders that are due. Answers its stop.
     */
    startClock(): () => void {
      const timer = setInterval(() => {
        (async () => {
          await localRenewals?.renewDue();
          await receipts.sendPending();
          await reminders.sendDue();
        })().catch((error) => logger.error({ err: error }, 'billing clock failed'));
      }, 60_000);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

export type Payments = ReturnType<typeof createPayments>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment side: provider, fulfilment, renewals and receipts (tests drive its clocks). */
    payments: Payments;
  }
}
