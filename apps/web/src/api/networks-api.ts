import type { NetworkCoverage, NetworkDetail, PublicNetwork } from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

export const networkKeys = {
  all: ['networks'] as const,
  list: () => [...networkKeys.all, 'list'] as const,
  coverage: () => [...networkKeys.all, 'coverage'] as const,
  detail: (id: string) => [...networkKeys.all, 'detail', id] as const,
  networkCoverage: (id: string) => [...networkKeys.all, 'detail', id, 'coverage'] as const,
};

export const networksQueryOptions = () =>
  queryOptions({
    queryKey: networkKeys.list(),
    queryFn: ({ signal }) => apiRequest<PublicNetwork[]>('/networks', { signal }),
    staleTime: 60_000,
  });

/** Every public network's stations with live status: the marketplace map. */
export const allCoverageQueryOptions = () =>
  queryOptions({
    queryKey: networkKeys.coverage(),
    queryFn: ({ signal }) => apiRequest<NetworkCoverage>('/networks/coverage', { signal }),
    refetchInterval: 30_000,
  });

export const networkQueryOptions = (id: string) =>
  queryOptions({
    queryKey: networkKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<NetworkDetail>(`/networks/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: 30_000,
  });

export const networkCoverageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: networkKeys.networkCoverage(id),
    queryFn: ({ signal }) => apiRequest<NetworkCoverage>(`/networks/${encodeURIComponent(id)}/coverage`, { signal }),
    refetchInterval: 30_000,
  });
