import type { Database } from '@fixpoint/db';
import { getBrand } from '@fixpoint/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from './config/env';
import { createMailLinks } from './lib/mail-links';
import { issueInvoice, mirrorStripeInvoice } from './modules/billing/invoices';
import { createReceipts } from './modules/billing/receipts';
import { createReminders } from './modules/billing/reminders';
import type { CreditsRepository } from './modules/credits/credits.repository';
import type { Mailer } from './modules/mail/mailer';
import type { PaymentEffects } from './modules/payments/payment-effects';
import { createPayments } from './modules/payments/payments';
import { applyProviderState, markPastDue } from './modules/subscriptions/lifecycle';
import { createLocalRenewals } from './modules/subscriptions/local-renewals';
import { syncSeatWindows } from './modules/subscriptions/seat-windows';

/**
 * Payments wired to what a payment changes (docs/decisions/0068): billing and subscriptions import payments' provider
 * interface, so payments cannot import them back; their part of a payment is handed in here as its effects. Also
 * the receipts that follow a payment, the reminders, the local provider's renewals and the billing clock.
 */
export function wirePayments({
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
  const effects: PaymentEffects = {
    issueInvoice,
    mirrorInvoice: mirrorStripeInvoice,
    syncSeatWindows: (tx, subscription) => syncSeatWindows(tx, subscription),
    markPastDue: (tx, providerSubscriptionId, graceDays) => markPastDue(tx, providerSubscriptionId, graceDays),
    applyProviderState: (tx, state, graceDays) => applyProviderState(tx, state, graceDays),
  };
  const payments = createPayments({ env, db, creditsRepository, effects, onProcessed: receipts.sendPending, logger });
  const localRenewals = payments.stripe
    ? null
    : createLocalRenewals({ db, fulfilmentService: payments.fulfilmentService });
  return {
    ...payments,
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

export type Payments = ReturnType<typeof wirePayments>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment side: provider, fulfilment, renewals and receipts (tests drive its clocks). */
    payments: Payments;
  }
}
