import type { Health } from '@fixpoint/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../lib/api-client';

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

/**
 * The service's own state from GET /api/health: what it reports (a 503 still carries the degraded report),
 * `unreachable` when it did not answer, `unknown` until it has.
 */
export function useHealthState(): Health['status'] | 'unreachable' | 'unknown' {
  const health = useHealth();
  return (
    health.data?.status ??
    (health.error instanceof ApiError && health.error.status === 503
      ? 'degraded'
      : health.isError
        ? 'unreachable'
        : 'unknown')
  );
}
