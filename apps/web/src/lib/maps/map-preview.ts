import type { MapStation } from '@fixpoint/shared';
import type { FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import type { TierFeature } from './coverage-geometry';
import type { World } from './world';

/**
 * The still picture of a coverage map (decision 0056): Web Mercator as MapLibre draws it, framed on the stations'
 * coverage as the map's first view is, in SVG path data. A frame maps the framed area to about 1,000 units on its
 * longer side; the SVG shows it with `preserveAspectRatio="xMidYMid meet"`, and the world around the frame is drawn
 * too (out to `margin` frames on each side), so a box of another shape than the frame shows land there, not a gap.
 */
export interface PreviewFrame {
  /** The framed area's top left in Mercator pixels at zoom 0 (a 512-unit world), and units per such pixel. */
  x0: number;
  y0: number;
  scale: number;
  width: number;
  height: number;
}

/** The longer side of a frame, in SVG units; one unit is about half a pixel in a 460 px high map. */
export const frameUnits = 1000;
/** How many frame sizes of world are drawn on each side of the frame. */
const margin = 1.5;
/** Points closer than this (SVG units) to the last one kept are dropped: below a pixel at any usual map size. */
const tolerance = 1.5;

const mercatorX = (longitude: number) => ((longitude + 180) / 360) * 512;
const mercatorY = (latitude: number) => {
  const clamped = Math.max(-85.05, Math.min(85.05, latitude));
  return ((1 - Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360)) / Math.PI) / 2) * 512;
};

/** Europe, as the map's initial view (centre 8° E 50° N at zoom 3.5) shows it in a box of about 640 x 460 px. */
const europe: [number, number, number, number] = [-31.8, 28.1, 47.8, 65.1];

/**
 * The frame of these bounds (west, south, east, north), with the same 16 px of room the map's fitBounds leaves
 * (taken as 4 % of each side); Europe without bounds.
 */
export function previewFrame(bounds: [number, number, number, number] | null): PreviewFrame {
  const [west, south, east, north] = bounds ?? europe;
  const left = mercatorX(west);
  const top = mercatorY(north);
  // A lone station with a tiny radius still gets an area of about a city (zoom 13).
  const spanX = Math.max(mercatorX(east) - left, 0.06);
  const spanY = Math.max(mercatorY(south) - top, 0.06);
  const pad = 0.04 * Math.max(spanX, spanY);
  const scale = frameUnits / (Math.max(spanX, spanY) + 2 * pad);
  return {
    x0: left - pad,
    y0: top - pad,
    scale,
    width: Math.round((spanX + 2 * pad) * scale),
    height: Math.round((spanY + 2 * pad) * scale),
  };
}

const project = (frame: PreviewFrame, [longitude = 0, latitude = 0]: Position): [number, number] => [
  (mercatorX(longitude) - frame.x0) * frame.scale,
  (mercatorY(latitude) - frame.y0) * frame.scale,
];

/** Whether a line's points come anywhere near the drawn area (the frame and its margin). */
function isNear(frame: PreviewFrame, points: [number, number][]): boolean {
  const reachX = margin * frame.width;
  const reachY = margin * frame.height;
  let [minX, minY, maxX, maxY] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, -1 / 0, -1 / 0];
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  return maxX >= -reachX && minX <= frame.width + reachX && maxY >= -reachY && minY <= frame.height + reachY;
}

/** One line as path data, without the points that lie within `tolerance` of the last one kept. */
function lineData(points: [number, number][], closed: boolean): string {
  let data = '';
  let last: [number, number] | undefined;
  points.forEach((point, index) => {
    const isEnd = index === points.length - 1;
    if (last && !isEnd && Math.abs(point[0] - last[0]) + Math.abs(point[1] - last[1]) < tolerance) return;
    data += `${last ? 'L' : 'M'}${point[0].toFixed(1)} ${point[1].toFixed(1)}`;
    last = point;
  });
  return closed ? `${data}Z` : data;
}

/** Polygons as one path (with `fill-rule="evenodd"` holes stay holes); those far from the frame left out. */
function polygonsData(frame: PreviewFrame, polygons: Position[][][]): string {
  let data = '';
  for (const polygon of polygons) {
    const rings = polygon.map((ring) => ring.map((position) => project(frame, position)));
    if (!rings[0] || !isNear(frame, rings[0])) continue;
    for (const ring of rings) data += lineData(ring, true);
  }
  return data;
}

const polygonsOf = (geometry: Polygon | MultiPolygon): Position[][][] =>
  geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;

/** The base map in the frame: land (every country as one path) and the borders between countries. */
export function worldPaths(world: World, frame: PreviewFrame): { land: string; borders: string } {
  const land = polygonsData(
    frame,
    world.countries.features.flatMap((feature) => polygonsOf(feature.geometry)),
  );
  let borders = '';
  for (const line of world.borders.geometry.coordinates) {
    const points = line.map((position) => project(frame, position));
    if (points.length > 1 && isNear(frame, points)) borders += lineData(points, false);
  }
  return { land, borders };
}

/** Each coverage tier as one path, in the order they are drawn (the tiers do not overlap). */
export function tierPaths(
  coverage: FeatureCollection<Polygon | MultiPolygon>,
  frame: PreviewFrame,
): { tier: TierFeature['properties']['tier']; data: string }[] {
  return coverage.features.flatMap((feature) => {
    const data = polygonsData(frame, polygonsOf(feature.geometry));
    const tier = (feature.properties as TierFeature['properties'] | null)?.tier;
    return tier && data ? [{ tier, data }] : [];
  });
}

/** The stations' positions in the frame. */
export const stationSpots = (stations: MapStation[], frame: PreviewFrame) =>
  stations.map((station) => {
    const [x, y] = project(frame, [station.longitude, station.latitude]);
    return { id: station.id, status: station.status, x, y };
  });
