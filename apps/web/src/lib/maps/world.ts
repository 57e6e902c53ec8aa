import type { Feature, FeatureCollection, MultiLineString, MultiPolygon, Polygon, Position } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import worldUrl from 'world-atlas/countries-50m.json?url';

/**
 * Rings that cross the antimeridian (Russia, Fiji) jump from +180 to -180 in world-atlas; drawn as they are, they
 * make bands across the map. Shift each following point by 360 degrees so the ring stays continuous (MapLibre draws
 * longitudes past 180 on the next world copy).
 */
export function unwrapRing(ring: Position[]): Position[] {
  let offset = 0;
  return ring.map(([lon = 0, lat = 0], index) => {
    if (index > 0) {
      const previous = (ring[index - 1]?.[0] ?? 0) + offset;
      const current = lon + offset;
      if (current - previous > 180) offset -= 360;
      else if (previous - current > 180) offset += 360;
    }
    return [lon + offset, lat];
  });
}

const unwrapGeometry = (geometry: Polygon | MultiPolygon): Polygon | MultiPolygon =>
  geometry.type === 'Polygon'
    ? { type: 'Polygon', coordinates: geometry.coordinates.map(unwrapRing) }
    : { type: 'MultiPolygon', coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapRing)) };

export interface World {
  countries: FeatureCollection<Polygon | MultiPolygon>;
  borders: Feature<MultiLineString>;
}

export function worldFromTopology(topology: Topology): World {
  const countriesObject = topology.objects.countries as GeometryCollection;
  const countries = feature(topology, countriesObject) as FeatureCollection<Polygon | MultiPolygon>;
  return {
    countries: {
      type: 'FeatureCollection',
      features: countries.features
        .filter((f) => f.geometry)
        .map((f) => ({ ...f, geometry: unwrapGeometry(f.geometry) })),
    },
    // Borders between countries only (a !== b): coastlines come from the land fill.
    borders: {
      type: 'Feature',
      properties: {},
      geometry: mesh(topology, countriesObject, (a, b) => a !== b),
    },
  };
}

let world: Promise<World> | undefined;

/** Natural Earth 1:50m countries, shipped with the app (no tile server needed). */
export function loadWorld(): Promise<World> {
  world ??= fetch(worldUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`base map: ${response.status}`);
      return response.json() as Promise<Topology>;
    })
    .then(worldFromTopology)
    .catch((error) => {
      world = undefined;
      throw error;
    });
  return world;
}
