import { type Database, schema } from '@fixpoint/db';
import {
  accountSettingsSchema,
  accountSettingsViewSchema,
  currentDocumentsSchema,
  errorResponseSchema,
  type LegalDocument,
  legalDocumentSchema,
  publishDocumentSchema,
} from '@fixpoint/shared';
import { desc, eq, max } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../plugins/auth';
import { actorOf, recordAudit } from '../audit/audit';
import { readAccountSettings, saveAccountSettings } from './account-settings';
import { currentDocuments } from './documents';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const secured = { tags: ['admin'], security: [{ bearerAuth: [] }] };

const toDocument = (row: typeof schema.legalDocuments.$inferSelect): LegalDocument => ({
  id: row.id,
  kind: row.kind,
  version: row.version,
  title: row.title,
  body: row.body,
  url: row.url,
  publishedAt: row.publishedAt.toISOString(),
});

/** Admin → settings → account management and documents; the current terms and privacy texts for everyone. */
export const settingsRoutes: FastifyPluginAsyncZod<{ db: Database; usernamePrefix: string }> = async (
  app,
  { db, usernamePrefix },
) => {
  app.get(
    '/admin/account-settings',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'Defaults and limits for NTRIP accounts, and reminder timing (admin)',
        response: { 200: accountSettingsViewSchema, ...errors },
      },
    },
    async () => ({ ...(await readAccountSettings(db)), usernamePrefix }),
  );

  app.put(
    '/admin/account-settings',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'Change the NTRIP account defaults and limits; existing accounts keep their settings (admin)',
        body: accountSettingsSchema,
        response: { 200: accountSettingsViewSchema, ...errors },
      },
    },
    async (request) => {
      await db.transaction(async (tx) => {
        const before = await readAccountSettings(tx);
        await saveAccountSettings(tx, request.body);
        await recordAudit(tx, {
          actor: actorOf(request),
          kind: 'settings.accounts',
          target: { kind: 'settings', id: 'accounts', label: 'Account management' },
          before,
          after: await readAccountSettings(tx),
        });
      });
      return { ...(await readAccountSettings(db)), usernamePrefix };
    },
  );

  app.get(
    '/documents',
    {
      schema: {
        tags: ['documents'],
        summary: 'The current terms and privacy documents (public)',
        response: { 200: currentDocumentsSchema },
      },
    },
    async () => {
      const { terms, privacy } = await currentDocuments(db);
      return { terms: terms ? toDocument(terms) : null, privacy: privacy ? toDocument(privacy) : null };
    },
  );

  app.get(
    '/admin/documents',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'Every published version of the terms and privacy documents, newest first (admin)',
        response: { 200: z.array(legalDocumentSchema), ...errors },
      },
    },
    async () =>
      (await db.select().from(schema.legalDocuments).orderBy(desc(schema.legalDocuments.publishedAt))).map(toDocument),
  );

  app.post(
    '/admin/documents',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'Publish a new version of the terms or the privacy document (admin)',
        body: publishDocumentSchema,
        response: { 201: legalDocumentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const d = schema.legalDocuments;
      const row = await db.transaction(async (tx) => {
        const [latest] = await tx
          .select({ version: max(d.version) })
          .from(d)
          .where(eq(d.kind, request.body.kind));
        const [created] = await tx
          .insert(d)
          .values({ ...request.body, version: (latest?.version ?? 0) + 1 })
          .returning();
        const document = created as typeof d.$inferSelect;
        await recordAudit(tx, {
          actor: actorOf(request),
          kind: 'settings.document',
          target: { kind: 'document', id: document.id, label: `${document.kind} v${document.version}` },
          after: toDocument(document),
        });
        return document;
      });
      return reply.code(201).send(toDocument(row));
    },
  );
};
