import type { MapData } from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const mapKeys = {
  all: ['map'] as const,
  user: () => [...mapKeys.all, 'user'] as const,
  admin: () => [...mapKeys.all, 'admin'] as const,
};

/** The signed-in user's coverage, stations and rovers; live status refreshes every 15 s. */
export const userMapQueryOptions = () =>
  queryOptions({
    queryKey: mapKeys.user(),
    queryFn: ({ signal }) => apiRequest<MapData>('/map', { signal }),
    refetchInterval: 15_000,
  });

export const adminMapQueryOptions = () =>
  queryOptions({
    queryKey: mapKeys.admin(),
    queryFn: ({ signal }) => apiRequest<MapData>('/admin/map', { signal }),
    refetchInterval: 10_000,
  });
