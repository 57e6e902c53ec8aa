import type { AccountSettings, AccountSettingsView } from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const accountSettingsKeys = { all: ['account-settings'] as const };

export const accountSettingsQueryOptions = () =>
  queryOptions({
    queryKey: accountSettingsKeys.all,
    queryFn: ({ signal }) => apiRequest<AccountSettingsView>('/admin/account-settings', { signal }),
  });

export const saveAccountSettings = (body: AccountSettings) =>
  apiRequest<AccountSettingsView>('/admin/account-settings', { method: 'PUT', body });
