import { type Database, schema } from '@fixpoint/db';
import {
  AppError,
  type AuditEntry,
  type AuditKind,
  type AuditPage,
  type AuditTargetKind,
  neutraliseCsvText,
} from '@fixpoint/shared';
import { and, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';

export interface AuditFilters {
  actor?: string | undefined;
  target?: string | undefined;
  targetKind?: AuditTargetKind | undefined;
  kind?: AuditKind | undefined;
  /** UTC days (YYYY-MM-DD), both included. */
  from?: string | undefined;
  to?: string | undefined;
}

type Row = typeof schema.auditLog.$inferSelect;

/** The most rows one CSV export holds; the filters narrow a larger log. */
export const csvRowLimit = 50_000;

const toEntry = (row: Row): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: { id: row.actorId, email: row.actorEmail },
  kind: row.kind as AuditKind,
  target: { kind: row.targetKind as AuditTargetKind, id: row.targetId, label: row.targetLabel },
  before: row.before ?? null,
  after: row.after ?? null,
});

/** The admin's read of the audit log: filtered, newest first, by pages or as one CSV file. */
export function createAuditService({ db }: { db: Database }) {
  const a = schema.auditLog;

  function conditions(filters: AuditFilters): SQL[] {
    const where: SQL[] = [];
    const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    if (filters.actor) {
      where.push(or(eq(a.actorId, filters.actor), ilike(a.actorEmail, like(filters.actor))) as SQL);
    }
    if (filters.target) {
      where.push(or(eq(a.targetId, filters.target), ilike(a.targetLabel, like(filters.target))) as SQL);
    }
    if (filters.targetKind) where.push(eq(a.targetKind, filters.targetKind));
    if (filters.kind) where.push(eq(a.kind, filters.kind));
    if (filters.from) where.push(gte(a.at, new Date(`${filters.from}T00:00:00.000Z`)));
    if (filters.to) where.push(lt(a.at, new Date(Date.parse(`${filters.to}T00:00:00.000Z`) + 86_400_000)));
    return where;
  }

  return {
    async page(filters: AuditFilters, limit: number, cursor?: string): Promise<AuditPage> {
      const where = conditions(filters);
      if (cursor) {
        const { at, id } = decodeCursor(cursor);
        where.push(sql`(${a.at}, ${a.id}) < (${at.toISOString()}::timestamptz, ${id}::uuid)`);
      }
      const rows = await db
        .select()
        .from(a)
        .where(and(...where))
        .orderBy(desc(a.at), desc(a.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        entries: page.map(toEntry),
        nextCursor: rows.length > limit && last ? encodeCursor(last.at, last.id) : null,
      };
    },

    async csv(filters: AuditFilters): Promise<string> {
      const rows = await db
        .select()
        .from(a)
        .where(and(...conditions(filters)))
        .orderBy(desc(a.at), desc(a.id))
        .limit(csvRowLimit);
      const header = [
        'time',
        'actor_id',
        'actor_email',
        'kind',
        'target_kind',
        'target_id',
        'target_label',
        'before',
        'after',
      ];
      const lines = rows.map((row) =>
        [
          row.at.toISOString(),
          row.actorId ?? '',
          row.actorEmail,
          row.kind,
          row.targetKind,
          row.targetId,
          row.targetLabel,
          row.before == null ? '' : JSON.stringify(row.before),
          row.after == null ? '' : JSON.stringify(row.after),
        ]
          .map(csvCell)
          .join(','),
      );
      return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;

/**
 * One CSV cell: quoted when it must be, and text a spreadsheet would run as a formula given a leading apostrophe by
 * the shared rule (packages/shared csv.ts, OWASP's CSV injection advice).
 */
export function csvCell(value: string): string {
  const safe = neutraliseCsvText(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function encodeCursor(at: Date, id: string) {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function decodeCursor(cursor: string) {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  if (!id || !uuidPattern.test(id) || Number.isNaN(at.getTime())) {
    throw new AppError('BAD_REQUEST', 400, 'Invalid cursor.');
  }
  return { at, id };
}
