import { type Database, schema } from '@fixpoint/db';
import { formatMoney, type Language } from '@fixpoint/shared';
import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatDate, recipientLanguage, textsIn } from '../../i18n/i18n';
import type { Mailer, MailMessage } from '../mail/mailer';
import { renderInvoicePdf } from './invoice-pdf';
import { billingRecipients } from './recipients';
import { sendOnce } from './send-once';

type InvoiceRow = typeof schema.invoices.$inferSelect;

/**
 * Receipt e-mails (issue 13): one per paid invoice, to the buyer's billing e-mail or the account's (an
 * organisation's owners and admins, docs/decisions/0073), with our PDF
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

  async function receiptMail(invoice: InvoiceRow, to: string, stored: string | null): Promise<MailMessage> {
    const total = formatMoney(invoice.total, invoice.currency);
    const language = recipientLanguage({ staticLanguage, stored });
    const t = textsIn(language);
    const taxLabel = invoice.taxLabel === 'Reverse charge' ? t('invoice.reverseCharge') : invoice.taxLabel;
    return {
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
    };
  }

  return {
    async sendPending(): Promise<number> {
      // A person's or an organisation's invoice; one whose owner was erased has nobody left to tell.
      const pending = await db
        .select()
        .from(i)
        .where(
          and(isNull(i.receiptSentAt), eq(i.status, 'paid'), or(isNotNull(i.ownerUserId), isNotNull(i.ownerOrgId))),
        )
        .limit(50);
      let sent = 0;
      for (const invoice of pending) {
        try {
          // The buyer's billing e-mail, else the person, else the organisation's owners and admins (decision 0073).
          // Each recipient once (`sent_notices`), whichever process or run gets there: the invoice is marked only
          // once every mail went, so a process that dies mid-way leaves the rest to the next run (decision 0084).
          for (const recipient of await billingRecipients(db, invoice, invoice.buyer.email)) {
            await sendOnce(db, mailer, `receipt:${invoice.id}:${recipient.key}`, () =>
              receiptMail(invoice, recipient.email, recipient.language),
            );
          }
          const [marked] = await db
            .update(i)
            .set({ receiptSentAt: new Date() })
            .where(and(eq(i.id, invoice.id), isNull(i.receiptSentAt)))
            .returning({ id: i.id });
          if (marked) sent += 1;
        } catch (error) {
          logger.error({ err: error, invoice: invoice.number }, 'receipt e-mail failed; retried on the next run');
        }
      }
      return sent;
    },
  };
}

export type Receipts = ReturnType<typeof createReceipts>;
