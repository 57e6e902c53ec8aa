import type { Map as MapLibreMap } from 'maplibre-gl';
import { markerColors, tierColors, tierOpacity } from './palette';

export const emptyCollection = { type: 'FeatureCollection' as const, features: [] };

/** The map's own layers over the base map: coverage tiers, rovers, stations and the point the user picked. */
export function addDataLayers(map: MapLibreMap, hasOfflineStyle: boolean) {
  map.addSource('coverage', { type: 'geojson', data: emptyCollection });
  map.addSource('stations', { type: 'geojson', data: emptyCollection });
  map.addSource('rovers', { type: 'geojson', data: emptyCollection });
  map.addSource('picked', { type: 'geojson', data: emptyCollection });
  map.addLayer(
    {
      id: 'coverage-fill',
      type: 'fill',
      source: 'coverage',
      paint: {
        'fill-color': [
          'match',
          ['get', 'tier'],
          'excellent',
          tierColors.excellent,
          'good',
          tierColors.good,
          tierColors.degraded,
        ],
        'fill-opacity': tierOpacity,
        'fill-antialias': false,
      },
    },
    // Under the borders of the offline base map, so they stay readable through the coverage.
    hasOfflineStyle ? 'base-borders' : undefined,
  );
  map.addLayer({
    id: 'rovers',
    type: 'circle',
    source: 'rovers',
    paint: {
      'circle-radius': 5,
      // A fleet map's rovers carry their fix state's colour (issue 33); others the rover blue.
      'circle-color': ['coalesce', ['get', 'color'], markerColors.rover],
      'circle-opacity': ['case', ['get', 'isConnected'], 1, 0.55],
      'circle-stroke-color': markerColors.stroke,
      'circle-stroke-width': 1.5,
    },
  });
  map.addLayer({
    id: 'stations',
    type: 'circle',
    source: 'stations',
    // A ring: the coverage tier stays visible at the station's own position.
    paint: {
      'circle-radius': 5,
      'circle-color': 'rgba(0,0,0,0)',
      'circle-stroke-color': [
        'match',
        ['get', 'status'],
        'up',
        markerColors.up,
        'degraded',
        markerColors.degraded,
        markerColors.down,
      ],
      'circle-stroke-width': 2.5,
    },
  });
  map.addLayer({
    id: 'picked',
    type: 'circle',
    source: 'picked',
    paint: {
      'circle-radius': 6,
      'circle-color': 'rgba(0,0,0,0)',
      'circle-stroke-color': '#c2255c',
      'circle-stroke-width': 2,
    },
  });
}
