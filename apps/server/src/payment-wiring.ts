import { type Database, schema, type Transaction } from '@fixpoint/db';
import { getBrand } from '@fixpoint/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from './config/env';
import type { JobLock } from './lib/job-lock';
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
  exclusive,
  onInvoicePaid,
}: {
  env: Env;
  db: Database;
  creditsRepository: CreditsRepository;
  mailer: Mailer;
  brandName: string;
  logger: FastifyBaseLogger;
  /** The billing clock's rounds run in one process at a time (docs/decisions/0084). */
  exclusive: JobLock;
  /** Told of each paid invoice (ours or the provider's mirrored), inside the paying transaction (webhooks). */
  onInvoicePaid?: (tx: Transaction, invoice: typeof schema.invoices.$inferSelect) => Promise<void>;
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
    async issueInvoice(tx, payment) {
      const invoice = await issueInvoice(tx, payment);
      if (invoice && onInvoicePaid) await onInvoicePaid(tx, invoice);
      return invoice;
    },
    async mirrorInvoice(tx, invoice) {
      await mirrorStripeInvoice(tx, invoice);
      if (!onInvoicePaid) return;
      const i = schema.invoices;
      const [row] = await tx
        .select()
        .from(i)
        .where(eq(i.paymentKey, `stripe:${invoice.id}`));
      if (row) await onInvoicePaid(tx, row);
    },
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
     * Every minute (BILLING_CLOCK_SECONDS): the local provider's renewals (Stripe renews through invoice.paid),
     * receipts a failed mail left unsent, and reminders that are due. Answers its stop.
     */
    startClock(): () => void {
      const timer = setInterval(() => {
        exclusive('billing-clock', async () => {
          await localRenewals?.renewDue();
          await receipts.sendPending();
          await reminders.sendDue();
        }).catch((error) => logger.error({ err: error }, 'billing clock failed'));
      }, env.BILLING_CLOCK_SECONDS * 1000);
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
