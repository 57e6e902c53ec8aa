import type { HelpConnection } from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const helpKeys = {
  all: ['help'] as const,
  /** Per person: a visitor's answer has no accounts, a signed-in person's has their own. */
  connection: (userId: string | null) => [...helpKeys.all, 'connection', userId ?? 'visitor'] as const,
};

export const helpConnectionQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: helpKeys.connection(userId),
    queryFn: ({ signal }) => apiRequest<HelpConnection>('/help/connection', { signal }),
    staleTime: 60_000,
  });
