import type { MapData } from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type OwnerScope, scopedPath, scopeKey } from '../../../session/owner-scope';

export const mapKeys = {
  all: ['map'] as const,
  user: (scope: OwnerScope) => [...mapKeys.all, 'user', scopeKey(scope)] as const,
  admin: () => [...mapKeys.all, 'admin'] as const,
};

/** The coverage, stations and rovers of the user's (or the organisation's) accounts; refreshed every 15 s. */
export const userMapQueryOptions = (scope: OwnerScope) =>
  queryOptions({
    queryKey: mapKeys.user(scope),
    queryFn: ({ signal }) => apiRequest<MapData>(scopedPath(scope, '/map'), { signal }),
    refetchInterval: 15_000,
  });

export const adminMapQueryOptions = () =>
  queryOptions({
    queryKey: mapKeys.admin(),
    queryFn: ({ signal }) => apiRequest<MapData>('/admin/map', { signal }),
    refetchInterval: 10_000,
  });
