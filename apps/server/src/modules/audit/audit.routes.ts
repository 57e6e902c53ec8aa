import { auditCsvQuerySchema, auditPageSchema, auditQuerySchema, errorResponseSchema } from '@fixpoint/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../plugins/auth';
import { type AuditFilters, type AuditService, csvRowLimit } from './audit.service';

const secured = { tags: ['admin'], security: [{ bearerAuth: [] }] };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const csvDescription =
  `Columns: time, actor_id, actor_email, kind, target_kind, target_id, target_label, before, after (JSON). At most ` +
  `${csvRowLimit} rows, newest first. A cell that starts with =, +, - or @ gets a leading apostrophe so a ` +
  'spreadsheet shows it as text.';

const sendCsv = (reply: FastifyReply, body: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`)
    .header('cache-control', 'no-store')
    .send(body);

/** `/admin/audit-log`: every admin and money action, filtered, newest first; also as CSV (decision 0064). */
export const adminAuditRoutes: FastifyPluginAsyncZod<{ auditService: AuditService }> = async (
  app,
  { auditService },
) => {
  app.get(
    '/admin/audit-log',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'The audit log: admin and money actions, newest first, by pages (admin)',
        description:
          'Each entry names its actor (id and e-mail when they acted), time, kind, target and the target before and ' +
          'after the change (secrets are never recorded). Entries cannot be changed or deleted. `actor` matches an ' +
          "actor's id or part of their e-mail, `target` a target's id or part of its label; `from` and `to` are UTC " +
          'days, both included. Further pages with `cursor` (the `nextCursor` of the page before). `format=csv` ' +
          `answers the whole filtered log as text/csv, as \`/admin/audit-log.csv\` does. ${csvDescription}`,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { limit, cursor, format, ...filters } = request.query;
      if (format === 'csv') return sendCsv(reply, await auditService.csv(filters satisfies AuditFilters));
      return auditService.page(filters, limit, cursor);
    },
  );

  app.get(
    '/admin/audit-log.csv',
    {
      onRequest: requireAdmin,
      schema: {
        ...secured,
        summary: 'The audit log as CSV, with the same filters (admin)',
        description: csvDescription,
        querystring: auditCsvQuerySchema,
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => sendCsv(reply, await auditService.csv(request.query)),
  );
};
