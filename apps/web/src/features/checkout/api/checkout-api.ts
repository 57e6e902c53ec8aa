import type { CheckoutState } from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const checkoutKeys = {
  all: ['checkout'] as const,
  detail: (id: string) => [...checkoutKeys.all, id] as const,
};

const isWaiting = (state: CheckoutState | undefined) => state?.status === 'open' || state?.status === 'pending';

/** Spec 7 `GET /checkout?checkoutSessionId`: polled every 2 s while the provider has not confirmed yet. */
export const checkoutStateQueryOptions = (checkoutSessionId: string) =>
  queryOptions({
    queryKey: checkoutKeys.detail(checkoutSessionId),
    queryFn: ({ signal }) => apiRequest<CheckoutState>('/checkout', { signal, query: { checkoutSessionId } }),
    refetchInterval: (query) => (isWaiting(query.state.data) ? 2000 : false),
  });
