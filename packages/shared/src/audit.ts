import { z } from 'zod';
import { queryInteger } from './credits';

/**
 * What an audit-log entry records (issue 28, decision 0064): every admin and money action, named
 * `<target>.<verb>`. The list is closed so the admin's filter can offer it; a new action adds its kind here.
 */
export const auditKinds = [
  'credits.grant',
  'credits.correction',
  'payment.refund',
  'product.create',
  'product.update',
  'product.delete',
  'pricingTable.create',
  'pricingTable.update',
  'pricingTable.delete',
  'user.role',
  'user.disable',
  'user.enable',
  'user.delete',
  'organization.approve',
  'organization.decline',
  'settings.billing',
  'settings.tax',
  'settings.accounts',
  'settings.document',
  'settings.meta',
  'settings.archive',
  'subscription.cancel',
  'subscription.resume',
  'subscription.end',
  'subscription.delete',
  'subscription.grant',
  'network.create',
  'network.update',
  'network.delete',
  'station.create',
  'station.update',
  'station.delete',
  'template.create',
  'template.update',
  'template.delete',
  'apiKey.create',
  'apiKey.revoke',
  'apiKey.newAddress',
] as const;

export const auditKindSchema = z.enum(auditKinds);
export type AuditKind = z.infer<typeof auditKindSchema>;

/** What an entry is about. */
export const auditTargetKinds = [
  'user',
  'organization',
  'product',
  'pricingTable',
  'payment',
  'subscription',
  'settings',
  'document',
  'network',
  'station',
  'template',
  'apiKey',
] as const;

export const auditTargetKindSchema = z.enum(auditTargetKinds);
export type AuditTargetKind = z.infer<typeof auditTargetKindSchema>;

export const auditEntrySchema = z
  .object({
    id: z.uuid(),
    at: z.iso.datetime(),
    actor: z.object({
      /** Null for the system (a payment provider's webhook, the billing clock). */
      id: z.string().nullable(),
      /** The actor's e-mail address when they acted. */
      email: z.string(),
    }),
    kind: auditKindSchema,
    target: z.object({ kind: auditTargetKindSchema, id: z.string(), label: z.string() }),
    /** The target before and after, without secrets; null where it did not exist (created, deleted). */
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
  })
  .meta({ id: 'AuditEntry' });

export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z
  .object({ entries: z.array(auditEntrySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'AuditPage' });

export type AuditPage = z.infer<typeof auditPageSchema>;

const day = z.iso.date('A date is written YYYY-MM-DD.');
const filterText = z.string().trim().max(254, 'A filter is at most 254 characters.');

const fromNotAfterTo = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || q.from <= q.to;
const fromAfterTo = { message: '"from" must not be after "to".', path: ['to'] };

const auditFilterFields = {
  actor: filterText.optional(),
  target: filterText.optional(),
  targetKind: auditTargetKindSchema.optional(),
  kind: auditKindSchema.optional(),
  from: day.optional(),
  to: day.optional(),
};

/**
 * `GET /api/admin/audit-log`: newest first, by pages. `actor` matches the actor's id or e-mail (part of it, any
 * case), `target` the target's id or label; `from` and `to` are UTC days, both included. `format=csv` answers the
 * whole filtered log as CSV, as `GET /api/admin/audit-log.csv` (the same filters, `auditCsvQuerySchema`) does.
 */
export const auditQuerySchema = z
  .object({
    ...auditFilterFields,
    limit: queryInteger('The limit must be a whole number.').pipe(z.number().min(1).max(200)).default(50),
    cursor: z.string().max(200).optional(),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .refine(fromNotAfterTo, fromAfterTo);

export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditCsvQuerySchema = z.object(auditFilterFields).refine(fromNotAfterTo, fromAfterTo);

export type AuditFilterQuery = z.input<typeof auditCsvQuerySchema>;
