import type { StyleSpecification } from 'maplibre-gl';
import { basePalettes, type MapTheme } from './palette';
import type { World } from './world';

/** The offline base map: sea as background, countries filled, borders drawn; no tiles, fonts or network needed. */
export function offlineStyle(world: World, theme: MapTheme): StyleSpecification {
  const palette = basePalettes[theme];
  return {
    version: 8,
    sources: {
      countries: { type: 'geojson', data: world.countries, attribution: 'Natural Earth' },
      borders: { type: 'geojson', data: world.borders },
    },
    layers: [
      { id: 'base-water', type: 'background', paint: { 'background-color': palette.water } },
      {
        id: 'base-land',
        type: 'fill',
        source: 'countries',
        paint: { 'fill-color': palette.land, 'fill-antialias': false },
      },
      {
        id: 'base-borders',
        type: 'line',
        source: 'borders',
        paint: { 'line-color': palette.border, 'line-width': 0.8 },
      },
    ],
  };
}

/** Repaints the offline base map in the other theme without reloading the style (keeps the coverage layers). */
export const themePaint = (theme: MapTheme) => {
  const palette = basePalettes[theme];
  return [
    ['base-water', 'background-color', palette.water],
    ['base-land', 'fill-color', palette.land],
    ['base-borders', 'line-color', palette.border],
  ] as const;
};
