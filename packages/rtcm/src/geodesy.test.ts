import { describe, expect, it } from 'vitest';
import { baselineLength, ecefToGeodetic, type Geodetic, geodeticToEcef, greatCircleDistance } from './geodesy';

describe('geodeticToEcef / ecefToGeodetic', () => {
  it('places known points', () => {
    const equator = geodeticToEcef({ latitude: 0, longitude: 0, height: 0 });
    expect(equator.x).toBeCloseTo(6_378_137, 6);
    expect(equator.y).toBeCloseTo(0, 6);
    expect(equator.z).toBeCloseTo(0, 6);
    const pole = geodeticToEcef({ latitude: 90, longitude: 0, height: 0 });
    expect(pole.z).toBeCloseTo(6_356_752.314_245, 5);
  });

  it('converts the 1006 test station to a plausible place', () => {
    const { latitude, longitude, height } = ecefToGeodetic({
      x: -4_472_357.5368,
      y: 2_670_485.1794,
      z: -3_669_374.4263,
    });
    expect(latitude).toBeCloseTo(-35.34, 1);
    expect(longitude).toBeCloseTo(149.16, 1);
    expect(Math.abs(height)).toBeLessThan(1000);
  });

  it('round-trips within 1 mm from the poles to orbit', () => {
    const points: Geodetic[] = [];
    for (let latitude = -90; latitude <= 90; latitude += 7.5) {
      for (let longitude = -180; longitude < 180; longitude += 37) {
        for (const height of [-430, 0, 0.001, 8_848, 400_000, 20_200_000]) points.push({ latitude, longitude, height });
      }
    }
    for (const point of points) {
      const ecef = geodeticToEcef(point);
      const back = geodeticToEcef(ecefToGeodetic(ecef));
      const error = Math.hypot(back.x - ecef.x, back.y - ecef.y, back.z - ecef.z);
      expect(error, JSON.stringify(point)).toBeLessThan(0.001);
      const geodetic = ecefToGeodetic(ecef);
      expect(Math.abs(geodetic.height - point.height), JSON.stringify(point)).toBeLessThan(0.001);
      expect(Math.abs(geodetic.latitude - point.latitude) * 111_000).toBeLessThan(0.001);
    }
  });

  it('handles points on the axis', () => {
    expect(ecefToGeodetic({ x: 0, y: 0, z: 6_356_752.314_245 + 10 })).toMatchObject({ latitude: 90, longitude: 0 });
    expect(ecefToGeodetic({ x: 0, y: 0, z: -6_356_752.314_245 }).height).toBeCloseTo(0, 6);
  });
});

describe('greatCircleDistance', () => {
  it('makes one degree of latitude about 111 km', () => {
    const distance = greatCircleDistance({ latitude: 45, longitude: 7 }, { latitude: 46, longitude: 7 });
    expect(distance).toBeGreaterThan(110_900);
    expect(distance).toBeLessThan(111_300);
  });

  it('is zero for the same point and symmetric', () => {
    const a = { latitude: 52.37, longitude: 4.89 };
    const b = { latitude: 48.86, longitude: 2.35 };
    expect(greatCircleDistance(a, a)).toBe(0);
    expect(greatCircleDistance(a, b)).toBeCloseTo(greatCircleDistance(b, a), 6);
    // Amsterdam - Paris is about 430 km.
    expect(greatCircleDistance(a, b) / 1000).toBeCloseTo(430, -1);
  });

  it('handles antipodes and the date line', () => {
    expect(greatCircleDistance({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(
      Math.PI * 6_371_008.8,
      3,
    );
    const acrossDateLine = greatCircleDistance({ latitude: 0, longitude: 179.5 }, { latitude: 0, longitude: -179.5 });
    expect(acrossDateLine / 1000).toBeCloseTo(111.2, 0);
  });
});

describe('baselineLength', () => {
  it('measures between ECEF and geodetic positions alike', () => {
    const base = { latitude: 52, longitude: 5, height: 40 };
    const baseEcef = geodeticToEcef(base);
    const rover = { latitude: 52.01, longitude: 5, height: 40 };
    const length = baselineLength(rover, baseEcef);
    expect(length).toBeCloseTo(baselineLength(geodeticToEcef(rover), base), 6);
    expect(length / 1000).toBeCloseTo(1.113, 2);
    expect(baselineLength(base, { ...base, height: 50 })).toBeCloseTo(10, 6);
  });
});
