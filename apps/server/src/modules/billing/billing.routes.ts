import type { Database } from '@fixpoint/db';
import {
  billingOverviewSchema,
  errorResponseSchema,
  invoicePartySchema,
  invoicePartyViewSchema,
  type Language,
  paymentMethodInputSchema,
  paymentMethodSchema,
} from '@fixpoint/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readerLanguage } from '../../i18n/reader-language';
import { requireUser } from '../../plugins/auth';
import { ownerOf } from '../../plugins/owner-scope';
import type { BillingService } from './billing.service';
import { renderInvoicePdf } from './invoice-pdf';
import { ownInvoice } from './invoices';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const secured = { tags: ['billing'], security: [{ bearerAuth: [] }] };
/** Under /org/:orgId an organisation's billing is its owners' and admins' only, reading included (0073). */
const config = { orgRole: 'admin' as const };

/**
 * `/settings/billing`: billing details, the card on file, and invoices with their PDFs; registered again under
 * /org/:orgId for an organisation (docs/decisions/0073).
 */
export const billingRoutes: FastifyPluginAsyncZod<{
  db: Database;
  billingService: BillingService;
  staticLanguage?: Language | undefined;
}> = async (app, { db, billingService, staticLanguage }) => {
  app.get(
    '/billing',
    {
      onRequest: requireUser,
      config: { ...config, apiKeyScope: 'billing:read' },
      schema: {
        ...secured,
        summary: 'Your billing details, card on file and invoices',
        response: { 200: billingOverviewSchema, ...errors },
      },
    },
    (request) => billingService.overview(ownerOf(request)),
  );

  app.put(
    '/billing/profile',
    {
      onRequest: requireUser,
      config,
      schema: {
        ...secured,
        summary: 'Set the name, address, country and VAT ID your invoices carry',
        body: invoicePartySchema,
        response: { 200: invoicePartyViewSchema, ...errors },
      },
    },
    (request) => billingService.saveProfile(ownerOf(request), request.body),
  );

  app.put(
    '/billing/payment-method',
    {
      onRequest: requireUser,
      config,
      schema: {
        ...secured,
        summary: 'Save the card you pay with: a confirmed SetupIntent (Stripe) or a test card (local provider)',
        body: paymentMethodInputSchema,
        response: { 200: paymentMethodSchema, ...errors, 502: errorResponseSchema },
      },
    },
    (request) => billingService.savePaymentMethod(ownerOf(request), request.body),
  );

  app.get(
    '/invoices/:id/pdf',
    {
      onRequest: requireUser,
      config: { ...config, apiKeyScope: 'billing:read' },
      schema: {
        ...secured,
        summary: 'One of your invoices as PDF',
        params: z.object({ id: z.uuid() }),
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const invoice = await ownInvoice(db, ownerOf(request), request.params.id);
      if (invoice.pdfUrl) return reply.redirect(invoice.pdfUrl);
      const language = await readerLanguage(db, request, staticLanguage);
      const pdf = await renderInvoicePdf(invoice, language);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${invoice.number.replace(/[^\w.-]/g, '_')}.pdf"`)
        .header('cache-control', 'private, max-age=3600')
        .header('content-language', language)
        .header('vary', 'accept-language')
        .send(pdf as never); // a PDF, not one of the JSON answers declared above
    },
  );
};
