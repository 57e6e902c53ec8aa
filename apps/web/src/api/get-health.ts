import type { Health } from '@fixpoint/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

export const healthKeys = {
  all: ['health'] as const,
};

export const getHealth = (signal?: AbortSignal) => apiRequest<Health>('/health', { signal });

export const healthQueryOptions = () =>
  queryOptions({
    queryKey: healthKeys.all,
    queryFn: ({ signal }) => getHealth(signal),
    refetchInterval: 30_000,
    retry: false,
  });

export const useHealth = () => useQuery(healthQueryOptions());
