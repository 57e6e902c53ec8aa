import type { Organization, OrgRole, OrgStatus } from '@fixpoint/shared';
import { useQuery } from '@tanstack/react-query';
import { organizationQueryOptions } from '../api/org-members-api';
import { userOverviewQueryOptions } from './auth-api';
import { type OwnerScope, useOwnerScope } from './owner-scope';

export interface ScopeAccess {
  scope: OwnerScope;
  /** The organisation of an organisation's page, once loaded. */
  organization: Organization | undefined;
  /** The caller's role in the organisation; null on personal pages, undefined while unknown. */
  role: OrgRole | null | undefined;
  status: OrgStatus | null | undefined;
  /** Changes, buys and creates: the person always; in an organisation its admins and owners while it is active. */
  canWrite: boolean;
  /** Credentials and usage, which plain members do not see. */
  canSeeCredentials: boolean;
  /** The scope's credit balance (undefined while loading). */
  balance: number | undefined;
}

/** Every page of an organisation reads it; one answer serves them all for a while. */
export const orgDetailStaleTime = 30_000;

const isManager = (role: OrgRole | null | undefined) => role === 'owner' || role === 'admin';

/**
 * What the signed-in user may do in the page's scope. An organisation's role and status come from `GET /org/{id}`,
 * and from the session's teams until that answers; the server refuses a write anyway, this only hides buttons.
 */
export function useScopeAccess(): ScopeAccess {
  const scope = useOwnerScope();
  const orgId = scope.kind === 'organization' ? scope.orgId : null;
  const overview = useQuery(userOverviewQueryOptions());
  const organization = useQuery({
    ...organizationQueryOptions(orgId ?? ''),
    enabled: orgId !== null,
    staleTime: orgDetailStaleTime,
  });
  if (orgId === null) {
    return {
      scope,
      organization: undefined,
      role: null,
      status: null,
      canWrite: true,
      canSeeCredentials: true,
      balance: overview.data?.tokenAmount,
    };
  }
  const team = overview.data?.teams.find((t) => t.id === orgId);
  const role = organization.data?.role ?? team?.role;
  const status = organization.data?.status ?? team?.status;
  const isActiveManager = isManager(role) && status === 'active';
  return {
    scope,
    organization: organization.data,
    role,
    status,
    canWrite: isActiveManager,
    canSeeCredentials: isActiveManager,
    balance: organization.data?.tokenAmount,
  };
}
