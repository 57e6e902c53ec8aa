import type { schema } from '@fixpoint/db';
import { formatMoney, type Language } from '@fixpoint/shared';
import PDFDocument from 'pdfkit';
import { formatDate, type Texts, textsIn } from '../../i18n/i18n';

type InvoiceRow = typeof schema.invoices.$inferSelect;
type Party = InvoiceRow['buyer'];

const partyLines = (party: Party, t: Texts) =>
  [
    party.company,
    party.name,
    party.address,
    [party.postalCode, party.city].filter(Boolean).join(' '),
    party.country,
    party.vatId ? t('invoice.vatId', { vatId: party.vatId }) : null,
    party.email,
  ].filter((line): line is string => Boolean(line));

/**
 * Our invoice as an A4 PDF (pdfkit, its built-in Helvetica): seller and buyer, number and date, the lines, subtotal,
 * tax and total, and the operator's footer. Rendered from the invoice row, which never changes after issue; the
 * labels in the reader's language (docs/decisions/0049), the lines and the operator's texts as they were written.
 */
export function renderInvoicePdf(invoice: InvoiceRow, language: Language = 'en'): Promise<Buffer> {
  const t = textsIn(language);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: t('invoice.documentTitle', { number: invoice.number }), Author: invoice.seller.name || 'Fixpoint' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  const left = 56;
  const right = doc.page.width - 56;
  const width = right - left;

  doc.font('Helvetica-Bold').fontSize(20).text(t('invoice.title'), left, 56);
  doc.font('Helvetica').fontSize(10).fillColor('#444');
  doc.text(t('invoice.number', { number: invoice.number }), { align: 'left' });
  doc.text(t('invoice.date', { date: formatDate(invoice.issuedAt, language) }));
  const status = invoice.status === 'paid' || invoice.status === 'void' ? invoice.status : 'open';
  doc.text(t(`invoice.status.${status}`));

  const top = 150;
  doc.fillColor('#000').font('Helvetica-Bold').text(t('invoice.from'), left, top);
  doc
    .font('Helvetica')
    .text(partyLines(invoice.seller, t).join('\n') || ' ', left, top + 14, { width: width / 2 - 12 });
  doc.font('Helvetica-Bold').text(t('invoice.billTo'), left + width / 2, top);
  doc.font('Helvetica').text(partyLines(invoice.buyer, t).join('\n') || ' ', left + width / 2, top + 14, {
    width: width / 2,
  });

  let y = Math.max(doc.y, top + 110) + 24;
  doc.font('Helvetica-Bold');
  doc.text(t('invoice.description'), left, y);
  doc.text(t('invoice.quantity'), left + width * 0.6, y, { width: width * 0.1, align: 'right' });
  doc.text(t('invoice.amount'), left + width * 0.7, y, { width: width * 0.3, align: 'right' });
  y += 16;
  doc.moveTo(left, y).lineTo(right, y).strokeColor('#ccc').stroke();
  doc.font('Helvetica');
  for (const line of invoice.lines) {
    y += 8;
    doc.text(line.description, left, y, { width: width * 0.58 });
    const lineBottom = doc.y;
    doc.text(String(line.quantity), left + width * 0.6, y, { width: width * 0.1, align: 'right' });
    doc.text(money(line.amount), left + width * 0.7, y, { width: width * 0.3, align: 'right' });
    y = Math.max(lineBottom, doc.y);
  }
  y += 8;
  doc.moveTo(left, y).lineTo(right, y).stroke();

  const totals: [string, string][] = [[t('invoice.subtotal'), money(invoice.subtotal)]];
  if (invoice.taxLabel === 'Reverse charge') totals.push([t('invoice.reverseCharge'), money(0)]);
  else if (invoice.taxLabel) totals.push([invoice.taxLabel, money(invoice.taxAmount)]);
  totals.push([t('invoice.total'), money(invoice.total)]);
  for (const [index, [label, value]] of totals.entries()) {
    y += 10;
    doc.font(index === totals.length - 1 ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(label, left + width * 0.4, y, { width: width * 0.3, align: 'right' });
    doc.text(value, left + width * 0.7, y, { width: width * 0.3, align: 'right' });
    y = doc.y;
  }
  if (invoice.taxLabel === 'Reverse charge') {
    y += 18;
    doc.font('Helvetica').fontSize(9).text(t('invoice.reverseChargeNote'), left, y, { width });
  }
  if (invoice.footer) {
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#666')
      .text(invoice.footer, left, doc.page.height - 56 - 40, { width, align: 'center', height: 40 });
  }
  doc.end();
  return done;
}
