import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { health, sessionUser, signedInDefaults, stubUser, userOverview } from '../../../testing/fixtures';
import { renderApp, stubApi } from '../../../testing/render';

const station = (id: string, name: string, state: 'up' | 'down' | 'degraded', minutesAgo: number | null) => ({
  id,
  name,
  networkName: 'Demo Network',
  state,
  since: minutesAgo === null ? null : new Date(Date.now() - minutesAgo * 60_000).toISOString(),
});

/** The dashboard with the service status the server answers (and the platform's own health as given). */
function dashboardWith(status: object, { isHealthy = true } = {}) {
  if (isHealthy) stubUser({}, (url) => (url.pathname === '/api/service-status' ? { body: status } : undefined));
  else {
    stubApi((url) => {
      if (url.pathname === '/api/health') return { status: 503, body: { ...health, status: 'degraded' } };
      if (url.pathname === '/api/auth/get-session') return { body: { user: sessionUser, session: {} } };
      if (url.pathname === '/api/user') return { body: userOverview };
      if (url.pathname === '/api/service-status') return { body: status };
      return signedInDefaults(url);
    });
  }
  renderApp('/dashboard');
}

const card = () => screen.findByRole('group', { name: 'Service' }, { timeout: 10_000 });

describe("the dashboard's service card", () => {
  it('says Operational only when every station the person uses is up', async () => {
    dashboardWith({
      state: 'operational',
      stations: [station('s1', 'DELF00NLD', 'up', 60), station('s2', 'WSRT00NLD', 'up', 60)],
    });
    const service = await card();
    await waitFor(() => expect(service).toHaveTextContent('Operational'));
    expect(service).toHaveAttribute('data-color', 'success');
    expect(service).toHaveTextContent('All 2 stations you use are up.');
  });

  it('names the down station and since when, and leads to the status page', async () => {
    dashboardWith({
      state: 'down',
      stations: [station('s1', 'DELF00NLD', 'down', 5), station('s2', 'WSRT00NLD', 'up', 60)],
    });
    const service = await card();
    await waitFor(() => expect(service).toHaveTextContent('DELF00NLD down'));
    expect(service).toHaveAttribute('data-color', 'error');
    expect(service).not.toHaveTextContent('Operational');
    const affected = within(within(service).getByRole('list', { name: 'Affected stations' }));
    expect(affected.getAllByRole('listitem')).toHaveLength(1);
    expect(affected.getByRole('listitem')).toHaveTextContent(/^DELF00NLD \(Demo Network\) since .+ \(5 min\. ago\)$/);
    expect(within(service).getByRole('link', { name: 'Open the status page' })).toHaveAttribute('href', '/status');
  });

  it('counts several down stations, names the first three, and puts down before degraded', async () => {
    dashboardWith({
      state: 'down',
      stations: [
        station('s1', 'AAAA00NLD', 'down', 5),
        station('s2', 'BBBB00NLD', 'down', 7),
        station('s3', 'CCCC00NLD', 'down', null),
        station('s4', 'DDDD00NLD', 'down', 9),
        station('s5', 'EEEE00NLD', 'degraded', 9),
      ],
    });
    const service = await card();
    await waitFor(() => expect(service).toHaveTextContent('4 stations down'));
    const items = within(within(service).getByRole('list', { name: 'Affected stations' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^AAAA00NLD/),
      expect.stringMatching(/^BBBB00NLD/),
      'CCCC00NLD (Demo Network) since the caster started',
      'and 1 more',
    ]);
    expect(service).not.toHaveTextContent('EEEE00NLD');
  });

  it('names a degraded station in amber', async () => {
    dashboardWith({ state: 'degraded', stations: [station('s1', 'DELF00NLD', 'degraded', 2)] });
    const service = await card();
    await waitFor(() => expect(service).toHaveTextContent('DELF00NLD degraded'));
    expect(service).toHaveAttribute('data-color', 'warning');
  });

  it('keeps saying when the platform itself is degraded, whatever the stations', async () => {
    dashboardWith({ state: 'operational', stations: [] }, { isHealthy: false });
    const service = await card();
    await waitFor(() => expect(service).toHaveTextContent('Degraded'));
    expect(service).toHaveAttribute('data-color', 'warning');
  });
});
