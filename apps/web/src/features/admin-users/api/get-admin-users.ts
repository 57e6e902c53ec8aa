import type { AdminUser } from '@fixpoint/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const adminUserKeys = { all: ['admin-users'] as const, list: () => [...adminUserKeys.all, 'list'] as const };

export const getAdminUsers = (signal?: AbortSignal) => apiRequest<AdminUser[]>('/admin/users', { signal });

export const useAdminUsers = () =>
  useQuery(queryOptions({ queryKey: adminUserKeys.list(), queryFn: ({ signal }) => getAdminUsers(signal) }));
