import type { inviteActions, UserInvite } from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const userInviteKeys = { all: ['invites'] as const };

/** Spec 7: `GET /invites`: the invitations waiting for the signed-in user's e-mail address. */
export const userInvitesQueryOptions = () =>
  queryOptions({
    queryKey: userInviteKeys.all,
    queryFn: ({ signal }) => apiRequest<UserInvite[]>('/invites', { signal }),
  });

export type InviteAction = (typeof inviteActions)[number];

/** Spec 7: `PUT /invites {action, organization}`; answers the invitations that remain. */
export const respondToInvite = (body: { action: InviteAction; organization: string }) =>
  apiRequest<UserInvite[]>('/invites', { method: 'PUT', body });
