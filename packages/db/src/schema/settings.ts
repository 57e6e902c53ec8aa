import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Admin → settings → account management (docs/decisions/0039): defaults and self-service limits for NTRIP accounts,
 * and when owners are reminded that access ends. A single row, id = 1.
 */
export const accountSettings = pgTable(
  'account_settings',
  {
    id: smallint('id').primaryKey().default(1),
    defaultMaxConnections: integer('default_max_connections').notNull().default(1),
    maxAccountsPerOwner: integer('max_accounts_per_owner').notNull().default(500),
    /** Days before an account's access or a subscription ends that its owner is told; 0 turns reminders off. */
    reminderDays: integer('reminder_days').notNull().default(3),
    /** Who may create organisations (the beta): everyone, or by an admin's approval. */
    organizationAccess: text('organization_access', { enum: ['open', 'approval'] })
      .notNull()
      .default('approval'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('account_settings_single_row', sql`${t.id} = 1`)],
);

/** Terms and privacy texts, versioned: publishing makes a new version; the footer and sign-up link the newest. */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['terms', 'privacy'] }).notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    /** The text itself, or empty when the document lives at `url`. */
    body: text('body').notNull().default(''),
    url: text('url'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('legal_documents_kind_version_idx').on(t.kind, t.version)],
);
