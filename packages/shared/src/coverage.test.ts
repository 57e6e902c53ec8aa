import { describe, expect, it } from 'vitest';
import { distanceKm, expectedQuality, type MapStation, networkStatus, tierForDistance, uptimeShare } from './coverage';

const station = (id: string, latitude: number, longitude: number, status: MapStation['status'] = 'up'): MapStation => ({
  id,
  mountpoint: id,
  identifier: '',
  networkId: 'n',
  networkName: 'N',
  latitude,
  longitude,
  status,
  radiusKm: 30,
});

describe('coverage tiers', () => {
  it('follows PRODUCT.md: under 10 km excellent, 10-30 good, 30-50 degraded, beyond none', () => {
    expect(tierForDistance(0)).toBe('excellent');
    expect(tierForDistance(9.99)).toBe('excellent');
    expect(tierForDistance(10)).toBe('good');
    expect(tierForDistance(29.9)).toBe('good');
    expect(tierForDistance(30)).toBe('degraded');
    expect(tierForDistance(49.9)).toBe('degraded');
    expect(tierForDistance(50)).toBe('none');
    // A network with a 20 km radius: good ends at 20, degraded at 40.
    expect(tierForDistance(25, 20)).toBe('degraded');
    expect(tierForDistance(41, 20)).toBe('none');
  });

  it('measures great-circle distances (Amsterdam to Utrecht is about 34 km)', () => {
    expect(distanceKm({ latitude: 52.3676, longitude: 4.9041 }, { latitude: 52.0907, longitude: 5.1214 })).toBeCloseTo(
      34.0,
      0,
    );
  });

  it('takes the best tier over live stations only, and lists the nearest stations', () => {
    const stations = [station('FAR', 52.4, 5), station('NEAR_DOWN', 52.0, 5.0, 'down'), station('MID', 52.2, 5)];
    const q = expectedQuality({ latitude: 52.0, longitude: 5.0 }, stations);
    // NEAR_DOWN is 0 km away but down; MID is 22 km away: good.
    expect(q.tier).toBe('good');
    expect(q.nearest.map((n) => n.station.id)).toEqual(['NEAR_DOWN', 'MID', 'FAR']);
    expect(expectedQuality({ latitude: 40, longitude: 0 }, stations).tier).toBe('none');
  });

  it('rolls station statuses up into a network status', () => {
    expect(networkStatus(['up', 'up'])).toBe('up');
    expect(networkStatus(['up', 'down'])).toBe('degraded');
    expect(networkStatus(['down'])).toBe('down');
    expect(networkStatus([])).toBe('down');
  });

  it('computes uptime from connect and disconnect events', () => {
    const from = new Date(0);
    const to = new Date(100);
    expect(uptimeShare([], undefined, from, to)).toBe(0);
    expect(uptimeShare([], { kind: 'connected' }, from, to)).toBe(1);
    const events = [
      { kind: 'disconnected' as const, at: new Date(20) },
      { kind: 'connected' as const, at: new Date(50) },
    ];
    expect(uptimeShare(events, { kind: 'connected' }, from, to)).toBeCloseTo(0.7);
  });
});
