import type { RinexStation } from '@fixpoint/shared';
import { describe, expect, it } from 'vitest';
import { formatKm, nearestStation } from './nearest-station';

const station = (mountpoint: string, latitude: number | null, longitude: number | null, extra = {}): RinexStation => ({
  id: mountpoint,
  mountpoint,
  networkId: 'n1',
  networkName: 'Demo',
  countryCode: 'NLD',
  latitude,
  longitude,
  hourlyPrice: 1,
  retentionDays: 7,
  firstDataAt: '2026-11-01T00:00:00Z',
  lastDataAt: '2026-11-24T00:00:00Z',
  ...extra,
});

describe('the nearest station with data', () => {
  const stations = [
    station('DLF1', 51.986, 4.388),
    station('EIJS', 50.76, 5.68),
    station('NOPOS', null, null),
    station('EMPTY', 52.09, 5.12, { lastDataAt: null }),
  ];

  it('is the closest one with a position and data, with its great-circle baseline', () => {
    // Utrecht: EMPTY is right there but has recorded nothing; Delft is about 50 km away.
    const found = nearestStation(stations, { latitude: 52.09, longitude: 5.12 });
    expect(found?.station.mountpoint).toBe('DLF1');
    expect(found?.distanceKm).toBeGreaterThan(49);
    expect(found?.distanceKm).toBeLessThan(52);
  });

  it('is none when no station has a position', () => {
    expect(nearestStation([station('NOPOS', null, null)], { latitude: 52, longitude: 5 })).toBeNull();
  });

  it('reads as a short distance', () => {
    expect(formatKm(12.345)).toBe('12.3');
    expect(formatKm(240.6)).toBe('241');
  });
});
