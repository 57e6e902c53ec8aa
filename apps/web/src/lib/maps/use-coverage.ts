import type { MapStation } from '@fixpoint/shared';
import { coverageTiers } from './coverage-geometry';
import { useWorkerAnswer } from './worker-requests';

type Coverage = ReturnType<typeof coverageTiers>;

/** What the tiers depend on: the live stations' positions and radii, not their names, counts or rovers. */
export function coverageKey(stations: MapStation[]): string {
  return stations
    .filter((station) => station.status !== 'down')
    .map((station) => `${station.longitude},${station.latitude},${station.radiusKm}`)
    .sort()
    .join(';');
}

/**
 * The coverage tiers of these stations, recomputed only when a live station appears, goes, moves or changes its
 * radius (polling answers the same geometry most of the time), in a Web Worker where the browser has one. While a
 * new computation runs, the previous tiers stay and `isComputing` is true.
 */
export function useCoverage(stations: MapStation[]): { coverage: Coverage | null; isComputing: boolean } {
  const key = coverageKey(stations);
  const result = useWorkerAnswer<MapStation[], Coverage>({
    key,
    request: () => stations,
    startWorker: () => new Worker(new URL('./coverage.worker.ts', import.meta.url), { type: 'module' }),
    // A worker that cannot start (a blocked script, say) must not leave the map without coverage.
    fallback: () => coverageTiers(stations),
  });
  return { coverage: result?.answer ?? null, isComputing: result?.key !== key };
}
