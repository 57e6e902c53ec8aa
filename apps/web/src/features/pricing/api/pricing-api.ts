import type { CheckoutCreated, PricingTable, TokenProducts } from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type OwnerScope, scopedPath } from '../../../session/owner-scope';

export const pricingKeys = {
  all: ['pricing'] as const,
  subscriptionTables: () => [...pricingKeys.all, 'subscription-tables'] as const,
  tokenProducts: () => [...pricingKeys.all, 'token-products'] as const,
};

export const subscriptionPricingTablesQueryOptions = () =>
  queryOptions({
    queryKey: pricingKeys.subscriptionTables(),
    queryFn: ({ signal }) => apiRequest<PricingTable[]>('/stripe/subscription-pricing-tables', { signal }),
    staleTime: 60_000,
  });

export const tokenProductsQueryOptions = () =>
  queryOptions({
    queryKey: pricingKeys.tokenProducts(),
    queryFn: ({ signal }) => apiRequest<TokenProducts>('/tokenProducts', { signal }),
    staleTime: 60_000,
  });

/**
 * Spec 7: `POST /checkout/product` (credit packs) or `/checkout/subscription`, answering the checkout address; on an
 * organisation's pages the organisation buys (`/org/{id}/checkout/...`) and the provider returns to its pages.
 */
export const startCheckout = (
  scope: OwnerScope,
  { kind, priceId }: { kind: 'product' | 'subscription'; priceId: string },
) => apiRequest<CheckoutCreated>(scopedPath(scope, `/checkout/${kind}`), { method: 'POST', query: { priceId } });
