import type { OrgInvite } from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { orgMemberKeys } from '../../../api/org-members-api';
import { apiRequest } from '../../../lib/api-client';

const invitesPath = (orgId: string) => `/org/${encodeURIComponent(orgId)}/invites`;

/** Spec 7: `GET /org/{id}/invites`. */
export const orgInvitesQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: orgMemberKeys.invites(orgId),
    queryFn: ({ signal }) => apiRequest<OrgInvite[]>(invitesPath(orgId), { signal }),
  });

/** Spec 7: `POST /org/{id}/invites {email}` (inviting again renews the invitation); answers the invitations. */
export const inviteMember = ({ orgId, email }: { orgId: string; email: string }) =>
  apiRequest<OrgInvite[]>(invitesPath(orgId), { method: 'POST', body: { email } });

/** Spec 7: `DELETE /org/{id}/invites {email}`; answers the invitations that remain. */
export const cancelInvite = ({ orgId, email }: { orgId: string; email: string }) =>
  apiRequest<OrgInvite[]>(invitesPath(orgId), { method: 'DELETE', body: { email } });
