import type { MapStation } from '@fixpoint/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { CoverageReply, CoverageRequest } from './coverage.worker';
import { coverageTiers } from './coverage-geometry';

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
  // The stations as of the last key change: a new array with the same geometry starts no new computation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the geometry on purpose
  const keyed = useMemo(() => stations, [key]);
  const [result, setResult] = useState<{ key: string; coverage: Coverage } | null>(null);
  const workerRef = useRef<Worker | null>(null);
  const requestRef = useRef(0);

  useEffect(() => {
    if (typeof Worker === 'undefined') {
      setResult({ key, coverage: coverageTiers(keyed) });
      return;
    }
    if (!workerRef.current) {
      workerRef.current = new Worker(new URL('./coverage.worker.ts', import.meta.url), { type: 'module' });
    }
    const worker = workerRef.current;
    const id = ++requestRef.current;
    const onReply = ({ data }: MessageEvent<CoverageReply>) => {
      // Only the newest request's answer is drawn.
      if (data.id === requestRef.current) setResult({ key, coverage: data.coverage });
    };
    // A worker that cannot start (a blocked script, say) must not leave the map without coverage.
    const onError = () => {
      if (id === requestRef.current) setResult({ key, coverage: coverageTiers(keyed) });
    };
    worker.addEventListener('message', onReply);
    worker.addEventListener('error', onError);
    worker.postMessage({ id, stations: keyed } satisfies CoverageRequest);
    return () => {
      worker.removeEventListener('message', onReply);
      worker.removeEventListener('error', onError);
    };
  }, [key, keyed]);

  useEffect(
    () => () => {
      workerRef.current?.terminate();
      workerRef.current = null;
    },
    [],
  );

  return { coverage: result?.coverage ?? null, isComputing: result?.key !== key };
}
