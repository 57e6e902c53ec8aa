import { type CoverageTier, type MapRover, type MapStation, tierEdgesKm } from '@fixpoint/shared';
import circle from '@turf/circle';
import type { FeatureCollection, MultiPolygon, Point, Polygon } from 'geojson';
import polygonClipping, { type MultiPolygon as Area, type Polygon as Disc } from 'polygon-clipping';
import { fixStateColors, markerColors } from './palette';

export interface TierFeature {
  type: 'Feature';
  properties: { tier: Exclude<CoverageTier, 'none'> };
  geometry: MultiPolygon;
}

const unionOf = (discs: Disc[]): Area => {
  const [first, ...rest] = discs;
  return first ? polygonClipping.union(first, ...rest) : [];
};

const minus = (area: Area, hole: Area): Area =>
  area.length === 0 || hole.length === 0 ? area : polygonClipping.difference(area, hole);

/**
 * The coverage tiers as areas that do not overlap: the union of every live station's circle at each tier's edge,
 * minus the better tier's union. So where two networks or stations overlap the best tier shows once, and a
 * translucent fill never stacks (docs/decisions/0029). polygon-clipping does the merging: about three times faster
 * here than polyclip-ts, which turf's union wraps (bench/map-coverage).
 */
export function coverageTiers(stations: MapStation[], steps?: number): FeatureCollection<Polygon | MultiPolygon> {
  const live = stations.filter((station) => station.status !== 'down');
  // 32 sides are within 0.3 km of a 50 km circle and take half the merging time of 64 (bench/map-coverage).
  const sides = steps ?? (live.length > 50 ? 32 : 64);
  const unionAt = (edge: 'excellent' | 'good' | 'degraded') =>
    unionOf(
      live.map(
        (station) =>
          circle([station.longitude, station.latitude], tierEdgesKm(station.radiusKm)[edge], {
            steps: sides,
            units: 'kilometers',
          }).geometry.coordinates as Disc,
      ),
    );
  const excellent = unionAt('excellent');
  const good = unionAt('good');
  const degraded = unionAt('degraded');
  const bands: [TierFeature['properties']['tier'], Area][] = [
    ['degraded', minus(degraded, good)],
    ['good', minus(good, excellent)],
    ['excellent', excellent],
  ];
  return {
    type: 'FeatureCollection',
    features: bands.flatMap(([tier, coordinates]) =>
      coordinates.length > 0
        ? [
            {
              type: 'Feature',
              properties: { tier },
              geometry: { type: 'MultiPolygon', coordinates },
            } satisfies TierFeature,
          ]
        : [],
    ),
  };
}

export const stationPoints = (stations: MapStation[]): FeatureCollection<Point> => ({
  type: 'FeatureCollection',
  features: stations.map((station) => ({
    type: 'Feature',
    properties: { id: station.id, status: station.status, mountpoint: station.mountpoint },
    geometry: { type: 'Point', coordinates: [station.longitude, station.latitude] },
  })),
});

export const roverPoints = (rovers: MapRover[]): FeatureCollection<Point> => ({
  type: 'FeatureCollection',
  features: rovers.flatMap((rover) =>
    rover.latitude === null || rover.longitude === null
      ? []
      : [
          {
            type: 'Feature' as const,
            properties: {
              id: rover.sessionId,
              isConnected: rover.isConnected,
              color: rover.fixState ? fixStateColors[rover.fixState] : markerColors.rover,
            },
            geometry: { type: 'Point' as const, coordinates: [rover.longitude, rover.latitude] },
          },
        ],
  ),
});

/** West, south, east, north around the stations' outermost tier, or null with no stations. */
export function coverageBounds(stations: MapStation[]): [number, number, number, number] | null {
  if (stations.length === 0) return null;
  let [west, south, east, north] = [180, 90, -180, -90];
  for (const station of stations) {
    const km = tierEdgesKm(station.radiusKm).degraded;
    const dLat = km / 111.32;
    const dLon = km / (111.32 * Math.max(0.1, Math.cos((station.latitude * Math.PI) / 180)));
    west = Math.min(west, station.longitude - dLon);
    east = Math.max(east, station.longitude + dLon);
    south = Math.min(south, station.latitude - dLat);
    north = Math.max(north, station.latitude + dLat);
  }
  return [west, south, east, north];
}
