import type { MapStation } from '@fixpoint/shared';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { coverageKey, useCoverage } from './use-coverage';

const station = (id: string, longitude: number, extra: Partial<MapStation> = {}): MapStation => ({
  id,
  mountpoint: id,
  identifier: '',
  networkId: 'n',
  networkName: 'N',
  latitude: 52,
  longitude,
  status: 'up',
  radiusKm: 30,
  ...extra,
});

describe('coverage recomputation', () => {
  it('keys the tiers on the live stations’ positions and radii only', () => {
    const stations = [station('A', 5), station('B', 6)];
    const key = coverageKey(stations);
    expect(coverageKey([station('B', 6, { mountpoint: 'RENAMED', networkName: 'Other' }), station('A', 5)])).toBe(key);
    expect(coverageKey([...stations, station('C', 7, { status: 'down' })])).toBe(key);
    expect(coverageKey([station('A', 5), station('B', 6, { status: 'degraded' })])).toBe(key);
    expect(coverageKey([station('A', 5), station('B', 6.1)])).not.toBe(key);
    expect(coverageKey([station('A', 5), station('B', 6, { radiusKm: 40 })])).not.toBe(key);
    expect(coverageKey([station('A', 5), station('B', 6, { status: 'down' })])).not.toBe(key);
  });

  it('computes the tiers again only when that geometry changes (here without a Worker, as in jsdom)', () => {
    const { result, rerender } = renderHook(({ stations }) => useCoverage(stations), {
      initialProps: { stations: [station('A', 5)] },
    });
    const first = result.current.coverage;
    expect(first?.features.map((feature) => feature.properties?.tier)).toEqual(['degraded', 'good', 'excellent']);
    expect(result.current.isComputing).toBe(false);

    // A poll answers a new array with the same geometry: the same tiers, not a new computation.
    rerender({ stations: [station('A', 5, { mountpoint: 'A2' })] });
    expect(result.current.coverage).toBe(first);

    rerender({ stations: [station('A', 5), station('B', 9)] });
    expect(result.current.coverage).not.toBe(first);
    expect(result.current.coverage?.features).toHaveLength(3);

    rerender({ stations: [station('A', 5, { status: 'down' })] });
    expect(result.current.coverage?.features).toEqual([]);
  });
});
