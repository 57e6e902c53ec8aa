import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubApi } from '../../../testing/render';

const healthy = {
  status: 'ok',
  version: '0.0.0',
  uptimeSeconds: 1,
  database: { kind: 'pglite', reachable: true, latencyMs: 1 },
};

describe('logged-out dashboard', () => {
  it('shows the heading, the three ways in and the live service status', async () => {
    stubApi((url) =>
      url.pathname === '/api/health'
        ? { body: healthy }
        : url.pathname === '/api/auth/get-session'
          ? { body: null }
          : undefined,
    );
    renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'RTK corrections for every rover' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Check network coverage' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('service-status')).toHaveTextContent('All systems operational'));
    expect(document.title).toBe('Fixpoint | Dashboard');
  });

  it('reports a degraded service from a 503 health answer', async () => {
    stubApi((url) =>
      url.pathname === '/api/health'
        ? {
            status: 503,
            body: { ...healthy, status: 'degraded', database: { kind: 'pglite', reachable: false, latencyMs: null } },
          }
        : undefined,
    );
    renderApp('/dashboard');
    await waitFor(() => expect(screen.getByTestId('service-status')).toHaveAttribute('data-state', 'degraded'));
  });

  it('redirects unknown paths to the dashboard', async () => {
    stubApi((url) =>
      url.pathname === '/api/health'
        ? { body: healthy }
        : url.pathname === '/api/auth/get-session'
          ? { body: null }
          : undefined,
    );
    const { router } = renderApp('/no/such/page');
    await screen.findByRole('heading', { level: 1, name: 'RTK corrections for every rover' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('offers sign up from the promo box and the action card', async () => {
    stubApi((url) =>
      url.pathname === '/api/health'
        ? { body: healthy }
        : url.pathname === '/api/auth/get-session'
          ? { body: null }
          : undefined,
    );
    renderApp('/dashboard');
    const buttons = await screen.findAllByRole('button', { name: 'Sign up' });
    expect(buttons.length).toBe(2);
  });
});
