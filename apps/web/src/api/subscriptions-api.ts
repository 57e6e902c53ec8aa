import type { Subscription } from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { type OwnerScope, scopedPath, scopeKey } from '../session/owner-scope';

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  list: (scope: OwnerScope) => [...subscriptionKeys.all, scopeKey(scope), 'list'] as const,
};

/** The scope's subscriptions: the person's, or the organisation's. */
export const subscriptionsQueryOptions = (scope: OwnerScope) =>
  queryOptions({
    queryKey: subscriptionKeys.list(scope),
    queryFn: ({ signal }) => apiRequest<Subscription[]>(scopedPath(scope, '/subscriptions'), { signal }),
  });

/** Spec 7: `PUT /subscriptions/cancel|resume?subscriptionId`. */
export const setSubscriptionCancelled = (scope: OwnerScope, { id, cancel }: { id: string; cancel: boolean }) =>
  apiRequest<Subscription>(scopedPath(scope, `/subscriptions/${cancel ? 'cancel' : 'resume'}`), {
    method: 'PUT',
    query: { subscriptionId: id },
  });

/** Spec 7: `DELETE /org/{orgId}/subscriptions?subscriptionId`, an organisation ending one now. */
export const endOrgSubscriptionNow = (orgId: string, id: string) =>
  apiRequest<Subscription>(`/org/${encodeURIComponent(orgId)}/subscriptions`, {
    method: 'DELETE',
    query: { subscriptionId: id },
  });

export const assignSeats = (scope: OwnerScope, { id, accountIds }: { id: string; accountIds: string[] }) =>
  apiRequest<Subscription>(scopedPath(scope, `/subscriptions/${id}/accounts`), { method: 'PUT', body: { accountIds } });
