import type {
  ActivationResult,
  CasterSession,
  ConnectionSettings,
  ErrorResponse,
  NtripAccount,
} from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest, NetworkError } from '../lib/api-client';
import { type OwnerScope, scopedPath, scopeKey } from '../session/owner-scope';

/** Every key but the admin's carries the scope: the person's and each organisation's accounts never mix. */
export const accountKeys = {
  all: ['accounts'] as const,
  scoped: (scope: OwnerScope) => [...accountKeys.all, scopeKey(scope)] as const,
  list: (scope: OwnerScope) => [...accountKeys.scoped(scope), 'list'] as const,
  credentials: (scope: OwnerScope, id: string) => [...accountKeys.scoped(scope), 'credentials', id] as const,
  sessions: (scope: OwnerScope, id: string) => [...accountKeys.scoped(scope), 'sessions', id] as const,
  admin: (search: string) => [...accountKeys.all, 'admin', search] as const,
};

export const accountsQueryOptions = (scope: OwnerScope) =>
  queryOptions({
    queryKey: accountKeys.list(scope),
    queryFn: ({ signal }) => apiRequest<NtripAccount[]>(scopedPath(scope, '/accounts'), { signal }),
    // Live status: the caster's sessions change what each account shows.
    refetchInterval: 15_000,
  });

export const credentialsQueryOptions = (scope: OwnerScope, id: string) =>
  queryOptions({
    queryKey: accountKeys.credentials(scope, id),
    queryFn: ({ signal }) =>
      apiRequest<ConnectionSettings>(scopedPath(scope, `/accounts/${id}/credentials`), { signal }),
  });

export const sessionsQueryOptions = (scope: OwnerScope, id: string) =>
  queryOptions({
    queryKey: accountKeys.sessions(scope, id),
    queryFn: ({ signal }) => apiRequest<CasterSession[]>(scopedPath(scope, `/accounts/${id}/sessions`), { signal }),
    refetchInterval: 15_000,
  });

export type AdminAccount = NtripAccount & { ownerEmail: string | null };

export const adminAccountsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: accountKeys.admin(search),
    queryFn: ({ signal }) =>
      apiRequest<AdminAccount[]>('/admin/accounts', { signal, query: { search: search || undefined } }),
  });

export const createAccount = (scope: OwnerScope, name: string) =>
  apiRequest<NtripAccount>(scopedPath(scope, '/accounts'), { method: 'POST', body: { name } });

export const updateAccount = (
  scope: OwnerScope,
  id: string,
  changes: { name?: string; maxConnections?: number; isDisabled?: boolean },
) => apiRequest<NtripAccount>(scopedPath(scope, `/accounts/${id}`), { method: 'PATCH', body: changes });

export const deleteAccount = (scope: OwnerScope, id: string) =>
  apiRequest<null>(scopedPath(scope, `/accounts/${id}`), { method: 'DELETE' });

export const regeneratePassword = (scope: OwnerScope, id: string) =>
  apiRequest<ConnectionSettings>(scopedPath(scope, `/accounts/${id}/password`), { method: 'POST', body: {} });

/** Spends the scope's credits (the person's, or the organisation's) on days of access. */
export const activateAccount = (scope: OwnerScope, input: { accountId: string; networkId: string; days: number }) =>
  apiRequest<ActivationResult>(scopedPath(scope, '/tokens'), {
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
  }).catch((error: unknown) => {
    throw error instanceof TypeError ? new NetworkError({ cause: error }) : error;
  });
  if (!response.ok) {
    const error = (await response.json().catch(() => ({}))) as Partial<ErrorResponse>;
    throw new ApiError(
      response.status,
      error.code ?? 'INTERNAL',
      error.message ?? response.statusText,
      error.requestId,
      error.details,
    );
  }
  const url = URL.createObjectURL(new Blob([await response.text()], { type: 'text/csv' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  link.click();
  URL.revokeObjectURL(url);
}
