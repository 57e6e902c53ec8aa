import type { StatusPage } from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const statusKeys = { all: ['status'] as const };

export const statusQueryOptions = () =>
  queryOptions({
    queryKey: statusKeys.all,
    queryFn: ({ signal }) => apiRequest<StatusPage>('/status', { signal }),
    refetchInterval: 30_000,
  });
