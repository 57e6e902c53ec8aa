import type { LedgerPage } from '@fixpoint/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminUserKeys, adminUserPath } from '../../../api/get-admin-users';
import { apiRequest } from '../../../lib/api-client';
import { ledgerPageSize } from './get-admin-user';

/** `GET /admin/users/{id}/ledger`: the user's credit history, newest first, a page at a time. */
export const getAdminUserLedger = (id: string, cursor: string | undefined, signal?: AbortSignal) =>
  apiRequest<LedgerPage>(`${adminUserPath(id)}/ledger`, { signal, query: { limit: ledgerPageSize, cursor } });

/** Starts from the first page the detail already brought, so the page does not ask for it twice. */
export const adminUserLedgerQueryOptions = (id: string, firstPage?: LedgerPage) =>
  infiniteQueryOptions({
    queryKey: adminUserKeys.ledger(id),
    queryFn: ({ signal, pageParam }) => getAdminUserLedger(id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    ...(firstPage && { initialData: { pages: [firstPage], pageParams: [undefined] } }),
  });

export const useAdminUserLedger = (id: string, firstPage?: LedgerPage) =>
  useInfiniteQuery(adminUserLedgerQueryOptions(id, firstPage));
