import type {
  BillingOverview,
  CustomerSecret,
  InvoiceParty,
  InvoicePartyInput,
  PaymentMethod,
  PaymentMethodInput,
} from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type OwnerScope, personalScope, scopedPath, scopeKey } from '../../../session/owner-scope';

/** The person's billing at /api/billing, an organisation's at /api/org/<id>/billing (docs/decisions/0073). */
export const billingKeys = {
  all: ['billing'] as const,
  overview: (scope: OwnerScope = personalScope) => [...billingKeys.all, scopeKey(scope), 'overview'] as const,
};

export const billingQueryOptions = (scope: OwnerScope = personalScope) =>
  queryOptions({
    queryKey: billingKeys.overview(scope),
    queryFn: ({ signal }) => apiRequest<BillingOverview>(scopedPath(scope, '/billing'), { signal }),
  });

export const saveBillingProfile = (scope: OwnerScope, body: InvoicePartyInput) =>
  apiRequest<InvoiceParty>(scopedPath(scope, '/billing/profile'), { method: 'PUT', body });

/** Spec 7: `GET /getCustomerSecret`, what the card form needs. */
export const getCustomerSecret = (scope: OwnerScope) =>
  apiRequest<CustomerSecret>(scopedPath(scope, '/getCustomerSecret'));

export const savePaymentMethod = (
  scope: OwnerScope,
  body: PaymentMethodInput | { number: string; expMonth: number; expYear: number; cvc: string },
) => apiRequest<PaymentMethod>(scopedPath(scope, '/billing/payment-method'), { method: 'PUT', body });
