import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubVisitor } from '../../../testing/fixtures';
import { preloadRoutes, renderApp } from '../../../testing/render';

// Loaded up front: the route is lazy, and its first load on a busy machine outlasts findBy's wait.
await preloadRoutes('status');

describe('status page', () => {
  it('shows each public network and station up, degraded or down with its uptime over 7 and 30 days', async () => {
    stubVisitor((url) =>
      url.pathname === '/api/status'
        ? {
            body: {
              generatedAt: '2026-11-21T12:00:00.000Z',
              networks: [
                {
                  id: 'n1',
                  code: 'DEMO',
                  name: 'Fixpoint Demo Network',
                  operator: 'Fixpoint',
                  status: 'degraded',
                  uptime7d: 0.75,
                  uptime30d: 0.5,
                  stations: [
                    {
                      id: 's1',
                      mountpoint: 'DEMO_AMS',
                      identifier: 'Amsterdam',
                      status: 'up',
                      uptime7d: 1,
                      uptime30d: 0.999,
                      lastDataAt: null,
                    },
                    {
                      id: 's2',
                      mountpoint: 'DEMO_UTR',
                      identifier: 'Utrecht',
                      status: 'down',
                      uptime7d: 0.5,
                      uptime30d: 0.001,
                      lastDataAt: null,
                    },
                  ],
                },
              ],
            },
          }
        : undefined,
    );
    renderApp('/status');
    const network = within(await screen.findByRole('region', { name: 'Fixpoint Demo Network' }, { timeout: 10_000 }));
    expect(network.getByText('Degraded')).toBeInTheDocument();
    expect(network.getByText('Uptime 7 days:').parentElement).toHaveTextContent('75%');
    const rows = network.getAllByRole('row');
    expect(rows[1]).toHaveTextContent('DEMO_AMSAmsterdamUp100%99.9%');
    expect(rows[2]).toHaveTextContent('DEMO_UTRUtrechtDown50%0.1%');
    expect(network.getByRole('link', { name: 'Fixpoint Demo Network' })).toHaveAttribute('href', '/marketplace/n1');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Network coverage' })).toHaveAttribute(
      'href',
      '/marketplace',
    );
    expect(document.title).toBe('Fixpoint | Network status');
  });
});
