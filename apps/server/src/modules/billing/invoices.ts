import { type Database, type Owner, ownerWhere, schema, type Transaction } from '@fixpoint/db';
import { AppError, formatInvoiceNumber, type Invoice } from '@fixpoint/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ProviderInvoice } from '../payments/payment-provider';
import { computeTax } from './tax';

type Executor = Database | Transaction;
type OwnerColumns = { ownerUserId: string | null; ownerOrgId: string | null };
type InvoiceRow = typeof schema.invoices.$inferSelect;

/** The operator's billing settings, with the defaults of an untouched installation. */
export async function readBillingSettings(db: Executor) {
  const [row] = await db.select().from(schema.billingSettings).where(eq(schema.billingSettings.id, 1));
  return (
    row ?? {
      id: 1,
      seller: { name: '' },
      invoicePrefix: 'INV-',
      invoiceFooter: '',
      pricesIncludeTax: true,
      reverseCharge: true,
      updatedAt: new Date(0),
    }
  );
}

/**
 * The owner's billing details; without any, the person's name and e-mail, or the organisation's name (its receipts
 * then go to its owners and admins, docs/decisions/0073).
 */
export async function buyerOf(db: Executor, owner: OwnerColumns & { ignoreProfile?: boolean }) {
  const p = schema.billingProfiles;
  const [profile] = owner.ignoreProfile
    ? []
    : await db
        .select()
        .from(p)
        .where(owner.ownerUserId ? eq(p.ownerUserId, owner.ownerUserId) : eq(p.ownerOrgId, owner.ownerOrgId as string));
  if (profile) return profile.details;
  if (owner.ownerOrgId) {
    const [org] = await db
      .select({ name: schema.organizations.name })
      .from(schema.organizations)
      .where(eq(schema.organizations.id, owner.ownerOrgId));
    return { name: org?.name ?? '', email: null };
  }
  if (!owner.ownerUserId) return { name: '', email: null };
  const [user] = await db
    .select({ name: schema.users.name, email: schema.users.email })
    .from(schema.users)
    .where(eq(schema.users.id, owner.ownerUserId));
  return { name: user?.name ?? '', email: user?.email ?? null };
}

/** The next number of a series, taken in the caller's transaction: a rollback gives it back, so there are no gaps. */
async function nextSequence(tx: Transaction, series: string): Promise<number> {
  const c = schema.invoiceCounters;
  const [row] = await tx
    .insert(c)
    .values({ series, lastNumber: 1 })
    .onConflictDoUpdate({ target: c.series, set: { lastNumber: sql`${c.lastNumber} + 1` } })
    .returning({ lastNumber: c.lastNumber });
  return row?.lastNumber as number;
}

/**
 * Issues our invoice for a payment of the local provider (docs/decisions/0039), inside the paying transaction: the
 * next number of the seller's series, the seller and buyer as they are now, and the tax the settings give. Once per
 * payment key: a payment confirmed twice keeps its one invoice and its number.
 */
export async function issueInvoice(
  tx: Transaction,
  payment: OwnerColumns & {
    paymentKey: string;
    description: string;
    amount: number;
    currency: string;
    checkoutSessionId?: string | null;
    subscriptionId?: string | null;
  },
): Promise<InvoiceRow | undefined> {
  const i = schema.invoices;
  const [existing] = await tx.select().from(i).where(eq(i.paymentKey, payment.paymentKey));
  if (existing) return existing;
  const settings = await readBillingSettings(tx);
  const buyer = await buyerOf(tx, payment);
  // A buyer who gave no country pays the VAT of the seller's (decision 0072).
  const taxCountry = buyer.country || settings.seller.country;
  const [rate] = taxCountry
    ? await tx.select().from(schema.taxRates).where(eq(schema.taxRates.country, taxCountry))
    : [];
  const taxed = computeTax(payment.amount, rate ?? null, buyer, {
    pricesIncludeTax: settings.pricesIncludeTax,
    reverseCharge: settings.reverseCharge,
    sellerCountry: settings.seller.country ?? null,
  });
  const sequence = await nextSequence(tx, 'platform');
  const [row] = await tx
    .insert(i)
    .values({
      ownerUserId: payment.ownerUserId,
      ownerOrgId: payment.ownerOrgId,
      provider: 'local',
      number: formatInvoiceNumber(settings.invoicePrefix, sequence),
      paymentKey: payment.paymentKey,
      checkoutSessionId: payment.checkoutSessionId ?? null,
      subscriptionId: payment.subscriptionId ?? null,
      currency: payment.currency,
      ...taxed,
      lines: [{ description: payment.description, quantity: 1, unitAmount: taxed.subtotal, amount: taxed.subtotal }],
      seller: settings.seller,
      buyer,
      footer: settings.invoiceFooter,
    })
    .returning();
  return row;
}

/** Stripe's invoice, mirrored when it is paid: Stripe numbers it, taxes it and keeps its PDF. */
export async function mirrorStripeInvoice(
  tx: Transaction,
  invoice: OwnerColumns & ProviderInvoice & { subscriptionId?: string | null; checkoutSessionId?: string | null },
) {
  const buyer = await buyerOf(tx, invoice);
  await tx
    .insert(schema.invoices)
    .values({
      ownerUserId: invoice.ownerUserId,
      ownerOrgId: invoice.ownerOrgId,
      provider: 'stripe',
      number: invoice.number ?? invoice.id,
      providerInvoiceId: invoice.id,
      paymentKey: `stripe:${invoice.id}`,
      checkoutSessionId: invoice.checkoutSessionId ?? null,
      subscriptionId: invoice.subscriptionId ?? null,
      currency: invoice.currency,
      subtotal: invoice.subtotal,
      taxAmount: invoice.tax,
      total: invoice.total,
      lines: [
        { description: invoice.description, quantity: 1, unitAmount: invoice.subtotal, amount: invoice.subtotal },
      ],
      seller: { name: '' },
      buyer,
      pdfUrl: invoice.pdfUrl,
      hostedUrl: invoice.hostedUrl,
    })
    .onConflictDoNothing();
}

export const toInvoice = (row: InvoiceRow): Invoice => ({
  id: row.id,
  number: row.number,
  issuedAt: row.issuedAt.toISOString(),
  status: row.status,
  description: row.lines[0]?.description ?? '',
  currency: row.currency,
  subtotal: row.subtotal,
  taxAmount: row.taxAmount,
  total: row.total,
  taxLabel: row.taxLabel,
  // An organisation's invoice is read under its own path, by its owners and admins.
  pdfUrl: row.pdfUrl ?? `/api${row.ownerOrgId ? `/org/${row.ownerOrgId}` : ''}/invoices/${row.id}/pdf`,
});

/** An owner's invoices, newest first. */
export async function listInvoices(db: Database, owner: Owner) {
  const i = schema.invoices;
  const rows = await db.select().from(i).where(ownerWhere(i, owner)).orderBy(desc(i.issuedAt)).limit(500);
  return rows.map(toInvoice);
}

/** One of the owner's invoices; someone else's answers exactly like a missing one. */
export async function ownInvoice(db: Database, owner: Owner, id: string) {
  const i = schema.invoices;
  const [row] = await db
    .select()
    .from(i)
    .where(and(eq(i.id, id), ownerWhere(i, owner)));
  if (!row) throw new AppError('INVOICE_NOT_FOUND', 404, 'No such invoice.');
  return row;
}
