import type { Language } from '@fixpoint/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import de from '../../public/locales/de/translation.json';
import en from '../../public/locales/en/translation.json';
import nl from '../../public/locales/nl/translation.json';
import { ntripAccount, stubUser } from '../testing/fixtures';
import { preloadRoutes, renderApp } from '../testing/render';

// Loaded up front: the routes are lazy, and a first load on a busy machine outlasts findBy's wait.
await preloadRoutes('marketplace');

const locales = { en, nl, de };
const wait = { timeout: 10_000 };

/**
 * Makes every call to `pathname` fail until `heal()`, as the network (fetch rejects as a browser does) or as the
 * server (500 with a message of its own), and passes every other call to the stubs already in place.
 */
function failUntilHealed(pathname: string, failure: 'network' | 'server') {
  const answer = globalThis.fetch;
  const state = { calls: 0, isHealed: false, heal: () => {} };
  state.heal = () => {
    state.isHealed = true;
  };
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === pathname) {
      state.calls += 1;
      if (!state.isHealed && failure === 'network') throw new TypeError('Failed to fetch');
      if (!state.isHealed) {
        return new Response(JSON.stringify({ code: 'INTERNAL', message: 'pool exhausted', requestId: 'req-1' }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        });
      }
    }
    return answer(input, init);
  });
  return state;
}

/** Heals the failing call and clicks Retry: the call is made again. */
async function retry(
  user: { click: (element: Element) => Promise<void> },
  button: HTMLElement,
  api: ReturnType<typeof failUntilHealed>,
) {
  const before = api.calls;
  api.heal();
  await user.click(button);
  await waitFor(() => expect(api.calls).toBeGreaterThan(before));
}

/** The failure alert's sentence and its Retry, in that language; Retry asked for again until it is there. */
async function findRetry(lng: Language, failure: 'network' | 'server') {
  const sentence = failure === 'network' ? locales[lng].errors.api.network : locales[lng].errors.api.INTERNAL;
  const alert = (await screen.findByText(sentence, {}, wait)).closest('[role="alert"]') as HTMLElement;
  expect(alert).not.toBeNull();
  expect(alert).not.toHaveTextContent(/Failed to fetch|pool exhausted/);
  return within(alert).getByRole('button', { name: locales[lng].errors.retry });
}

const networks = [
  {
    id: 'n1',
    code: 'DEMO',
    name: 'Demo Network',
    operator: 'Fixpoint',
    description: '',
    dailyPrice: 4,
    stationCount: 3,
    accessStartsAt: 'purchase',
    countries: ['NLD'],
    coverageRadiusKm: 30,
    plans: [],
  },
];

