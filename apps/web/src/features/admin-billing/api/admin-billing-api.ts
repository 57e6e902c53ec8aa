import type { BillingSettings, BillingSettingsInput, TaxRate } from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const adminBillingKeys = {
  all: ['admin-billing'] as const,
  settings: () => [...adminBillingKeys.all, 'settings'] as const,
  taxRates: () => [...adminBillingKeys.all, 'tax-rates'] as const,
};

export const billingSettingsQueryOptions = () =>
  queryOptions({
    queryKey: adminBillingKeys.settings(),
    queryFn: ({ signal }) => apiRequest<BillingSettings>('/admin/billing-settings', { signal }),
  });

export const taxRatesQueryOptions = () =>
  queryOptions({
    queryKey: adminBillingKeys.taxRates(),
    queryFn: ({ signal }) => apiRequest<TaxRate[]>('/admin/tax-rates', { signal }),
  });

export const saveBillingSettings = (body: BillingSettingsInput) =>
  apiRequest<BillingSettings>('/admin/billing-settings', { method: 'PUT', body });

export const saveTaxRates = (body: TaxRate[]) => apiRequest<TaxRate[]>('/admin/tax-rates', { method: 'PUT', body });
