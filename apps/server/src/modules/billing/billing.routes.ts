import { type Database, schema } from '@fixpoint/db';
import {
  billingOverviewSchema,
  errorResponseSchema,
  invoicePartySchema,
  invoicePartyViewSchema,
  type Language,
  paymentMethodInputSchema,
  paymentMethodSchema,
} from '@fixpoint/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recipientLanguage } from '../../i18n/i18n';
import { type AuthUser, requireUser } from '../../plugins/auth';
import type { BillingService } from './billing.service';
import { renderInvoicePdf } from './invoice-pdf';
import { ownInvoice } from './invoices';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const secured = { tags: ['billing'], security: [{ bearerAuth: [] }] };

/** `/settings/billing`: billing details, the card on file, and invoices with their PDFs. */
export const billingRoutes: FastifyPluginAsyncZod<{
  db: Database;
  billingService: BillingService;
  staticLanguage?: Language | undefined;
}> = async (app, { db, billingService, staticLanguage }) => {
  const user = (request: { user: AuthUser | null }) => request.user as AuthUser;

  app.get(
    '/billing',
    {
      onRequest: requireUser,
      schema: {
        ...secured,
        summary: 'Your billing details, card on file and invoices',
        response: { 200: billingOverviewSchema, ...errors },
      },
    },
    (request) => billingService.overview(user(request).id),
  );

  app.put(
    '/billing/profile',
    {
      onRequest: requireUser,
      schema: {
        ...secured,
        summary: 'Set the name, address, country and VAT ID your invoices carry',
        body: invoicePartySchema,
        response: { 200: invoicePartyViewSchema, ...errors },
      },
    },
    (request) => billingService.saveProfile(user(request).id, request.body),
  );

  app.put(
    '/billing/payment-method',
    {
      onRequest: requireUser,
      schema: {
        ...secured,
        summary: 'Save the card you pay with: a confirmed SetupIntent (Stripe) or a test card (local provider)',
        body: paymentMethodInputSchema,
        response: { 200: paymentMethodSchema, ...errors, 502: errorResponseSchema },
      },
    },
    (request) => billingService.savePaymentMethod(user(request), request.body),
  );

  app.get(
    '/invoices/:id/pdf',
    {
      onRequest: requireUser,
      schema: {
        ...secured,
        summary: 'One of your invoices as PDF',
        params: z.object({ id: z.uuid() }),
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const invoice = await ownInvoice(db, user(request).id, request.params.id);
      if (invoice.pdfUrl) return reply.redirect(invoice.pdfUrl);
      const [reader] = await db
        .select({ language: schema.users.language })
        .from(schema.users)
        .where(eq(schema.users.id, user(request).id));
      const language = recipientLanguage({
        staticLanguage,
        stored: reader?.language,
        acceptLanguage: request.headers['accept-language'],
      });
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
