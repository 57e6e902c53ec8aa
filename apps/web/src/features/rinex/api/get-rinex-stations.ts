import type { rinexStationListSchema } from '@fixpoint/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type OwnerScope, scopedPath } from '../../../session/owner-scope';
import { rinexKeys } from './rinex-keys';

type RinexStationList = ReturnType<typeof rinexStationListSchema.parse>;

/** `GET /rinex/stations`: the stations with recorded data the scope may buy RINEX of. */
export const getRinexStations = async (scope: OwnerScope, signal?: AbortSignal) =>
  (await apiRequest<RinexStationList>(scopedPath(scope, '/rinex/stations'), { signal })).stations;

export const rinexStationsQueryOptions = (scope: OwnerScope) =>
  queryOptions({
    queryKey: rinexKeys.stations(scope),
    queryFn: ({ signal }) => getRinexStations(scope, signal),
    staleTime: 60_000,
  });

export const useRinexStations = (scope: OwnerScope) => useQuery(rinexStationsQueryOptions(scope));
