import type { ArchiveCoverage } from '@fixpoint/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { TimeWindow } from '../../../lib/rinex-time';
import { type OwnerScope, scopedPath } from '../../../session/owner-scope';
import { rinexKeys } from './rinex-keys';

/** `GET /stations/{id}/archive?from&to`: a station's recorded time in a window (31 days at most), and its price. */
export const getArchiveCoverage = (
  scope: OwnerScope,
  stationId: string,
  from: string,
  to: string,
  signal?: AbortSignal,
) =>
  apiRequest<ArchiveCoverage>(scopedPath(scope, `/stations/${encodeURIComponent(stationId)}/archive`), {
    signal,
    query: { from, to },
  });

export const archiveCoverageQueryOptions = (scope: OwnerScope, stationId: string, window: TimeWindow) => {
  const from = new Date(window.from).toISOString();
  const to = new Date(window.to).toISOString();
  return queryOptions({
    queryKey: rinexKeys.coverage(scope, stationId, from, to),
    queryFn: ({ signal }) => getArchiveCoverage(scope, stationId, from, to, signal),
    staleTime: 60_000,
  });
};

/** The coverage of a window, or nothing while there is no station or the window is not valid. */
export function useArchiveCoverage(scope: OwnerScope, stationId: string | null, window: TimeWindow | null) {
  return useQuery({
    ...archiveCoverageQueryOptions(scope, stationId ?? '', window ?? { from: 0, to: 0 }),
    enabled: stationId !== null && window !== null,
    // The previous answer stays on screen while the next window loads, so the price does not flicker.
    placeholderData: keepPreviousData,
  });
}
