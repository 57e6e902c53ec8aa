import type { PublicNetwork } from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const networkKeys = { all: ['networks'] as const, list: () => [...networkKeys.all, 'list'] as const };

export const networksQueryOptions = () =>
  queryOptions({
    queryKey: networkKeys.list(),
    queryFn: ({ signal }) => apiRequest<PublicNetwork[]>('/networks', { signal }),
    staleTime: 60_000,
  });
