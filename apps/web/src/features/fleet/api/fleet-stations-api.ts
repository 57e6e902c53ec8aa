import type { MapData, MapStation } from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type OwnerScope, scopedPath, scopeKey } from '../../../session/owner-scope';

/** The stations drawn under the fleet's rovers: the owner's usable networks' (the map's read), or every one (admin). */
export const fleetStationsQueryOptions = (scope: OwnerScope | 'admin') =>
  queryOptions({
    queryKey: ['fleet', 'stations', scope === 'admin' ? 'admin' : scopeKey(scope)] as const,
    queryFn: ({ signal }) =>
      apiRequest<MapData>(scope === 'admin' ? '/admin/map' : scopedPath(scope, '/map'), { signal }),
    select: (data): MapStation[] => data.stations,
    staleTime: 60_000,
  });
