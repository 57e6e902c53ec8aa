import type { Organization, OrgMember, OrgRole } from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

/** Everything of one organisation sits under `['org', id]`, so invalidating that refreshes the whole page. */
export const orgMemberKeys = {
  org: (orgId: string) => ['org', orgId] as const,
  detail: (orgId: string) => [...orgMemberKeys.org(orgId), 'detail'] as const,
  members: (orgId: string) => [...orgMemberKeys.org(orgId), 'members'] as const,
  invites: (orgId: string) => [...orgMemberKeys.org(orgId), 'invites'] as const,
};

const orgPath = (orgId: string) => `/org/${encodeURIComponent(orgId)}`;

/** Spec 7: `GET /org/{id}`: the organisation with the caller's role. */
export const organizationQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: orgMemberKeys.detail(orgId),
    queryFn: ({ signal }) => apiRequest<Organization>(orgPath(orgId), { signal }),
  });

/** Spec 7: `GET /org/{id}/members`. */
export const orgMembersQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: orgMemberKeys.members(orgId),
    queryFn: ({ signal }) => apiRequest<OrgMember[]>(`${orgPath(orgId)}/members`, { signal }),
  });

/** Spec 7: `PUT /org/{id}/members {forMember, role}`; answers the members. */
export const updateMemberRole = ({ orgId, forMember, role }: { orgId: string; forMember: string; role: OrgRole }) =>
  apiRequest<OrgMember[]>(`${orgPath(orgId)}/members`, { method: 'PUT', body: { forMember, role } });

/** `DELETE /org/{id}/members?forMember=`: removes a member, or, with the caller's own id, leaves. */
export const removeMember = ({ orgId, forMember }: { orgId: string; forMember: string }) =>
  apiRequest<OrgMember[]>(`${orgPath(orgId)}/members`, { method: 'DELETE', query: { forMember } });

/** `DELETE /org/{id}` (owners only; refused while the organisation has live subscriptions). */
export const deleteOrganization = (orgId: string) => apiRequest<void>(orgPath(orgId), { method: 'DELETE' });
