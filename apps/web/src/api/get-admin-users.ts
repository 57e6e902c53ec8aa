import type { AdminUser } from '@fixpoint/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

export const adminUserKeys = {
  all: ['admin-users'] as const,
  list: () => [...adminUserKeys.all, 'list'] as const,
  detail: (id: string) => [...adminUserKeys.all, 'detail', id] as const,
  /** Under the detail's key: refreshing a user refreshes their ledger pages too. */
  ledger: (id: string) => [...adminUserKeys.detail(id), 'ledger'] as const,
};

export const adminUserPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

export const getAdminUsers = (signal?: AbortSignal) => apiRequest<AdminUser[]>('/admin/users', { signal });

export const useAdminUsers = () =>
  useQuery(queryOptions({ queryKey: adminUserKeys.list(), queryFn: ({ signal }) => getAdminUsers(signal) }));
