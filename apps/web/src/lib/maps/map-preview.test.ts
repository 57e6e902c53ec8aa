import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { mapStation as station } from '../../testing/fixtures';
import { coverageBounds, coverageTiers } from './coverage-geometry';
import { frameUnits, previewFrame, stationSpots, tierPaths, worldPaths } from './map-preview';
import type { World } from './world';

const dutch = [station('ams', 52.37, 4.9), station('utr', 52.09, 5.12), station('grn', 53.22, 6.57)];

const square = (west: number, south: number, size: number, steps = 4): Position[] => {
  const side = (from: Position, to: Position) =>
    Array.from({ length: steps }, (_, i) => [
      (from[0] ?? 0) + (((to[0] ?? 0) - (from[0] ?? 0)) * i) / steps,
      (from[1] ?? 0) + (((to[1] ?? 0) - (from[1] ?? 0)) * i) / steps,
    ]);
  const [a, b, c, d] = [
    [west, south],
    [west + size, south],
    [west + size, south + size],
    [west, south + size],
  ];
  return [...side(a, b), ...side(b, c), ...side(c, d), ...side(d, a), a];
};

const worldOf = (countries: Position[][], borders: Position[][]): World => ({
  countries: {
    type: 'FeatureCollection',
    features: countries.map((ring) => ({
      type: 'Feature',
      properties: {},
      geometry: { type: 'Polygon', coordinates: [ring] },
    })),
  },
  borders: { type: 'Feature', properties: {}, geometry: { type: 'MultiLineString', coordinates: borders } },
});

const commands = (data: string) => data.match(/[ML]/g)?.length ?? 0;

describe('the still map', () => {
  it('frames the coverage as the map does: the longer side 1,000 units, 4 % of room on each side', () => {
    const bounds = coverageBounds(dutch) as [number, number, number, number];
    const frame = previewFrame(bounds);
    expect(Math.max(frame.width, frame.height)).toBe(frameUnits);
    // The Netherlands' coverage is taller than wide in Web Mercator.
    expect(frame.height).toBeGreaterThan(frame.width);
    const [west, south, east, north] = bounds;
    const [corner, opposite] = stationSpots([station('nw', north, west), station('se', south, east)], frame);
    const room = frameUnits * (0.04 / 1.08);
    expect(corner?.y).toBeCloseTo(room, 0);
    expect(opposite?.y).toBeCloseTo(frame.height - room, 0);
    expect(corner?.x).toBeGreaterThanOrEqual(room - 0.5);
    expect(opposite?.x).toBeLessThanOrEqual(frame.width - room + 0.5);
  });

  it('places stations in Web Mercator: same latitude, same height; east to the right; north higher up', () => {
    const frame = previewFrame(coverageBounds(dutch));
    const [a, b, c] = stationSpots([station('a', 52, 5), station('b', 52, 6), station('c', 53, 5)], frame);
    expect(a?.y).toBeCloseTo(b?.y ?? 0, 6);
    expect(b?.x).toBeGreaterThan(a?.x ?? 0);
    expect(c?.y).toBeLessThan(a?.y ?? 0);
    // A degree of latitude is longer than a degree of longitude at 52° N, by 1 / cos(52°) or so.
    const ratio = ((a?.y ?? 0) - (c?.y ?? 0)) / ((b?.x ?? 0) - (a?.x ?? 0));
    expect(ratio).toBeGreaterThan(1.55);
    expect(ratio).toBeLessThan(1.7);
  });

  it('shows Europe before any station is known', () => {
    const frame = previewFrame(null);
    const [berlin, newYork] = stationSpots([station('ber', 52.52, 13.4), station('nyc', 40.7, -74)], frame);
    expect(berlin?.x).toBeGreaterThan(0);
    expect(berlin?.x).toBeLessThan(frame.width);
    expect(berlin?.y).toBeGreaterThan(0);
    expect(berlin?.y).toBeLessThan(frame.height);
    expect(newYork?.x).toBeLessThan(0);
  });

  it('draws the land and borders near the frame, leaves far countries out and drops points closer than a pixel', () => {
    const frame = previewFrame(coverageBounds(dutch));
    const near = square(3, 50, 4, 200); // 800 points around the Netherlands
    const far = square(130, -30, 10); // Australia
    const world = worldOf(
      [near, far],
      [
        [
          [6, 50],
          [6, 54],
        ],
        [
          [140, -30],
          [141, -31],
        ],
      ],
    );
    const { land, borders } = worldPaths(world, frame);
    expect(land.match(/M/g)).toHaveLength(1);
    expect(land.endsWith('Z')).toBe(true);
    // The 4-degree square is about 700 units a side here: 800 points, 3.5 units apart, most of them kept.
    expect(commands(land)).toBeGreaterThan(400);
    expect(commands(land)).toBeLessThanOrEqual(801);
    const dense = worldPaths(worldOf([square(5, 52, 0.01, 200)], []), frame);
    // A 1 km square is a few units wide: its 800 points shrink to a handful.
    expect(commands(dense.land)).toBeLessThan(12);
    expect(borders.match(/M/g)).toHaveLength(1);
    expect(borders).not.toContain('Z');
  });

  it('draws each coverage tier as one closed path', () => {
    const frame = previewFrame(coverageBounds(dutch));
    const tiers = tierPaths(coverageTiers(dutch), frame);
    expect(tiers.map(({ tier }) => tier)).toEqual(['degraded', 'good', 'excellent']);
    for (const { data } of tiers) {
      expect(data.startsWith('M')).toBe(true);
      expect(data.endsWith('Z')).toBe(true);
    }
    // The excellent tier's first point lies near Amsterdam, Utrecht or Groningen, inside the frame.
    const [x = 0, y = 0] = (/M([\d.-]+) ([\d.-]+)/.exec(tiers[2]?.data ?? '') ?? []).slice(1).map(Number);
    expect(x).toBeGreaterThan(0);
    expect(x).toBeLessThan(frame.width);
    expect(y).toBeGreaterThan(0);
    expect(y).toBeLessThan(frame.height);
  });
});
