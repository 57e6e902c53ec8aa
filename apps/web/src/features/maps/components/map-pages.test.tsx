import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubUser } from '../../../testing/fixtures';
import { preloadRoutes, renderApp } from '../../../testing/render';

// Loaded up front: the routes are lazy, and their first load on a busy machine outlasts findBy's wait.
await preloadRoutes('map', 'adminMap');

const station = (mountpoint: string, status: string) => ({
  id: mountpoint,
  mountpoint,
  identifier: '',
  networkId: 'n1',
  networkName: 'Demo',
  latitude: 52,
  longitude: 5,
  status,
  radiusKm: 30,
});
const rover = {
  sessionId: 'r1',
  accountName: 'Tractor 1',
  username: 'fx-k3m9q2t',
  mountpoint: 'DEMO_AUTO',
  latitude: 52.12345,
  longitude: 5.54321,
  reportedAt: '2026-11-21T10:00:00.000Z',
  isConnected: true,
};

describe('map pages', () => {
  it("shows a user without usable access the way to the networks, and their rovers' last positions", async () => {
    stubUser({}, (url) => (url.pathname === '/api/map' ? { body: { stations: [], rovers: [rover] } } : undefined));
    renderApp('/map');
    expect(await screen.findByRole('heading', { level: 1, name: 'Map' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('None of your accounts can use a network now')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'View networks' })).toHaveAttribute(
      'href',
      '/marketplace',
    );
    const rovers = within(screen.getByRole('region', { name: 'Rovers' }));
    expect(rovers.getByText('Tractor 1')).toBeInTheDocument();
    expect(rovers.getByText('52.12345, 5.54321')).toBeInTheDocument();
  });

  it('shows an admin the station counts by status and the connected rovers', async () => {
    stubUser({ overview: { isAdmin: true } }, (url) =>
      url.pathname === '/api/admin/map'
        ? {
            body: {
              stations: [station('A', 'up'), station('B', 'up'), station('C', 'down')],
              rovers: [rover, { ...rover, sessionId: 'r2', accountName: 'Drone 2', latitude: null, longitude: null }],
            },
          }
        : undefined,
    );
    renderApp('/admin/anything');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Network map' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Stations up' })).getByText('2')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Stations down' })).getByText('1')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Rovers connected' })).getByText('2')).toBeInTheDocument();
    const rovers = within(screen.getByRole('region', { name: 'Rovers' }));
    expect(rovers.getAllByRole('row')[2]).toHaveTextContent('Drone 2');
    expect(rovers.getAllByRole('row')[2]).toHaveTextContent('No position yet');
  });
});
