import { z } from 'zod';
import { maxConnectionsLimit } from './accounts';
import { orgAccessModes } from './organizations';
import { plainText } from './text';

/** Admin → settings → account management (docs/decisions/0039). */
export const accountSettingsLimits = { maxAccountsPerOwner: 10_000, reminderDays: 60 } as const;

export const accountSettingsSchema = z
  .object({
    defaultMaxConnections: z
      .number()
      .int()
      .min(1, 'At least 1 connection.')
      .max(maxConnectionsLimit, `At most ${maxConnectionsLimit} connections.`),
    maxAccountsPerOwner: z
      .number()
      .int()
      .min(1, 'At least 1 account.')
      .max(accountSettingsLimits.maxAccountsPerOwner, `At most ${accountSettingsLimits.maxAccountsPerOwner}.`),
    reminderDays: z.number().int().min(0).max(accountSettingsLimits.reminderDays, 'At most 60 days.'),
    /** Who may create organisations (the beta): everyone, or after an admin's approval. */
    organizationAccess: z.enum(orgAccessModes),
  })
  .meta({ id: 'AccountSettings' });

export type AccountSettings = z.infer<typeof accountSettingsSchema>;

export const accountSettingsViewSchema = accountSettingsSchema
  .extend({
    /** The brand's NTRIP username prefix (BRAND), shown for reference. */
    usernamePrefix: z.string(),
  })
  .meta({ id: 'AccountSettingsView' });

export type AccountSettingsView = z.infer<typeof accountSettingsViewSchema>;

export const legalDocumentKinds = ['terms', 'privacy'] as const;
export type LegalDocumentKind = (typeof legalDocumentKinds)[number];

export const legalDocumentSchema = z
  .object({
    id: z.string(),
    kind: z.enum(legalDocumentKinds),
    version: z.number().int(),
    title: z.string(),
    body: z.string(),
    url: z.string().nullable(),
    publishedAt: z.iso.datetime(),
  })
  .meta({ id: 'LegalDocument' });

export type LegalDocument = z.infer<typeof legalDocumentSchema>;

/** The newest version of each document, null while none is published (the brand's terms link stands in). */
export const currentDocumentsSchema = z
  .object({ terms: legalDocumentSchema.nullable(), privacy: legalDocumentSchema.nullable() })
  .meta({ id: 'CurrentDocuments' });

export type CurrentDocuments = z.infer<typeof currentDocumentsSchema>;

export const legalDocumentLimits = { title: 120, body: 100_000 } as const;

/** Publishing a new version: its text, or a link to where it lives (https). */
export const publishDocumentSchema = z
  .object({
    kind: z.enum(legalDocumentKinds),
    title: plainText(z.string().trim().min(1, 'Give a title.').max(legalDocumentLimits.title)),
    body: z.string().trim().max(legalDocumentLimits.body, 'At most 100,000 characters.').default(''),
    url: z
      .url({ protocol: /^https$/, message: 'Give an https:// address.' })
      .nullable()
      .default(null)
      .or(z.literal('').transform(() => null)),
  })
  .refine((document) => document.body !== '' || document.url !== null, {
    path: ['body'],
    message: 'Give the text or a link to it.',
  });

export type PublishDocument = z.input<typeof publishDocumentSchema>;

export const documentQuerySchema = z.object({ kind: z.enum(legalDocumentKinds) });
