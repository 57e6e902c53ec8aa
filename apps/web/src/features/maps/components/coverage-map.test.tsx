import { brands, type MapStation } from '@fixpoint/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { CoverageMap } from './coverage-map';

const stations: MapStation[] = [
  {
    id: 's1',
    mountpoint: 'DEMO_UTR',
    identifier: 'Utrecht',
    networkId: 'n1',
    networkName: 'Demo',
    latitude: 52.09,
    longitude: 5.12,
    status: 'up',
    radiusKm: 30,
  },
];

describe('coverage map', () => {
  it("starts in the brand's map style and remembers a switch", async () => {
    const { user, unmount } = renderWithProviders(<CoverageMap stations={stations} label="Coverage" />);
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await user.click(screen.getByText('Light'));
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(localStorage.getItem('fixpoint.mapTheme')).toBe('light');
    unmount();
    // Akkerpunt defaults to a light map; the remembered choice wins over any brand default.
    localStorage.setItem('fixpoint.mapTheme', 'dark');
    renderWithProviders(<CoverageMap stations={stations} label="Coverage" />, { brand: brands.akkerpunt });
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
  });

  it('uses a light map for a brand without darkMap', () => {
    renderWithProviders(<CoverageMap stations={stations} label="Coverage" />, { brand: brands.akkerpunt, lng: 'en' });
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
  });

  it('explains the missing map where the browser has no WebGL, and keeps the legend', () => {
    renderWithProviders(<CoverageMap stations={stations} label="Coverage" />);
    expect(screen.getByText('This browser cannot draw maps')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Legend' })).toHaveTextContent('ExcellentGoodDegraded');
    expect(screen.getByText(/Click the map to see the expected quality/)).toBeInTheDocument();
  });
});
