import type { MapStation } from '@fixpoint/shared';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { useMemo } from 'react';
import { coverageBounds } from '../../lib/maps/coverage-geometry';
import { previewFrame, stationSpots, tierPaths } from '../../lib/maps/map-preview';
import { basePalettes, type MapTheme, markerColors, tierColors, tierOpacity } from '../../lib/maps/palette';
import { useWorldPreview } from '../../lib/maps/use-world-preview';

const statusColor = { up: markerColors.up, degraded: markerColors.degraded, down: markerColors.down } as const;

/**
 * A still picture of the coverage map (decision 0056): the same base map, tiers, colours and first view, drawn as
 * SVG without MapLibre. It stands in for the map until the map is wanted (a touch screen) or ready; it fills its
 * box, which gives it its size.
 */
export function CoveragePreview({
  stations,
  coverage,
  theme,
}: {
  stations: MapStation[];
  coverage: FeatureCollection<Polygon | MultiPolygon> | null;
  theme: MapTheme;
}) {
  const frame = useMemo(() => previewFrame(coverageBounds(stations)), [stations]);
  const world = useWorldPreview(frame);
  const tiers = useMemo(() => (coverage ? tierPaths(coverage, frame) : []), [coverage, frame]);
  const palette = basePalettes[theme];
  return (
    <svg
      data-testid="coverage-preview"
      viewBox={`0 0 ${frame.width} ${frame.height}`}
      preserveAspectRatio="xMidYMid meet"
      width="100%"
      height="100%"
      style={{ display: 'block', background: palette.water }}
      aria-hidden
    >
      {world && <path d={world.land} fill={palette.land} fillRule="evenodd" />}
      {tiers.map(({ tier, data }) => (
        <path
          key={tier}
          data-tier={tier}
          d={data}
          fill={tierColors[tier]}
          fillOpacity={tierOpacity}
          fillRule="evenodd"
        />
      ))}
      {world && (
        <path
          d={world.borders}
          fill="none"
          stroke={palette.border}
          strokeWidth={0.8}
          vectorEffect="non-scaling-stroke"
        />
      )}
      {stationSpots(stations, frame).map((spot) => (
        <circle
          key={spot.id}
          cx={spot.x.toFixed(1)}
          cy={spot.y.toFixed(1)}
          r={10}
          fill="none"
          stroke={statusColor[spot.status]}
          strokeWidth={2.5}
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </svg>
  );
}
