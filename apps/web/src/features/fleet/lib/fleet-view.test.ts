import type { AccountHealth } from '@fixpoint/shared';
import { describe, expect, it } from 'vitest';
import { fleetRovers, sortFleet } from './fleet-view';

const health = (name: string, status: AccountHealth['status'], fixed: number, at?: string): AccountHealth => ({
  accountId: name,
  accountName: name,
  username: `fx-${name}`,
  status,
  reasons: [],
  fix: { fixed, float: 1 - fixed, dgps: 0, single: 0, none: 0 },
  timeToFirstFixS: null,
  correctionAgeS: { p50: null, p95: null },
  satellites: null,
  hdop: null,
  baseDistanceKm: null,
  lastPosition: at ? { lat: 52, lon: 5, at, fix: fixed > 0.5 ? 'fixed' : 'float' } : null,
  station: null,
  isConnected: false,
  sessionCount: 1,
});

const fleet = [
  health('a', 'good', 0.9, '2026-11-28T08:00:00Z'),
  health('b', 'limited', 0.4, '2026-11-28T09:00:00Z'),
  health('c', 'action-required', 0),
  health('d', 'limited', 0.2, '2026-11-28T07:00:00Z'),
  health('e', 'unknown', 0),
];

describe('fleet view', () => {
  it('sorts most urgent first by health, the worse fixed share first within one status', () => {
    expect(sortFleet(fleet, 'health').map((h) => h.accountName)).toEqual(['c', 'd', 'b', 'e', 'a']);
    expect(sortFleet(fleet, 'health', true).map((h) => h.accountName)).toEqual(['a', 'e', 'b', 'd', 'c']);
    expect(
      sortFleet(fleet, 'lastSeen')
        .map((h) => h.accountName)
        .slice(0, 3),
    ).toEqual(['b', 'a', 'd']);
  });

  it('puts only rovers with a last position on the map, coloured by their last fix state', () => {
    const rovers = fleetRovers(fleet);
    expect(rovers.map((r) => [r.accountName, r.fixState])).toEqual([
      ['a', 'fixed'],
      ['b', 'float'],
      ['d', 'float'],
    ]);
  });
});
