import type { AdminArchive, AdminArchiveNetwork } from '@fixpoint/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminArchiveKeys } from './admin-archive-keys';

export type ArchiveStation = AdminArchiveNetwork['stations'][number];

/** `GET /admin/archive`: storage, coverage and settings of the recorded archive, per network and station. */
export const getAdminArchive = (signal?: AbortSignal) => apiRequest<AdminArchive>('/admin/archive', { signal });

export const adminArchiveQueryOptions = () =>
  queryOptions({
    queryKey: adminArchiveKeys.overview(),
    queryFn: ({ signal }) => getAdminArchive(signal),
  });

export const useAdminArchive = () => useQuery(adminArchiveQueryOptions());
