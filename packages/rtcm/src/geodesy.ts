/** Earth-centred, Earth-fixed coordinates in metres. */
export interface Ecef {
  x: number;
  y: number;
  z: number;
}

export interface LatLon {
  /** Degrees, north positive. */
  latitude: number;
  /** Degrees, east positive. */
  longitude: number;
}

/** A WGS84 position: latitude and longitude in degrees, height above the ellipsoid in metres. */
export interface Geodetic extends LatLon {
  height: number;
}

const SEMI_MAJOR_AXIS = 6_378_137;
const FLATTENING = 1 / 298.257223563;
const SEMI_MINOR_AXIS = SEMI_MAJOR_AXIS * (1 - FLATTENING);
const ECCENTRICITY_SQUARED = FLATTENING * (2 - FLATTENING);
const SECOND_ECCENTRICITY_SQUARED = ECCENTRICITY_SQUARED / (1 - ECCENTRICITY_SQUARED);
/** IUGG mean Earth radius, the usual choice for great-circle distances. */
export const MEAN_EARTH_RADIUS = 6_371_008.8;

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;
const toDegrees = (radians: number): number => (radians * 180) / Math.PI;

function primeVerticalRadius(sinLatitude: number): number {
  return SEMI_MAJOR_AXIS / Math.sqrt(1 - ECCENTRICITY_SQUARED * sinLatitude * sinLatitude);
}

export function geodeticToEcef({ latitude, longitude, height }: Geodetic): Ecef {
  const lat = toRadians(latitude);
  const lon = toRadians(longitude);
  const sinLat = Math.sin(lat);
  const cosLat = Math.cos(lat);
  const n = primeVerticalRadius(sinLat);
  return {
    x: (n + height) * cosLat * Math.cos(lon),
    y: (n + height) * cosLat * Math.sin(lon),
    z: (n * (1 - ECCENTRICITY_SQUARED) + height) * sinLat,
  };
}

/**
 * Bowring's method iterated on the reduced latitude: three rounds reach well below a millimetre from below the
 * surface up to GNSS orbits (tested), and unlike the textbook h = p / cos(lat) - N the height stays exact at the poles.
 */
export function ecefToGeodetic({ x, y, z }: Ecef): Geodetic {
  const p = Math.hypot(x, y);
  let reduced = Math.atan2(z * SEMI_MAJOR_AXIS, p * SEMI_MINOR_AXIS);
  let lat = 0;
  for (let round = 0; round < 3; round++) {
    const sinReduced = Math.sin(reduced);
    const cosReduced = Math.cos(reduced);
    lat = Math.atan2(
      z + SECOND_ECCENTRICITY_SQUARED * SEMI_MINOR_AXIS * sinReduced ** 3,
      p - ECCENTRICITY_SQUARED * SEMI_MAJOR_AXIS * cosReduced ** 3,
    );
    reduced = Math.atan2((1 - FLATTENING) * Math.sin(lat), Math.cos(lat));
  }
  const sinLat = Math.sin(lat);
  const n = primeVerticalRadius(sinLat);
  const height = p * Math.cos(lat) + (z + ECCENTRICITY_SQUARED * n * sinLat) * sinLat - n;
  return { latitude: toDegrees(lat), longitude: toDegrees(Math.atan2(y, x)), height };
}

/** Great-circle (haversine) distance in metres on the mean sphere; about 0.5 % off the ellipsoid, fine for ranking. */
export function greatCircleDistance(a: LatLon, b: LatLon): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * MEAN_EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The RTK baseline: straight-line distance in metres between two positions, each given as ECEF or geodetic
 * (e.g. a rover's GGA position against a base's 1005 ARP).
 */
export function baselineLength(a: Ecef | Geodetic, b: Ecef | Geodetic): number {
  const from = toEcef(a);
  const to = toEcef(b);
  return Math.hypot(to.x - from.x, to.y - from.y, to.z - from.z);
}

function toEcef(position: Ecef | Geodetic): Ecef {
  return 'x' in position ? position : geodeticToEcef(position);
}
