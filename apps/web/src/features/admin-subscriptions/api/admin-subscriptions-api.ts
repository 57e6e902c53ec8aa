import type { AdminSubscription, GrantSubscription, SubscriptionStatus } from '@fixpoint/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const adminSubscriptionKeys = {
  all: ['admin-subscriptions'] as const,
  list: (search: string, status: SubscriptionStatus | null) =>
    [...adminSubscriptionKeys.all, 'list', search, status] as const,
};

export const adminSubscriptionsQueryOptions = (search: string, status: SubscriptionStatus | null) =>
  queryOptions({
    queryKey: adminSubscriptionKeys.list(search, status),
    queryFn: ({ signal }) =>
      apiRequest<AdminSubscription[]>('/admin/subscriptions', {
        signal,
        query: { search: search || undefined, status: status ?? undefined },
      }),
    placeholderData: keepPreviousData,
  });

/** Spec 7: `PUT /admin/subscriptions/cancel|resume?subscriptionId`. */
export const setAdminSubscriptionCancelled = ({ id, cancel }: { id: string; cancel: boolean }) =>
  apiRequest<AdminSubscription>(`/admin/subscriptions/${cancel ? 'cancel' : 'resume'}`, {
    method: 'PUT',
    query: { subscriptionId: id },
  });

/** Spec 7: `DELETE /admin/subscriptions?subscriptionId`. */
export const deleteAdminSubscription = (id: string) =>
  apiRequest<void>('/admin/subscriptions', { method: 'DELETE', query: { subscriptionId: id } });

export const grantSubscription = (body: GrantSubscription) =>
  apiRequest<AdminSubscription>('/admin/subscriptions', { method: 'POST', body });
