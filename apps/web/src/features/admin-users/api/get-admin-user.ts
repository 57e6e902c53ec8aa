import type { AdminUserDetail } from '@fixpoint/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminUserKeys, adminUserPath } from '../../../api/get-admin-users';
import { apiRequest } from '../../../lib/api-client';

/** `GET /admin/users/{id}`: the user with balance, NTRIP accounts, sessions, organisations and the ledger's first page. */
export const getAdminUser = (id: string, signal?: AbortSignal) =>
  apiRequest<AdminUserDetail>(adminUserPath(id), { signal, query: { limit: ledgerPageSize } });

export const ledgerPageSize = 25;

export const adminUserQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminUserKeys.detail(id), queryFn: ({ signal }) => getAdminUser(id, signal) });

export const useAdminUser = (id: string) => useQuery(adminUserQueryOptions(id));
