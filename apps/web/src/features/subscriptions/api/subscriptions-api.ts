import type { Subscription } from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  list: () => [...subscriptionKeys.all, 'list'] as const,
};

export const subscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.list(),
    queryFn: ({ signal }) => apiRequest<Subscription[]>('/subscriptions', { signal }),
  });

/** Spec 7: `PUT /subscriptions/cancel|resume?subscriptionId`. */
export const setSubscriptionCancelled = ({ id, cancel }: { id: string; cancel: boolean }) =>
  apiRequest<Subscription>(`/subscriptions/${cancel ? 'cancel' : 'resume'}`, {
    method: 'PUT',
    query: { subscriptionId: id },
  });

export const assignSeats = ({ id, accountIds }: { id: string; accountIds: string[] }) =>
  apiRequest<Subscription>(`/subscriptions/${id}/accounts`, { method: 'PUT', body: { accountIds } });
