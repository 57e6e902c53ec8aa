import type { CheckoutState } from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type OwnerScope, scopedPath, scopeKey } from '../../../session/owner-scope';

export const checkoutKeys = {
  all: ['checkout'] as const,
  detail: (scope: OwnerScope, id: string) => [...checkoutKeys.all, scopeKey(scope), id] as const,
};

const isWaiting = (state: CheckoutState | undefined) => state?.status === 'open' || state?.status === 'pending';

/**
 * Spec 7 `GET /checkout?checkoutSessionId` (an organisation's: `/org/{id}/checkout`): polled every 2 s while the
 * provider has not confirmed yet.
 */
export const checkoutStateQueryOptions = (scope: OwnerScope, checkoutSessionId: string) =>
  queryOptions({
    queryKey: checkoutKeys.detail(scope, checkoutSessionId),
    queryFn: ({ signal }) =>
      apiRequest<CheckoutState>(scopedPath(scope, '/checkout'), { signal, query: { checkoutSessionId } }),
    refetchInterval: (query) => (isWaiting(query.state.data) ? 2000 : false),
  });
