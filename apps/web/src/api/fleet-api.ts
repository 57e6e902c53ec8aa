import type { AccountHealth, Fleet } from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { type OwnerScope, scopedPath, scopeKey } from '../session/owner-scope';

/**
 * Fleet health (issue 33, decision 0079): read by the fleet pages, the accounts page's badges and the usage page's
 * rows, so it sits with the shared API calls.
 */
export const fleetKeys = {
  all: ['fleet'] as const,
  scoped: (scope: OwnerScope) => [...fleetKeys.all, scopeKey(scope)] as const,
  account: (scope: OwnerScope, id: string) => [...fleetKeys.scoped(scope), 'account', id] as const,
  admin: (search: string) => [...fleetKeys.all, 'admin', search] as const,
};

/** Every account's health; refreshed every 15 s like the account list (the caster writes progress every 10 s). */
export const fleetQueryOptions = (scope: OwnerScope) =>
  queryOptions({
    queryKey: fleetKeys.scoped(scope),
    queryFn: ({ signal }) => apiRequest<Fleet>(scopedPath(scope, '/fleet'), { signal }),
    refetchInterval: 15_000,
  });

export const accountHealthQueryOptions = (scope: OwnerScope, id: string) =>
  queryOptions({
    queryKey: fleetKeys.account(scope, id),
    queryFn: ({ signal }) => apiRequest<AccountHealth>(scopedPath(scope, `/accounts/${id}/health`), { signal }),
    refetchInterval: 15_000,
  });

/** The admin's fleet: `search` is the query string (`ownerType=user&ownerId=…`, `stationId=…`, or empty for all). */
export const adminFleetQueryOptions = (search: string) =>
  queryOptions({
    queryKey: fleetKeys.admin(search),
    queryFn: ({ signal }) => apiRequest<Fleet>(`/admin/fleet${search ? `?${search}` : ''}`, { signal }),
    refetchInterval: 15_000,
  });
