import type { AuditFilterQuery, AuditPage } from '@fixpoint/shared';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The page's filters as the API takes them; empty ones are left out. */
export type AuditFilters = { [Key in keyof AuditFilterQuery]-?: string };

export const emptyAuditFilters: AuditFilters = { actor: '', target: '', targetKind: '', kind: '', from: '', to: '' };

const filled = (filters: AuditFilters) =>
  Object.fromEntries(
    Object.entries(filters)
      .filter(([, value]) => value.trim() !== '')
      .map(([k, v]) => [k, v.trim()]),
  );

export const auditLogKeys = {
  all: ['admin-audit-log'] as const,
  list: (filters: AuditFilters) => [...auditLogKeys.all, 'list', filled(filters)] as const,
};

/** `GET /api/admin/audit-log`: newest first, 50 a page; each further page from the last one's cursor. */
export const auditLogQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: auditLogKeys.list(filters),
    queryFn: ({ signal, pageParam }) =>
      apiRequest<AuditPage>('/admin/audit-log', {
        signal,
        query: { ...filled(filters), ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

/** The CSV export of the same filters: a plain link, the browser downloads it with the session cookie. */
export const auditLogCsvHref = (filters: AuditFilters) => {
  const search = new URLSearchParams(filled(filters)).toString();
  return `/api/admin/audit-log.csv${search ? `?${search}` : ''}`;
};
