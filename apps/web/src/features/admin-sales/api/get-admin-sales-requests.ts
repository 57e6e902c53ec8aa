import type { AdminSalesRequest, adminSalesRequestListSchema } from '@fixpoint/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type SalesForwardingState = AdminSalesRequest['forwarding'];
export type AdminSalesRequestList = ReturnType<typeof adminSalesRequestListSchema.parse>;

export const adminSalesKeys = {
  all: ['admin-sales-requests'] as const,
  list: (status: SalesForwardingState | null) => [...adminSalesKeys.all, 'list', status] as const,
};

/** How often the list looks again: forwarding retries in the background, so a pending lead turns forwarded. */
const refreshMs = 30_000;

/** `GET /admin/sales-requests?status=`: the leads (optionally in one forwarding state) and whether a webhook is set. */
export const getAdminSalesRequests = (status: SalesForwardingState | null, signal?: AbortSignal) =>
  apiRequest<AdminSalesRequestList>('/admin/sales-requests', { signal, query: { status: status ?? undefined } });

export const adminSalesRequestsQueryOptions = (status: SalesForwardingState | null) =>
  queryOptions({
    queryKey: adminSalesKeys.list(status),
    queryFn: ({ signal }) => getAdminSalesRequests(status, signal),
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
  });

export const useAdminSalesRequests = (status: SalesForwardingState | null) =>
  useQuery(adminSalesRequestsQueryOptions(status));
