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

export const billingKeys = { all: ['billing'] as const, overview: () => [...billingKeys.all, 'overview'] as const };

export const billingQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.overview(),
    queryFn: ({ signal }) => apiRequest<BillingOverview>('/billing', { signal }),
  });

export const saveBillingProfile = (body: InvoicePartyInput) =>
  apiRequest<InvoiceParty>('/billing/profile', { method: 'PUT', body });

/** Spec 7: `GET /getCustomerSecret`, what the card form needs. */
export const getCustomerSecret = () => apiRequest<CustomerSecret>('/getCustomerSecret');

export const savePaymentMethod = (
  body: PaymentMethodInput | { number: string; expMonth: number; expYear: number; cvc: string },
) => apiRequest<PaymentMethod>('/billing/payment-method', { method: 'PUT', body });
