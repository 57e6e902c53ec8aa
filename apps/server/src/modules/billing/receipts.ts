import { type Database, schema } from '@fixpoint/db';
import { formatMoney, type Language } from '@fixpoint/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatDate, recipientLanguage, textsIn } from '../../i18n/i18n';
import type { Mailer } from '../mail/mailer';
import { renderInvoicePdf } from './invoice-pdf';

/**
 * Receipt e-mails (issue 13): one per paid invoice, to the buyer's billing e-mail or the account's, with our PDF
 * attached (Stripe's invoices link to Stripe's), in the account's language (docs/decisions/0049). An invoice is
 * claimed before its mail goes and released if sending fails, so each receipt goes once and a failure is retried by
 * the next run.
 */
export function createReceipts({
  db,
  mailer,
  logger,
  brandName,
  staticLanguage,
}: {
  db: Database;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  brandName: string;
  staticLanguage?: Language | undefined;
}) {
  const i = schema.invoices;
  return {
    async sendPending(): Promise<number> {
      const pending = await db
        .select({ invoice: i, email: schema.users.email, language: schema.users.language })
        .from(i)
        .innerJoin(schema.users, eq(schema.users.id, i.ownerUserId))
        .where(and(isNull(i.receiptSentAt), eq(i.status, 'paid')))
        .limit(50);
      let sent = 0;
      for (const { invoice, email, language: stored } of pending) {
        const [claimed] = await db
          .update(i)
          .set({ receiptSentAt: new Date() })
          .where(and(eq(i.id, invoice.id), isNull(i.receiptSentAt)))
          .returning({ id: i.id });
        if (!claimed) continue;
        const to = invoice.buyer.email || email;
        const total = formatMoney(invoice.total, invoice.currency);
        const language = recipientLanguage({ staticLanguage, stored });
        const t = textsIn(language);
        const taxLabel = invoice.taxLabel === 'Reverse charge' ? t('invoice.reverseCharge') : invoice.taxLabel;
        try {
          await mailer.send({
            to,
            subject: t('mail.receipt.subject', { brand: brandName, number: invoice.number }),
            text: [
              t('mail.receipt.thanks', { total }),
              '',
              t('mail.receipt.invoice', { number: invoice.number, date: formatDate(invoice.issuedAt, language) }),
              ...invoice.lines.map((line) => `${line.description}: ${formatMoney(line.amount, invoice.currency)}`),
              taxLabel ? `${taxLabel}: ${formatMoney(invoice.taxAmount, invoice.currency)}` : '',
              t('mail.receipt.total', { total }),
              '',
              invoice.pdfUrl ? t('mail.receipt.link', { url: invoice.pdfUrl }) : t('mail.receipt.attached'),
            ].join('\n'),
            ...(invoice.pdfUrl
              ? {}
              : {
                  attachments: [
                    {
                      filename: `${invoice.number}.pdf`,
                      content: await renderInvoicePdf(invoice, language),
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
