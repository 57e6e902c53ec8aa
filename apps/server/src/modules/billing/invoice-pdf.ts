import type { schema } from '@fixpoint/db';
import { formatMoney, type Language } from '@fixpoint/shared';
import PDFDocument from 'pdfkit';
import { formatDate, type Texts, textsIn } from '../../i18n/i18n';
import { brandLogo, drawLogo } from './invoice-logo';
import { formatRate } from './tax';

type InvoiceRow = typeof schema.invoices.$inferSelect;
type Party = InvoiceRow['buyer'];

const ink = '#1f2328';
const muted = '#656d76';
const rule = '#d0d7de';

/** "NL" → "Netherlands" in the reader's language; a code the runtime does not know stays as it is. */
function countryName(code: string | null | undefined, language: Language) {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

const partyLines = (party: Party, t: Texts, language: Language) =>
  [
    party.company,
    party.name !== party.company ? party.name : null,
    ...(party.address ?? '').split('\n'),
    [party.postalCode, party.city].filter(Boolean).join(' '),
    countryName(party.country, language),
    party.vatId ? t('invoice.vatId', { vatId: party.vatId }) : null,
    party.email,
  ].filter((line): line is string => Boolean(line?.trim()));

/** Our renewals and subscription lines end in "…, 2026-11-24 to 2026-12-24": the period the invoice is for. */
function servicePeriod(invoice: InvoiceRow) {
  const match = /(\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})$/.exec(invoice.lines[0]?.description ?? '');
  return match ? { start: new Date(`${match[1]}T00:00:00Z`), end: new Date(`${match[2]}T00:00:00Z`) } : null;
}

/**
 * Our invoice as an A4 PDF (pdfkit, its built-in Helvetica), laid out as EU invoices are (decision 0072): the brand's
 * logo and the seller with address and VAT ID at the top, the invoice's number, dates of issue and supply, status and
 * payment method beside the buyer, the lines with quantity, unit price, VAT rate and net amount, the VAT per rate,
 * the totals and what was paid, the operator's notes, and a footer with the seller's registration, VAT ID and bank
 * account. Rendered from the invoice row, which never changes after issue; labels in the reader's language (0049),
 * the lines and the operator's texts as they were written.
 */
