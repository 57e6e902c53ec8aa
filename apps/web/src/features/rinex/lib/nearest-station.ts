import { distanceKm, type LatLon, type RinexStation } from '@fixpoint/shared';

export interface NearestStation {
  station: RinexStation;
  /** The baseline from the point to the station, great-circle. */
  distanceKm: number;
}

/** The station with recorded data and a known position nearest to a point, with its baseline; null if none. */
export function nearestStation(stations: readonly RinexStation[], point: LatLon): NearestStation | null {
  let best: NearestStation | null = null;
  for (const station of stations) {
    if (station.latitude === null || station.longitude === null || station.lastDataAt === null) continue;
    const distance = distanceKm(point, { latitude: station.latitude, longitude: station.longitude });
    if (!best || distance < best.distanceKm) best = { station, distanceKm: distance };
  }
  return best;
}

/** `12.3` under 100 km, whole kilometres beyond. */
export const formatKm = (km: number) => (km < 100 ? km.toFixed(1) : String(Math.round(km)));
