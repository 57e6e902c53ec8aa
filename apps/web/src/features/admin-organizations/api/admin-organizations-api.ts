import type { AdminOrganization, NtripAccount, OrgMember, OrgStatus, Subscription } from '@fixpoint/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface AdminOrganizationDetail {
  organization: AdminOrganization;
  members: OrgMember[];
  accounts: NtripAccount[];
  subscriptions: Subscription[];
}

export const adminOrganizationKeys = {
  all: ['admin-organizations'] as const,
  list: (search: string, status: OrgStatus | null) => [...adminOrganizationKeys.all, 'list', search, status] as const,
  detail: (id: string) => [...adminOrganizationKeys.all, 'detail', id] as const,
};

const orgPath = (id: string) => `/admin/organizations/${encodeURIComponent(id)}`;

/** `GET /admin/organizations?search&status`. */
export const adminOrganizationsQueryOptions = (search: string, status: OrgStatus | null) =>
  queryOptions({
    queryKey: adminOrganizationKeys.list(search, status),
    queryFn: ({ signal }) =>
      apiRequest<AdminOrganization[]>('/admin/organizations', {
        signal,
        query: { search: search || undefined, status: status ?? undefined },
      }),
    placeholderData: keepPreviousData,
  });

/** `GET /admin/organizations/{id}`: the organisation with its members, accounts and subscriptions. */
export const adminOrganizationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminOrganizationKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<AdminOrganizationDetail>(orgPath(id), { signal }),
  });

/** `PUT /admin/organizations/{id}/status`: approves or declines a beta request. */
export const setAdminOrganizationStatus = ({ id, status }: { id: string; status: 'active' | 'declined' }) =>
  apiRequest<AdminOrganization>(`${orgPath(id)}/status`, { method: 'PUT', body: { status } });

/** `PUT /admin/organizations/{id}/tokens`: adds (or, negative, removes) credits, with a reason for the ledger. */
export const grantOrganizationCredits = ({
  id,
  tokenAmount,
  reason,
}: {
  id: string;
  tokenAmount: number;
  reason?: string;
}) => apiRequest<{ balance: number }>(`${orgPath(id)}/tokens`, { method: 'PUT', body: { tokenAmount, reason } });