export function renderInvoicePdf(invoice: InvoiceRow, language: Language = 'en'): Promise<Buffer> {
  const t = textsIn(language);
  const seller = invoice.seller;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    bufferPages: true,
    info: { Title: t('invoice.documentTitle', { number: invoice.number }), Author: seller.name || 'Fixpoint' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  const date = (value: Date) => formatDate(value, language);
  const left = 48;
  const right = doc.page.width - 48;
  const width = right - left;
  const bottom = doc.page.height - 48;
  const footerTop = bottom - 44;

  // Header: the brand's logo (or the seller's name) on the left, "Invoice" and its number on the right.
  const logo = brandLogo(seller.brand);
  if (logo) drawLogo(doc, logo, left, 48, 30);
  else
    doc
      .font('Helvetica-Bold')
      .fontSize(18)
      .fillColor(ink)
      .text(seller.name || ' ', left, 52, { width: width / 2 });
  doc
    .font('Helvetica-Bold')
    .fontSize(22)
    .fillColor(ink)
    .text(t('invoice.title'), left + width / 2, 46, { width: width / 2, align: 'right' });

  // The seller, under the logo.
  let y = 104;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(ink)
    .text(seller.name || ' ', left, y, { width: width / 2 });
  doc.font('Helvetica').fontSize(9).fillColor(muted);
  const sellerContact = [seller.phone, seller.website].filter(Boolean).join('  ·  ');
  doc.text([...partyLines({ ...seller, name: '' }, t, language), sellerContact].filter(Boolean).join('\n'), {
    width: width / 2,
  });
  const sellerBottom = doc.y;

  // The invoice's facts, right: number, dates, status, payment.
  const period = servicePeriod(invoice);
  const status = invoice.status === 'paid' || invoice.status === 'void' ? invoice.status : 'open';
  const facts: { label: string; value: string; isPaid?: boolean }[] = [
    { label: t('invoice.invoiceNumber'), value: invoice.number },
    { label: t('invoice.invoiceDate'), value: date(invoice.issuedAt) },
    period
      ? {
          label: t('invoice.servicePeriod'),
          value: t('invoice.periodRange', { start: date(period.start), end: date(period.end) }),
        }
      : { label: t('invoice.supplyDate'), value: date(invoice.issuedAt) },
    status === 'paid'
      ? { label: t('invoice.statusLabel'), value: t('invoice.paidOn', { date: date(invoice.issuedAt) }), isPaid: true }
      : { label: t('invoice.statusLabel'), value: t(`invoice.status.${status}`) },
  ];
  if (status === 'paid')
    facts.push({ label: t('invoice.paymentMethod'), value: t(`invoice.method.${invoice.provider}`) });
  const labelX = left + width * 0.44;
  doc.font('Helvetica').fontSize(9);
  const valueX = labelX + Math.max(...facts.map(({ label }) => doc.widthOfString(label))) + 12;
  let factY = y;
  for (const { label, value, isPaid } of facts) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(muted)
      .text(label, labelX, factY, { width: valueX - labelX });
    const labelBottom = doc.y;
    doc
      .font(isPaid ? 'Helvetica-Bold' : 'Helvetica')
      .fillColor(isPaid ? '#1a7f37' : ink)
      .text(value, valueX, factY, { width: right - valueX, align: 'right' });
    factY = Math.max(labelBottom, doc.y) + 3;
  }

  // The buyer.
  y = Math.max(sellerBottom, factY) + 22;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(muted).text(t('invoice.billTo').toUpperCase(), left, y);
  const buyerLines = partyLines(invoice.buyer, t, language);
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(ink)
    .text(buyerLines[0] ?? ' ', left, doc.y + 3, { width: width / 2 });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(ink)
    .text(buyerLines.slice(1).join('\n') || ' ', { width: width / 2 });

  // The lines: description, quantity, unit price, VAT rate and amount before VAT.
  const isReverseCharge = invoice.taxLabel === 'Reverse charge';
  const rate = formatRate(invoice.taxRateBp);
  const columns = [
    { label: t('invoice.description'), x: left, w: width * 0.42, align: 'left' as const },
    { label: t('invoice.quantity'), x: left + width * 0.44, w: width * 0.08, align: 'right' as const },
    { label: t('invoice.unitPrice'), x: left + width * 0.52, w: width * 0.16, align: 'right' as const },
    { label: t('invoice.vatRate'), x: left + width * 0.68, w: width * 0.1, align: 'right' as const },
    { label: t('invoice.net'), x: left + width * 0.78, w: width * 0.22, align: 'right' as const },
  ];
  y = doc.y + 28;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(muted);
  for (const column of columns) doc.text(column.label, column.x, y, { width: column.w, align: column.align });
  y = doc.y + 5;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.8).strokeColor(rule).stroke();
  doc.fontSize(10).fillColor(ink);
  for (const line of invoice.lines) {
    y += 8;
    const cells = [
      line.description,
      String(line.quantity),
      money(line.unitAmount),
      isReverseCharge ? '0%' : rate,
      money(line.amount),
    ];
    let lineBottom = y;
    for (const [index, column] of columns.entries()) {
      doc.font('Helvetica').text(cells[index] ?? '', column.x, y, { width: column.w, align: column.align });
      lineBottom = Math.max(lineBottom, doc.y);
    }
    y = lineBottom + 8;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(rule).stroke();
  }

  // Totals: subtotal, the VAT of each rate on its base, total, what was paid and what is due.
  const vatLabel = isReverseCharge
    ? t('invoice.reverseCharge')
    : invoice.taxLabel
      ? t('invoice.vatOf', { label: invoice.taxLabel, base: money(invoice.subtotal) })
      : t('invoice.vatNone');
  const paid = status === 'paid' ? invoice.total : 0;
  const totals: [string, string, 'normal' | 'strong' | 'muted'][] = [
    [t('invoice.subtotal'), money(invoice.subtotal), 'normal'],
    [vatLabel, money(invoice.taxAmount), 'normal'],
    [t('invoice.total'), money(invoice.total), 'strong'],
    [t('invoice.amountPaid'), money(paid), 'muted'],
    [t('invoice.amountDue'), money(invoice.total - paid), 'strong'],
  ];
  const totalsLabelX = left + width * 0.42;
  y += 10;
  for (const [index, [label, value, weight]] of totals.entries()) {
    if (index === 2 || index === 4) {
      doc
        .moveTo(totalsLabelX, y - 3)
        .lineTo(right, y - 3)
        .lineWidth(0.8)
        .strokeColor(rule)
        .stroke();
      y += 3;
    }
    doc
      .font(weight === 'strong' ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(weight === 'strong' ? 11 : 10)
      .fillColor(weight === 'muted' ? muted : ink);
    doc.text(label, totalsLabelX, y, { width: width * 0.36, align: 'right' });
    const labelBottom = doc.y;
    doc.text(value, left + width * 0.78, y, { width: width * 0.22, align: 'right' });
    y = Math.max(labelBottom, doc.y) + 5;
  }

  // Notes: reverse charge and the operator's invoice text.
  y += 16;
  if (isReverseCharge) {
    doc.font('Helvetica').fontSize(9).fillColor(ink).text(t('invoice.reverseChargeNote'), left, y, { width });
    if (invoice.buyer.vatId) doc.text(t('invoice.customerVatId', { vatId: invoice.buyer.vatId }), { width });
    y = doc.y + 10;
  }
  if (invoice.footer) {
    doc.font('Helvetica-Bold').fontSize(9).fillColor(muted).text(t('invoice.notes').toUpperCase(), left, y);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(ink)
      .text(invoice.footer, left, doc.y + 3, { width, height: Math.max(footerTop - doc.y - 16, 20) });
  }

  // Footer on every page: who the seller is in law (registration, VAT ID), where to pay, and the page.
  const legal = [
    [seller.name, seller.address?.replace(/\n/g, ', '), [seller.postalCode, seller.city].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', '),
    [seller.registration, seller.vatId ? t('invoice.vatId', { vatId: seller.vatId }) : null]
      .filter(Boolean)
      .join('  ·  '),
    [
      seller.iban ? t('invoice.bank', { iban: seller.iban.replace(/(.{4})(?=.)/g, '$1 ') }) : null,
      seller.bic ? t('invoice.bic', { bic: seller.bic }) : null,
      seller.email,
    ]
      .filter(Boolean)
      .join('  ·  '),
  ].filter(Boolean);
  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page += 1) {
    doc.switchToPage(page);
    // The footer sits inside the bottom margin: without this, pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    doc
      .moveTo(left, footerTop - 8)
      .lineTo(right, footerTop - 8)
      .lineWidth(0.5)
      .strokeColor(rule)
      .stroke();
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(muted)
      .text(legal.join('\n'), left, footerTop, { width: width * 0.8, height: 44, lineBreak: true });
    doc.text(t('invoice.page', { page: page + 1, pages: range.count }), left + width * 0.8, footerTop, {
      width: width * 0.2,
      align: 'right',
    });
  }
  doc.end();
  return done;
}
