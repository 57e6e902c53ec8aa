import type { AccountHealth } from '@fixpoint/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { HealthSummary } from './health-badge';
import { HealthPanel } from './health-panel';

const limited: AccountHealth = {
  accountId: 'a1',
  accountName: 'Drone',
  username: 'fx-drone',
  status: 'limited',
  reasons: [
    {
      code: 'rarely-fixed',
      text: 'RTK fixed only 33% of the time (float 33%, without RTK 34%).',
      values: { fixedPct: 33, floatPct: 33, otherPct: 34 },
    },
    {
      code: 'base-far',
      text: 'The base is 35.2 km away (more than 30 km): use a nearer station or the AUTO mountpoint.',
      values: { km: 35.2, limit: 30 },
    },
  ],
  fix: { fixed: 0.33, float: 0.33, dgps: 0, single: 0.34, none: 0 },
  timeToFirstFixS: 12,
  correctionAgeS: { p50: 1, p95: 2 },
  satellites: 18,
  hdop: 0.8,
  baseDistanceKm: 35.21,
  lastPosition: { lat: 52.62, lon: 5.22, at: '2026-11-28T09:00:00.000Z', fix: 'single' },
  station: { id: 's1', mountpoint: 'DEMO_AMS' },
  isConnected: false,
  sessionCount: 1,
};

describe('health badge', () => {
  it('shows the status, the first reason in words and the fix shares as a bar', () => {
    renderWithProviders(<HealthSummary health={limited} />);
    expect(screen.getByText('Limited').closest('[data-health]')).toHaveAttribute('data-health', 'limited');
    expect(screen.getByText('RTK fixed only 33% of the time (float 33%, without RTK 34%).')).toBeVisible();
    expect(screen.getByRole('img', { name: 'RTK fixed 33%, RTK float 33%, Single 34%' })).toBeInTheDocument();
  });

  it("words the reasons in the reader's language", () => {
    renderWithProviders(<HealthSummary health={{ ...limited, status: 'action-required' }} />, { lng: 'de' });
    expect(screen.getByText('Handlung nötig')).toBeVisible();
    expect(screen.getByText('Nur 33 % der Zeit RTK fixed (float 33 %, ohne RTK 34 %).')).toBeVisible();
  });

  it('lists every reason and the numbers in the drawer', () => {
    renderWithProviders(<HealthPanel health={limited} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(
      screen.getByText('The base is 35.2 km away (more than 30 km): use a nearer station or the AUTO mountpoint.'),
    ).toBeVisible();
    expect(screen.getByText('35.2 km')).toBeVisible();
    expect(screen.getByText('1 s / 2 s')).toBeVisible();
    expect(screen.getByText(/Last position 52\.62000, 5\.22000/)).toBeVisible();
  });
});
