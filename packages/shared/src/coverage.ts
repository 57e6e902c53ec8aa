import { z } from 'zod';

/**
 * Coverage (PRODUCT.md): each station covers a radius (default 30 km); the expected quality at a point follows the
 * baseline to the nearest live station. Under 10 km "excellent", up to the radius "good", up to 20 km past it
 * "degraded" (10 / 30 / 50 km with the default radius), beyond that "none".
 */
export const coverageTiers = ['excellent', 'good', 'degraded', 'none'] as const;
export type CoverageTier = (typeof coverageTiers)[number];

export const defaultCoverageRadiusKm = 30;
const excellentKm = 10;
const degradedMarginKm = 20;

/** The outer edge of each tier, in km, for a station covering `radiusKm`. */
export function tierEdgesKm(radiusKm: number = defaultCoverageRadiusKm) {
  return {
    excellent: Math.min(excellentKm, radiusKm),
    good: radiusKm,
    degraded: radiusKm + degradedMarginKm,
  } as const;
}

/** The tier a rover this far (km) from a live station of radius `radiusKm` can expect. */
export function tierForDistance(distanceKm: number, radiusKm: number = defaultCoverageRadiusKm): CoverageTier {
  const edges = tierEdgesKm(radiusKm);
  if (distanceKm < edges.excellent) return 'excellent';
  if (distanceKm < edges.good) return 'good';
  if (distanceKm < edges.degraded) return 'degraded';
  return 'none';
}

const tierRank: Record<CoverageTier, number> = { excellent: 0, good: 1, degraded: 2, none: 3 };

/** The better of two tiers. */
export const bestTier = (a: CoverageTier, b: CoverageTier): CoverageTier => (tierRank[a] <= tierRank[b] ? a : b);

export interface LatLon {
  latitude: number;
  longitude: number;
}

const meanEarthRadiusKm = 6371.0088;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in km, the same formula as packages/rtcm's greatCircleDistance. */
export function distanceKm(a: LatLon, b: LatLon): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * meanEarthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const stationStatuses = ['up', 'degraded', 'down'] as const;
export type StationStatus = (typeof stationStatuses)[number];

/** A station on a map: its effective position (entered, else decoded from RTCM) and live status. */
export const mapStationSchema = z
  .object({
    id: z.string(),
    mountpoint: z.string(),
    /** A place name or identifier; may be empty. */
    identifier: z.string(),
    networkId: z.string(),
    networkName: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    status: z.enum(stationStatuses),
    /** The network's coverage radius. */
    radiusKm: z.number(),
  })
  .meta({ id: 'MapStation' });
export type MapStation = z.infer<typeof mapStationSchema>;

/**
 * Expected quality at a point, merged across the given stations: only live ones ("up" or "degraded") count; the
 * best tier any of them gives wins, and the nearest stations come with their distances.
 */
export function expectedQuality(point: LatLon, stations: MapStation[], nearestCount = 3) {
  const measured = stations
    .map((station) => ({ station, distanceKm: distanceKm(point, station) }))
    .sort((a, b) => a.distanceKm - b.distanceKm);
  let tier: CoverageTier = 'none';
  for (const { station, distanceKm: d } of measured) {
    if (station.status !== 'down') tier = bestTier(tier, tierForDistance(d, station.radiusKm));
  }
  return { tier, nearest: measured.slice(0, nearestCount) };
}

/** A rover's last reported position (GGA) from a caster session. */
export const mapRoverSchema = z
  .object({
    sessionId: z.string(),
    accountName: z.string(),
    username: z.string(),
    mountpoint: z.string(),
    /** Null while a connected rover has not sent a GGA position yet (admin map only). */
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    /** When the position was reported (the session's last GGA), or the session start. */
    reportedAt: z.string(),
    isConnected: z.boolean(),
    /** The fleet map only: the latest GGA's fix state, which colours the dot (issue 33). */
    fixState: z.enum(['fixed', 'float', 'dgps', 'single', 'none']).nullable().optional(),
  })
  .meta({ id: 'MapRover' });
export type MapRover = z.infer<typeof mapRoverSchema>;

/** `GET /api/map` and `GET /api/admin/map`. */
export const mapDataSchema = z
  .object({
    stations: z.array(mapStationSchema),
    rovers: z.array(mapRoverSchema),
  })
  .meta({ id: 'MapData' });
export type MapData = z.infer<typeof mapDataSchema>;

/** `GET /api/status`: uptime is the share of the period a station was connected (0..1). */
export const stationStatusEntrySchema = z.object({
  id: z.string(),
  mountpoint: z.string(),
  identifier: z.string(),
  status: z.enum(stationStatuses),
  uptime7d: z.number(),
  uptime30d: z.number(),
  lastDataAt: z.string().nullable(),
});
export const networkStatusEntrySchema = z
  .object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    operator: z.string(),
    status: z.enum(stationStatuses),
    uptime7d: z.number(),
    uptime30d: z.number(),
    stations: z.array(stationStatusEntrySchema),
  })
  .meta({ id: 'NetworkStatus' });
export const statusPageSchema = z
  .object({ generatedAt: z.string(), networks: z.array(networkStatusEntrySchema) })
  .meta({ id: 'StatusPage' });
export type NetworkStatusEntry = z.infer<typeof networkStatusEntrySchema>;
export type StatusPage = z.infer<typeof statusPageSchema>;

/** A network is up when all its stations are, down when none is, degraded in between (or with none). */
export function networkStatus(statuses: StationStatus[]): StationStatus {
  if (statuses.length === 0) return 'down';
  if (statuses.every((s) => s === 'up')) return 'up';
  if (statuses.every((s) => s === 'down')) return 'down';
  return 'degraded';
}

/**
 * Share of [from, to) a station was connected, from its connect/disconnect events in time order. `before` is the
 * last event before `from` (the state the period starts in); with none the station counts as down until its first
 * event.
 */
export function uptimeShare(
  events: { kind: 'connected' | 'disconnected'; at: Date }[],
  before: { kind: 'connected' | 'disconnected' } | undefined,
  from: Date,
  to: Date,
): number {
  const span = to.getTime() - from.getTime();
  if (span <= 0) return 0;
  let up = before?.kind === 'connected';
  let cursor = from.getTime();
  let connected = 0;
  for (const event of events) {
    const at = Math.min(Math.max(event.at.getTime(), from.getTime()), to.getTime());
    if (up) connected += at - cursor;
    cursor = at;
    up = event.kind === 'connected';
  }
  if (up) connected += to.getTime() - cursor;
  return connected / span;
}