describe('a page whose data failed to load', () => {
  it('keeps the accounts page heading, says so in Dutch and loads the accounts on Retry', async () => {
    stubUser({}, (url) => {
      if (url.pathname === '/api/accounts') return { body: [ntripAccount('a1', 'Tractor 1')] };
      if (url.pathname === '/api/networks') return { body: networks };
      return undefined;
    });
    const api = failUntilHealed('/api/accounts', 'network');
    const { user } = renderApp('/accounts', { lng: 'nl' });
    const button = await findRetry('nl', 'network');
    expect(screen.getByRole('heading', { level: 1, name: nl.accounts.title })).toBeInTheDocument();
    await retry(user, button, api);
    expect(await screen.findAllByText('Tractor 1', {}, wait)).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: nl.errors.retry })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: nl.accounts.title })).toBeInTheDocument();
  });

  it('keeps the credits page heading on a server failure and loads the balance on Retry', async () => {
    stubUser({}, (url) =>
      url.pathname === '/api/credits/ledger' ? { body: { balance: 42, entries: [], nextCursor: null } } : undefined,
    );
    const api = failUntilHealed('/api/credits/ledger', 'server');
    const { user } = renderApp('/credits');
    const button = await findRetry('en', 'server');
    expect(screen.getByRole('heading', { level: 1, name: en.credits.title })).toBeInTheDocument();
    await retry(user, button, api);
    expect(await screen.findByTestId('credit-balance', {}, wait)).toHaveTextContent('42');
  });

  it('keeps the subscriptions page heading, says so in German and shows the list on Retry', async () => {
    stubUser({}, (url) => (url.pathname === '/api/subscriptions' ? { body: [] } : undefined));
    const api = failUntilHealed('/api/subscriptions', 'network');
    const { user } = renderApp('/subscriptions', { lng: 'de' });
    const button = await findRetry('de', 'network');
    expect(screen.getByRole('heading', { level: 1, name: de.subscriptions.title })).toBeInTheDocument();
    await retry(user, button, api);
    expect(await screen.findByText(de.subscriptions.empty, {}, wait)).toBeInTheDocument();
  });

  it('keeps the network list’s page heading and loads the networks on Retry', async () => {
    stubUser({}, (url) => {
      if (url.pathname === '/api/networks') return { body: networks };
      if (url.pathname === '/api/networks/coverage') return { body: { stations: [] } };
      return undefined;
    });
    const api = failUntilHealed('/api/networks', 'network');
    const { user } = renderApp('/marketplace');
    const button = await findRetry('en', 'network');
    expect(screen.getByRole('heading', { level: 1, name: en.marketplace.heading })).toBeInTheDocument();
    await retry(user, button, api);
    expect(await screen.findAllByText('Demo Network', {}, wait)).not.toHaveLength(0);
  });

  it('keeps the dashboard and its cards, and fills the credit balance on Retry', async () => {
    stubUser({ overview: { tokenAmount: 1250 } }, (url) =>
      url.pathname === '/api/accounts' ? { body: [] } : undefined,
    );
    const api = failUntilHealed('/api/user', 'network');
    const { user } = renderApp('/dashboard');
    const button = await findRetry('en', 'network');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: en.dashboard.stats.credits })).toHaveTextContent('…');
    await retry(user, button, api);
    await waitFor(() =>
      expect(screen.getByRole('group', { name: en.dashboard.stats.credits })).toHaveTextContent('1,250'),
    );
  });

  it('keeps the dashboard’s access card with its title and lists the accounts on Retry', async () => {
    stubUser({}, (url) => (url.pathname === '/api/accounts' ? { body: [ntripAccount('a1', 'Tractor 1')] } : undefined));
    const api = failUntilHealed('/api/accounts', 'server');
    const { user } = renderApp('/dashboard');
    const button = await findRetry('en', 'server');
    const card = button.closest('section') as HTMLElement;
    expect(within(card).getByRole('heading', { name: en.dashboard.access.title })).toBeInTheDocument();
    await retry(user, button, api);
    // The rover table and, for phones, its stacked blocks (CSS shows one of the two).
    expect((await screen.findAllByText('Tractor 1', {}, wait))[0]).toBeInTheDocument();
  });

  it('keeps an admin page heading (products) and loads the products on Retry', async () => {
    stubUser({ overview: { isAdmin: true } }, (url) => {
      if (url.pathname === '/api/admin/products') return { body: [] };
      if (url.pathname === '/api/admin/networks') return { body: [] };
      return undefined;
    });
    const api = failUntilHealed('/api/admin/products', 'server');
    const { user } = renderApp('/admin/products/credits');
    const button = await findRetry('en', 'server');
    expect(screen.getByRole('heading', { level: 1, name: 'Credits' })).toBeInTheDocument();
    await retry(user, button, api);
    expect(
      await screen.findByText('No credit packs yet. Create one so customers can buy credits.', {}, wait),
    ).toBeInTheDocument();
  });

  it('keeps the admin networks heading when one of its two lists fails, and Retry loads it', async () => {
    stubUser({ overview: { isAdmin: true } }, (url) => {
      if (url.pathname === '/api/admin/networks') return { body: [] };
      if (url.pathname === '/api/admin/network-templates') return { body: [] };
      return undefined;
    });
    const api = failUntilHealed('/api/admin/network-templates', 'network');
    const { user } = renderApp('/admin/networks');
    const button = await findRetry('en', 'network');
    expect(screen.getByRole('heading', { level: 1, name: en.adminNetworks.title })).toBeInTheDocument();
    await retry(user, button, api);
    expect(await screen.findByText(en.adminNetworks.empty, {}, wait)).toBeInTheDocument();
  });
});

describe('an action that gets no answer', () => {
  it('says so in the user’s language, never as the browser’s "Failed to fetch"', async () => {
    stubUser({}, (url) => {
      if (url.pathname === '/api/accounts') return { body: [] };
      if (url.pathname === '/api/networks') return { body: networks };
      return undefined;
    });
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
      if (init?.method === 'POST') throw new TypeError('Failed to fetch');
      return answer(input, init);
    });
    const { user } = renderApp('/accounts', { lng: 'de' });
    await user.click(await screen.findByRole('button', { name: de.accounts.create }, wait));
    const dialog = within(await screen.findByRole('dialog', { name: de.accounts.create }));
    await user.type(dialog.getByRole('textbox', { name: de.accounts.settings.name }), 'Traktor');
    await user.click(dialog.getByRole('button', { name: de.accounts.create }));
    expect(await dialog.findByText(de.errors.api.network)).toBeInTheDocument();
    expect(dialog.queryByText(/Failed to fetch/)).not.toBeInTheDocument();
  });
});
