import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { mapStation as station } from '../../testing/fixtures';
import { coverageBounds, coverageTiers } from './coverage-geometry';
import { unwrapRing } from './world';

/** Ray casting over every ring (holes toggle the result). */
function contains(polygons: Position[][][], [x, y]: [number, number]) {
  let inside = false;
  for (const rings of polygons) {
    for (const ring of rings) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi = 0, yi = 0] = ring[i] ?? [];
        const [xj = 0, yj = 0] = ring[j] ?? [];
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      }
    }
  }
  return inside;
}

const tierAt = (collection: ReturnType<typeof coverageTiers>, point: [number, number]) =>
  collection.features
    .filter((feature) =>
      contains(
        feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates,
        point,
      ),
    )
    .map((feature) => feature.properties?.tier);

// 1 km east at 52 degrees north is about 0.0146 degrees of longitude.
const kmEast = (km: number) => (km * 0.0146) as number;

describe('coverage geometry', () => {
  it('draws each point in exactly one tier, the best of the merged live stations', () => {
    // Two live stations 40 km apart and a down one between them.
    const stations = [
      station('A', 52, 5),
      station('B', 52, 5 + kmEast(40)),
      station('DOWN', 52, 5 + kmEast(20), 'down'),
    ];
    const tiers = coverageTiers(stations);
    expect(tiers.features.map((f) => f.properties?.tier).sort()).toEqual(['degraded', 'excellent', 'good']);
    expect(tierAt(tiers, [5 + kmEast(5), 52])).toEqual(['excellent']);
    // 20 km from both: good, once (the overlapping circles are merged, not stacked).
    expect(tierAt(tiers, [5 + kmEast(20), 52])).toEqual(['good']);
    expect(tierAt(tiers, [5 - kmEast(40), 52])).toEqual(['degraded']);
    expect(tierAt(tiers, [5 - kmEast(60), 52])).toEqual([]);
  });

  it('draws nothing for stations that are all down, and frames the outermost tier', () => {
    expect(coverageTiers([station('X', 52, 5, 'down')]).features).toEqual([]);
    const [west, south, east, north] = coverageBounds([station('A', 52, 5)]) ?? [];
    expect(north).toBeCloseTo(52 + 50 / 111.32, 3);
    expect(south).toBeCloseTo(52 - 50 / 111.32, 3);
    expect(west).toBeLessThan(5 - kmEast(49));
    expect(east).toBeGreaterThan(5 + kmEast(49));
    expect(coverageBounds([])).toBeNull();
  });

  it('unwraps base-map rings that cross the antimeridian', () => {
    expect(
      unwrapRing([
        [179, 60],
        [-179, 61],
        [-178, 62],
        [178, 60],
      ]),
    ).toEqual([
      [179, 60],
      [181, 61],
      [182, 62],
      [178, 60],
    ]);
  });
});
