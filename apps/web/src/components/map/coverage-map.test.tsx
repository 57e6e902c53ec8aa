import { brands, type MapStation } from '@fixpoint/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
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

  describe('on a touch screen', () => {
    const matchMedia = window.matchMedia;
    afterEach(() => {
      window.matchMedia = matchMedia;
    });
    const touch = () => {
      window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: query === '(hover: none)' })) as never;
    };

    it('shows a still picture of the coverage until tapped, then asks for the map', async () => {
      touch();
      const { user } = renderWithProviders(<CoverageMap stations={stations} label="Coverage" stillOnTouch />);
      const preview = screen.getByTestId('coverage-preview');
      // The station's ring, and no map asked for yet (jsdom has no WebGL: asking would show the notice).
      expect(preview.querySelectorAll('circle')).toHaveLength(1);
      expect(screen.queryByText('This browser cannot draw maps')).not.toBeInTheDocument();
      expect(screen.getByText(/Tap the map to explore it/)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Explore the map' }));
      // Now the map is asked for; jsdom draws no WebGL: the map's own notice, as on any browser without it.
      expect(screen.getByText('This browser cannot draw maps')).toBeInTheDocument();
      expect(screen.getByText(/Click the map to see the expected quality/)).toBeInTheDocument();
    });

    it('starts the map at once where the page does not ask for a still one', () => {
      touch();
      renderWithProviders(<CoverageMap stations={stations} label="Coverage" />);
      expect(screen.queryByRole('button', { name: 'Explore the map' })).not.toBeInTheDocument();
      expect(screen.getByText('This browser cannot draw maps')).toBeInTheDocument();
    });
  });
});
