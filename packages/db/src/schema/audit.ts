import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit log (issue 28, decision 0064): one row per admin or money action, written in the transaction of the
 * change itself. Rows are never changed or deleted: the migration adds a trigger that refuses UPDATE, DELETE and
 * TRUNCATE. The actor and the target are copied as they were (no foreign keys), so an entry outlives both.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The user who acted; null for the system (a provider's webhook, the billing clock). */
    actorId: text('actor_id'),
    /** The actor's e-mail address at the time (or "system"). */
    actorEmail: text('actor_email').notNull(),
    /** What was done, e.g. `credits.grant` (packages/shared `auditKinds`). */
    kind: text('kind').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id').notNull(),
    /** A readable name of the target at the time (an e-mail, a product's name). */
    targetLabel: text('target_label').notNull().default(''),
    /** The target before and after the change, without secrets; null where it did not exist. */
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_target_idx').on(t.targetKind, t.targetId, t.at),
    index('audit_log_kind_idx').on(t.kind, t.at),
  ],
);
