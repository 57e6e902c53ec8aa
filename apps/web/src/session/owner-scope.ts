import { useMemo } from 'react';
import { matchPath, useLocation } from 'react-router';
import { paths } from '../config/paths';

/**
 * Whose data a page shows (issue 14): the signed-in user's own, or an organisation's. It follows the address:
 * under `/org/:orgId/...` the organisation, everywhere else the person. The same pages and fetchers serve both; only
 * the API path and the query keys differ.
 */
export type OwnerScope = { kind: 'personal' } | { kind: 'organization'; orgId: string };

export const personalScope: OwnerScope = { kind: 'personal' };

export const organizationScope = (orgId: string): OwnerScope => ({ kind: 'organization', orgId });

/** The organisation whose pages a path belongs to, or null for the personal and neutral pages. */
export function orgIdOfPath(pathname: string): string | null {
  return matchPath({ path: paths.org.root.path, end: false }, pathname)?.params.orgId ?? null;
}

export function scopeOfPath(pathname: string): OwnerScope {
  const orgId = orgIdOfPath(pathname);
  return orgId ? organizationScope(orgId) : personalScope;
}

/** The scope's version of an API path: '/accounts' is '/org/<id>/accounts' for an organisation. */
export function scopedPath(scope: OwnerScope, path: string) {
  return scope.kind === 'organization' ? `/org/${encodeURIComponent(scope.orgId)}${path}` : path;
}

/** A query-key part, so the person's and each organisation's data never share a cache entry. */
export function scopeKey(scope: OwnerScope) {
  return scope.kind === 'organization' ? `org:${scope.orgId}` : 'personal';
}

/** The scope of the page being shown (stable between renders of the same organisation). */
export function useOwnerScope(): OwnerScope {
  const { pathname } = useLocation();
  const orgId = orgIdOfPath(pathname);
  return useMemo(() => (orgId ? organizationScope(orgId) : personalScope), [orgId]);
}
