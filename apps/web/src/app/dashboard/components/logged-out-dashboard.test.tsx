import { brands } from '@fixpoint/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { health, stubVisitor } from '../../../testing/fixtures';
import { renderApp, stubApi } from '../../../testing/render';

describe('logged-out dashboard', () => {
  it('shows the heading, the facts, the three ways in and the live service status', async () => {
    stubVisitor();
    renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'RTK corrections for every rover' }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Protocols' })).getByText('NTRIP 1.0 and 2.0')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Check network coverage' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View networks' })).toHaveAttribute('href', '/marketplace');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    await waitFor(() => expect(screen.getByTestId('service-status')).toHaveTextContent('All systems operational'));
    expect(document.title).toBe('Fixpoint | Dashboard');
  });

  it('reports a degraded service from a 503 health answer', async () => {
    stubApi((url) =>
      url.pathname === '/api/health'
        ? {
            status: 503,
            body: { ...health, status: 'degraded', database: { kind: 'pglite', reachable: false, latencyMs: null } },
          }
        : undefined,
    );
    renderApp('/dashboard');
    await waitFor(() => expect(screen.getByTestId('service-status')).toHaveAttribute('data-state', 'degraded'));
  });

  it('redirects unknown paths to the dashboard', async () => {
    stubVisitor();
    const { router } = renderApp('/no/such/page');
    await screen.findByRole('heading', { level: 1, name: 'RTK corrections for every rover' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it("speaks a brand's static language and titles the page with the brand's name", async () => {
    stubVisitor();
    renderApp('/dashboard', { brand: brands.baupunkt });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'RTK-Korrekturen für jeden Rover' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Baupunkt | Übersicht'));
    expect(document.documentElement.lang).toBe('de');
  });
});
