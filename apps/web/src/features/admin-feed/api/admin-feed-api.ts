import type { FeedNetwork, FeedNetworkSummary } from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** How often the feed pages poll: the caster writes station states every few seconds. */
export const feedRefreshMs = 2_000;

export const adminFeedKeys = {
  all: ['admin-feed'] as const,
  list: () => [...adminFeedKeys.all, 'list'] as const,
  network: (id: string) => [...adminFeedKeys.all, 'network', id] as const,
};

export const feedQueryOptions = () =>
  queryOptions({
    queryKey: adminFeedKeys.list(),
    queryFn: ({ signal }) => apiRequest<FeedNetworkSummary[]>('/admin/feed', { signal }),
    refetchInterval: feedRefreshMs,
  });

export const feedNetworkQueryOptions = (networkId: string) =>
  queryOptions({
    queryKey: adminFeedKeys.network(networkId),
    queryFn: ({ signal }) => apiRequest<FeedNetwork>(`/admin/feed/${networkId}`, { signal }),
    refetchInterval: feedRefreshMs,
  });
