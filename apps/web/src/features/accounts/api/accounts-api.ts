import type { ActivationResult, CasterSession, ConnectionSettings, NtripAccount } from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const accountKeys = {
  all: ['accounts'] as const,
  list: () => [...accountKeys.all, 'list'] as const,
  credentials: (id: string) => [...accountKeys.all, 'credentials', id] as const,
  sessions: (id: string) => [...accountKeys.all, 'sessions', id] as const,
  admin: (search: string) => [...accountKeys.all, 'admin', search] as const,
};

export const accountsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.list(),
    queryFn: ({ signal }) => apiRequest<NtripAccount[]>('/accounts', { signal }),
    // Live status: the caster's sessions change what each account shows.
    refetchInterval: 15_000,
  });

export const credentialsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: accountKeys.credentials(id),
    queryFn: ({ signal }) => apiRequest<ConnectionSettings>(`/accounts/${id}/credentials`, { signal }),
  });

export const sessionsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: accountKeys.sessions(id),
    queryFn: ({ signal }) => apiRequest<CasterSession[]>(`/accounts/${id}/sessions`, { signal }),
    refetchInterval: 15_000,
  });

export type AdminAccount = NtripAccount & { ownerEmail: string | null };

export const adminAccountsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: accountKeys.admin(search),
    queryFn: ({ signal }) =>
      apiRequest<AdminAccount[]>('/admin/accounts', { signal, query: { search: search || undefined } }),
  });

export const createAccount = (name: string) =>
  apiRequest<NtripAccount>('/accounts', { method: 'POST', body: { name } });

export const updateAccount = (id: string, changes: { name?: string; maxConnections?: number; isDisabled?: boolean }) =>
  apiRequest<NtripAccount>(`/accounts/${id}`, { method: 'PATCH', body: changes });

export const deleteAccount = (id: string) => apiRequest<null>(`/accounts/${id}`, { method: 'DELETE' });

export const regeneratePassword = (id: string) =>
  apiRequest<ConnectionSettings>(`/accounts/${id}/password`, { method: 'POST', body: {} });

export const activateAccount = (input: { accountId: string; networkId: string; days: number }) =>
  apiRequest<ActivationResult>('/tokens', {
    method: 'POST',
    query: { accountId: input.accountId, feedNetworkId: input.networkId, days: input.days },
  });

export const adminSetDisabled = (id: string, isDisabled: boolean) =>
  apiRequest<NtripAccount>(`/admin/accounts/${id}`, { method: 'PATCH', body: { isDisabled } });

/** CSV endpoints answer text: fetched here and saved as a file by the browser. */
export async function downloadCsv(path: string, init: { method?: string; body?: unknown }, filename: string) {
  const response = await fetch(`/api${path}`, {
    method: init.method ?? 'GET',
    credentials: 'include',
    headers: init.body ? { 'content-type': 'application/json' } : {},
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok) {
    const error = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(error.message ?? response.statusText);
  }
  const url = URL.createObjectURL(new Blob([await response.text()], { type: 'text/csv' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  link.click();
  URL.revokeObjectURL(url);
}
