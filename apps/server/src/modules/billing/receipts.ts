import { type Database, schema } from '@fixpoint/db';
import { formatMoney } from '@fixpoint/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../mail/mailer';
import { renderInvoicePdf } from './invoice-pdf';

/**
 * Receipt e-mails (issue 13): one per paid invoice, to the buyer's billing e-mail or the account's, with our PDF
 * attached (Stripe's invoices link to Stripe's). An invoice is claimed before its mail goes and released if sending
 * fails, so each receipt goes once and a failure is retried by the next run.
 */
export function createReceipts({
  db,
  mailer,
  logger,
  brandName,
}: {
  db: Database;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  brandName: string;
}) {
  const i = schema.invoices;
  return {
    async sendPending(): Promise<number> {
      const pending = await db
        .select({ invoice: i, email: schema.users.email })
        .from(i)
        .innerJoin(schema.users, eq(schema.users.id, i.ownerUserId))
        .where(and(isNull(i.receiptSentAt), eq(i.status, 'paid')))
        .limit(50);
      let sent = 0;
      for (const { invoice, email } of pending) {
        const [claimed] = await db
          .update(i)
          .set({ receiptSentAt: new Date() })
          .where(and(eq(i.id, invoice.id), isNull(i.receiptSentAt)))
          .returning({ id: i.id });
        if (!claimed) continue;
        const to = invoice.buyer.email || email;
        const total = formatMoney(invoice.total, invoice.currency);
        try {
          await mailer.send({
            to,
            subject: `${brandName} receipt ${invoice.number}`,
            text: [
              `Thank you for your payment of ${total}.`,
              '',
              `Invoice ${invoice.number}, ${invoice.issuedAt.toISOString().slice(0, 10)}`,
              ...invoice.lines.map((line) => `${line.description}: ${formatMoney(line.amount, invoice.currency)}`),
              invoice.taxLabel ? `${invoice.taxLabel}: ${formatMoney(invoice.taxAmount, invoice.currency)}` : '',
              `Total: ${total}`,
              '',
              invoice.pdfUrl ? `Your invoice: ${invoice.pdfUrl}` : 'Your invoice is attached as PDF.',
            ].join('\n'),
            ...(invoice.pdfUrl
              ? {}
              : {
                  attachments: [
                    {
                      filename: `${invoice.number}.pdf`,
                      content: await renderInvoicePdf(invoice),
                      contentType: 'application/pdf',
                    },
                  ],
                }),
          });
          sent += 1;
        } catch (error) {
          logger.error({ err: error, invoice: invoice.number }, 'receipt e-mail failed; retried on the next run');
          await db.update(i).set({ receiptSentAt: null }).where(eq(i.id, invoice.id));
        }
      }
      return sent;
    },
  };
}

export type Receipts = ReturnType<typeof createReceipts>;
