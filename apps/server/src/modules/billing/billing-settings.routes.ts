import { type Database, schema } from '@fixpoint/db';
import {
  billingSettingsSchema,
  billingSettingsViewSchema,
  errorResponseSchema,
  formatInvoiceNumber,
  invoiceSellerSchema,
  taxRateSchema,
  taxRatesSchema,
} from '@fixpoint/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../plugins/auth';
import { actorOf, recordAudit } from '../audit/audit';
import { readBillingSettings } from './invoices';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const secured = { tags: ['admin'], security: [{ bearerAuth: [] }] };

/**
 * The settings row as the invoices read it: until the operator names the seller, the brand does, and the seller
 * carries the running brand's key, whose logo heads the invoice. Written at start-up, so what Admin → Settings →
 * Invoices shows is what the next invoice copies (an invoice once issued with an empty seller; decision 0072).
 */
export async function ensureSellerOfBrand(db: Database, brand: { name: string; key: string }) {
  const t = schema.billingSettings;
  const named = sql`case when coalesce(${t.seller}->>'name', '') = '' then jsonb_build_object('name', ${brand.name}::text) else '{}'::jsonb end`;
  await db
    .insert(t)
    .values({ id: 1, seller: { name: brand.name, brand: brand.key } })
    .onConflictDoUpdate({
      target: t.id,
      set: { seller: sql`${t.seller} || ${named} || jsonb_build_object('brand', ${brand.key}::text)` },
    });
}

/** Admin → settings → invoices (seller, numbering, footer) and tax management (VAT mode and rates per country). */
export const billingSettingsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  sellerName: string;
  brandKey?: string;
}> = async (app, { db, sellerName, brandKey }) => {
  if (brandKey) await ensureSellerOfBrand(db, { name: sellerName, key: brandKey });

  async function current() {
    const settings = await readBillingSettings(db);
    const [counter] = await db
      .select()
      .from(schema.invoiceCounters)
      .where(eq(schema.invoiceCounters.series, 'platform'));
    return {
      // Until the operator names the seller, the brand does.
      seller: invoiceSellerSchema.parse({ ...settings.seller, name: settings.seller.name || sellerName }),
      invoicePrefix: settings.invoicePrefix,
      invoiceFooter: settings.invoiceFooter,
      pricesIncludeTax: settings.pricesIncludeTax,
      reverseCharge: settings.reverseCharge,
      nextInvoiceNumber: formatInvoiceNumber(settings.invoicePrefix, (counter?.lastNumber ?? 0) + 1),
    };
  }

  app.get(
    '/admin/billing-settings',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'The seller on invoices, invoice numbering and footer, and how prices carry VAT (admin)',
        response: { 200: billingSettingsViewSchema, ...errors },
      },
    },
    current,
  );

  app.put(
    '/admin/billing-settings',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'Change the billing settings; invoices already issued keep what they say (admin)',
        body: billingSettingsSchema,
        response: { 200: billingSettingsViewSchema, ...errors },
      },
    },
    async (request) => {
      const { nextInvoiceNumber: _readOnly, ...input } = request.body;
      // The brand is the running one, not the form's: its logo heads the invoices.
      const values = { ...input, seller: { ...input.seller, ...(brandKey ? { brand: brandKey } : {}) } };
      await db.transaction(async (tx) => {
        const before = await readBillingSettings(tx);
        await tx
          .insert(schema.billingSettings)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: schema.billingSettings.id, set: { ...values, updatedAt: new Date() } });
        await recordAudit(tx, {
          actor: actorOf(request),
          kind: 'settings.billing',
          target: { kind: 'settings', id: 'billing', label: 'Invoices and VAT' },
          before,
          after: await readBillingSettings(tx),
        });
      });
      return current();
    },
  );

  app.get(
    '/admin/tax-rates',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'VAT rates per buyer country (admin)',
        response: { 200: z.array(taxRateSchema), ...errors },
      },
    },
    async () =>
      (await db.select().from(schema.taxRates).orderBy(asc(schema.taxRates.country))).map(
        ({ country, rateBp, label }) => ({ country, rateBp, label }),
      ),
  );

  app.put(
    '/admin/tax-rates',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'Replace the VAT rates per country in one change (admin)',
        body: taxRatesSchema,
        response: { 200: z.array(taxRateSchema), ...errors },
      },
    },
    async (request) => {
      await db.transaction(async (tx) => {
        const rates = () =>
          tx
            .select({ country: schema.taxRates.country, rateBp: schema.taxRates.rateBp, label: schema.taxRates.label })
            .from(schema.taxRates)
            .orderBy(asc(schema.taxRates.country));
        const before = await rates();
        await tx.delete(schema.taxRates);
        if (request.body.length) await tx.insert(schema.taxRates).values(request.body);
        await recordAudit(tx, {
          actor: actorOf(request),
          kind: 'settings.tax',
          target: { kind: 'settings', id: 'tax-rates', label: 'VAT rates' },
          before: { rates: before },
          after: { rates: await rates() },
        });
      });
      return request.body.toSorted((a, b) => a.country.localeCompare(b.country));
    },
  );
};
