import type { PaymentSettings } from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const adminPaymentKeys = { all: ['admin-payments'] as const };

export const paymentSettingsQueryOptions = () =>
  queryOptions({
    queryKey: adminPaymentKeys.all,
    queryFn: ({ signal }) => apiRequest<PaymentSettings>('/admin/payments', { signal }),
    refetchInterval: 15_000,
  });
