import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoNetwork, stubUser, stubVisitor } from '../../../testing/fixtures';
import { preloadRoutes, renderApp } from '../../../testing/render';

// Loaded up front: the route is lazy, and its first load on a busy machine outlasts findBy's wait.
await preloadRoutes('marketplace');

const demo = demoNetwork;
const other = {
  ...demo,
  id: 'b0b0',
  code: 'ALP',
  name: 'Alpine RTK',
  operator: 'Alp AG',
  dailyPrice: 3,
  countries: ['AUT', 'CHE'],
};
const station = (mountpoint: string, status: string) => ({
  id: mountpoint,
  mountpoint,
  identifier: mountpoint.slice(5),
  countryCode: 'NLD',
  latitude: 52.1,
  longitude: 5.1,
  status,
  navSystem: 'GPS+GAL',
  format: 'RTCM 3.3',
});

const marketplaceApi = (url: URL) => {
  if (url.pathname === '/api/networks') return { body: [other, demo] };
  if (url.pathname === '/api/networks/coverage') return { body: { stations: [] } };
  if (url.pathname === `/api/networks/${demo.id}`)
    return { body: { ...demo, stations: [station('DEMO_AMS', 'up'), station('DEMO_UTR', 'down')] } };
  if (url.pathname === `/api/networks/${demo.id}/coverage`) return { body: { stations: [] } };
  if (url.pathname === '/api/networks/missing')
    return { status: 404, body: { code: 'NOT_FOUND', message: 'No such network.' } };
  if (url.pathname.startsWith('/api/networks/nope'))
    return { status: 400, body: { code: 'VALIDATION_FAILED', message: 'Invalid params.id: Invalid UUID' } };
  return undefined;
};

describe('marketplace', () => {
  it('shows a visitor the public networks as cards and as a table, and leads to a network', async () => {
    stubVisitor(marketplaceApi);
    const { user, router } = renderApp('/marketplace');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Network coverage' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const card = within(await screen.findByRole('article', { name: 'Fixpoint Demo Network' }));
    expect(card.getByText('Netherlands')).toBeInTheDocument();
    expect(card.getByText('1 credit per day')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Alpine RTK' })).getByText('Austria, Switzerland'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Network status' })).toHaveAttribute('href', '/status');
    // No network has plans yet: no plans column.
    await user.click(screen.getByText('Table'));
    const table = within(screen.getByRole('table'));
    expect(table.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Network',
      'Operator',
      'Stations',
      'Countries',
      'Daily price',
      'Actions',
    ]);
    expect(table.getByText('3 credits per day')).toBeInTheDocument();
    await user.click(table.getAllByRole('button', { name: 'View network' })[1] as HTMLElement);
    expect(router.state.location.pathname).toBe(`/marketplace/${demo.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fixpoint Demo Network' })).toBeInTheDocument();
  });

  it("shows a network's stations with live status and sends a visitor to log in to activate it", async () => {
    stubVisitor(marketplaceApi);
    renderApp(`/marketplace/${demo.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fixpoint Demo Network' })).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('DEMO_AMSAMSUp');
    expect(rows[2]).toHaveTextContent('DEMO_UTRUTRDown');
    expect(within(screen.getByRole('group', { name: 'Live stations' })).getByText('1 / 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in to activate' })).toHaveAttribute(
      'href',
      `/login?returnTo=/marketplace/${demo.id}`,
    );
    expect(screen.queryByRole('link', { name: 'Subscribe' })).not.toBeInTheDocument();
    expect(document.title).toBe('Fixpoint | Fixpoint Demo Network');
  });

  it('leads a signed-in user to activation on their accounts page, and offers plans when the network has some', async () => {
    stubUser({}, (url) =>
      url.pathname === `/api/networks/${demo.id}`
        ? { body: { ...demo, plans: [{ id: 'p1', name: 'Monthly', price: 3000, currency: 'eur' }], stations: [] } }
        : marketplaceApi(url),
    );
    renderApp(`/marketplace/${demo.id}`);
    expect(await screen.findByRole('link', { name: 'Activate access' })).toHaveAttribute(
      'href',
      `/accounts?network=${demo.id}`,
    );
    // Subscribe opens this network's pricing table on the same page.
    expect(screen.getByRole('link', { name: 'Subscribe' })).toHaveAttribute(
      'href',
      `/marketplace/${demo.id}?buy=subscription&network=${demo.id}`,
    );
  });

  it('tells that a network is not found', async () => {
    stubVisitor(marketplaceApi);
    renderApp('/marketplace/missing');
    expect(await screen.findByText('This network does not exist or is not public.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to network coverage' })).toHaveAttribute('href', '/marketplace');
  });

  it('tells that a network is not found when the link holds no network id at all', async () => {
    stubVisitor(marketplaceApi);
    renderApp('/marketplace/nope');
    expect(await screen.findByText('This network does not exist or is not public.')).toBeInTheDocument();
    expect(screen.queryByText(/Invalid params/)).not.toBeInTheDocument();
  });
});
