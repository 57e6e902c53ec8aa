import { type Database, ownerOfRow, type SecretBox, type schema, type Transaction } from '@fixpoint/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from './config/env';
import type { AccountEventHook } from './modules/accounts/account-events';
import type { Resolve } from './modules/webhooks/address-guard';
import type { EndpointDisabledHook } from './modules/webhooks/delivery-worker';
import { emitWebhookEvent } from './modules/webhooks/outbox';
import { createWebhooks } from './modules/webhooks/webhooks';

type InvoiceRow = typeof schema.invoices.$inferSelect;

/**
 * Outgoing webhooks wired to what they report (decision 0078): accounts declares its account events and billing's
 * invoices reach payments' effects; neither imports webhooks, this file hands webhooks' outbox in (decision 0068).
 * Sessions are read from the caster's rows by the webhooks' own session feed; alerts' events come through
 * event-wiring.ts.
 */
export function wireWebhooks({
  env,
  db,
  secretBox,
  logger,
  resolve,
  onEndpointDisabled,
}: {
  env: Env;
  db: Database;
  secretBox: SecretBox;
  logger: FastifyBaseLogger;
  resolve?: Resolve;
  /** Tells an endpoint's owner it was disabled (alerts, handed in by app.ts from event-wiring.ts). */
  onEndpointDisabled?: EndpointDisabledHook;
}) {
  const webhooks = createWebhooks({
    db,
    secretBox,
    logger,
    allowPrivate: env.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    ...(resolve && { resolve }),
    ...(onEndpointDisabled && { onEndpointDisabled }),
  });

  /** account.created, account.updated, account.deleted, in the account change's transaction. */
  const onAccountEvent: AccountEventHook = async (tx, event) => {
    await emitWebhookEvent(tx, { owner: event.owner, type: event.type, data: { account: event.account } });
  };

  /** invoice.paid, in the paying transaction; once per invoice however often the payment is reported. */
  async function onInvoicePaid(tx: Transaction, invoice: InvoiceRow) {
    if (!invoice.ownerUserId && !invoice.ownerOrgId) return;
    await emitWebhookEvent(tx, {
      owner: ownerOfRow(invoice),
      type: 'invoice.paid',
      dedupeKey: `invoice.paid:${invoice.id}`,
      data: {
        invoice: {
          id: invoice.id,
          number: invoice.number,
          currency: invoice.currency,
          subtotal: invoice.subtotal,
          taxAmount: invoice.taxAmount,
          total: invoice.total,
          subscriptionId: invoice.subscriptionId,
          issuedAt: invoice.issuedAt.toISOString(),
        },
      },
    });
  }

  return { webhooks, onAccountEvent, onInvoicePaid };
}
