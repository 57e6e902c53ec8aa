import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

const account = {
  id: '7b0c6f34-8a8e-4a57-9a57-6e7f0c1d2e3f',
  name: 'Tractor 1',
  username: 'fx-k3m9q2t',
  maxConnections: 1,
  isDisabled: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastConnectedAt: '2026-11-20T10:00:00.000Z',
  networks: [
    {
      networkId: 'n1',
      networkName: 'Demo Network',
      networkCode: 'DEMO',
      state: 'expired',
      activeUntil: '2026-11-10T10:00:00.000Z',
      daysLeft: 0,
    },
  ],
  diagnosis: 'web-password',
};
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
  },
];
const password = crypto.randomUUID().replaceAll('-', '').slice(0, 16);
const credentials = {
  host: 'caster.example.com',
  port: 2101,
  tlsPort: 2102,
  username: 'fx-k3m9q2t',
  password,
  mountpoints: [{ mountpoint: 'DEMO_AUTO', networkName: 'Demo Network', isAuto: true }],
  ntripVersion: 2,
  rtklibUrl: `ntrip://fx-k3m9q2t:${password}@caster.example.com:2101/DEMO_AUTO`,
};

function stubAccounts(balance: number, shown: typeof account = account) {
  return stubUser({ overview: { tokenAmount: balance } }, (url) => {
    if (url.pathname === '/api/accounts') return { body: [shown] };
    if (url.pathname === '/api/networks') return { body: networks };
    if (url.pathname === `/api/accounts/${account.id}/credentials`) return { body: credentials };
    if (url.pathname === `/api/accounts/${account.id}/sessions`) return { body: [] };
    return undefined;
  });
}

describe('NTRIP accounts page', () => {
  it('coming from a network page, activates the chosen account on that network', async () => {
    const other = { ...networks[0], id: 'n2', code: 'RELAY', name: 'Relay Network', dailyPrice: 7 };
    stubUser({ overview: { tokenAmount: 20 } }, (url) => {
      if (url.pathname === '/api/accounts') return { body: [account] };
      if (url.pathname === '/api/networks') return { body: [...networks, other] };
      return undefined;
    });
    const { user, router } = renderApp('/accounts?network=n2');
    expect(await screen.findByText('Activate an account on Relay Network', {}, { timeout: 10_000 })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    // The account's own network is n1; the page preselects the one the user came for.
    const dialog = within(await screen.findByRole('dialog', { name: 'Activate Tractor 1' }));
    await waitFor(() => expect(dialog.getByTestId('activation-cost')).toHaveTextContent('7 credits'));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('button', { name: 'Manage' })).toBeVisible();
  });

  it('tells the owner the rover used the web password and shows the NTRIP credentials to use instead', async () => {
    stubAccounts(10);
    const { user } = renderApp('/accounts');
    // The page is a lazily loaded chunk: the first render can take a moment.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'NTRIP accounts' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Manage' }));
    const drawer = within(await screen.findByRole('dialog'));
    expect(drawer.getByTestId('diagnosis')).toHaveTextContent('Wrong password: web password used');
    await waitFor(() => expect(drawer.getByTestId('credential-username')).toHaveValue('fx-k3m9q2t'));
    expect(drawer.getByTestId('credential-password')).toHaveValue(password);
    expect(drawer.getByTestId('credential-rtklib')).toHaveTextContent(credentials.rtklibUrl);
    expect(drawer.getByTestId('credential-host')).toHaveValue('caster.example.com');
    expect(drawer.getByTestId('credential-tls-port')).toHaveValue('2102');
  });

  it('shows cost and balance before activating and refuses to spend more than the balance', async () => {
    // A new account (no network yet) and one network to choose from: it is chosen, and the cost shows at once.
    stubAccounts(10, { ...account, networks: [] });
    const { user } = renderApp('/accounts');
    await user.click(await screen.findByRole('button', { name: 'Manage' }, { timeout: 10_000 }));
    await user.click(await screen.findByRole('button', { name: 'Activate or extend' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Activate Tractor 1' }));
    await waitFor(() => expect(dialog.getByTestId('activation-cost')).toHaveTextContent('4 credits'));
    expect(dialog.getByPlaceholderText('Choose a network')).toHaveValue('Demo Network (4 credits per day)');
    expect(dialog.getByRole('button', { name: 'Spend 4 credits' })).toBeEnabled();
    expect(dialog.getByTestId('activation-balance')).toHaveTextContent('10 credits');

    const days = dialog.getByRole('textbox', { name: 'Days' });
    await user.clear(days);
    await user.type(days, '3');
    expect(dialog.getByTestId('activation-cost')).toHaveTextContent('12 credits');
    expect(dialog.getByText('You need 2 more credits.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Spend 12 credits' })).toBeDisabled();
    // Short of credits, the way to buy them is right there and keeps the account page underneath.
    expect(dialog.getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/accounts?buy=credits');
  });

  it('puts the account in a subscription seat from its drawer, and says when every seat is taken', async () => {
    const subscription = (id: string, accounts: { id: string; name: string; username: string }[], seats: number) => ({
      id,
      productName: id === 's1' ? 'Fleet Monthly' : 'Solo Yearly',
      networkId: 'n1',
      networkName: 'Demo Network',
      status: 'active',
      amount: 9900,
      currency: 'eur',
      interval: 'MONTHLY',
      provider: 'local',
      currentPeriodStart: '2026-11-24T00:00:00.000Z',
      currentPeriodEnd: '2026-12-24T00:00:00.000Z',
      graceEndsAt: null,
      seats,
      accounts,
      createdAt: '2026-11-24T00:00:00.000Z',
    });
    const other = { id: 'a9', name: 'Drone', username: 'fx-zzz' };
    const sent: { url: URL; body: unknown }[] = [];
    stubUser({}, (url, init) => {
      if (init?.method === 'PUT') {
        sent.push({ url, body: JSON.parse(String(init.body)) });
        return { body: subscription('s1', [], 2) };
      }
      if (url.pathname === '/api/accounts') return { body: [account] };
      if (url.pathname === '/api/networks') return { body: networks };
      if (url.pathname === '/api/subscriptions')
        return { body: [subscription('s1', [other], 2), subscription('s2', [other], 1)] };
      if (url.pathname === `/api/accounts/${account.id}/credentials`) return { body: credentials };
      if (url.pathname === `/api/accounts/${account.id}/sessions`) return { body: [] };
      return undefined;
    });
    const { user } = renderApp('/accounts');
    await user.click(await screen.findByRole('button', { name: 'Manage' }, { timeout: 10_000 }));
    const drawer = within(await screen.findByRole('dialog'));
    const seats = await drawer.findAllByTestId('account-seat');
    expect(within(seats[1] as HTMLElement).getByRole('button', { name: 'All seats taken' })).toBeDisabled();
    await user.click(within(seats[0] as HTMLElement).getByRole('button', { name: 'Use a seat' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.url.pathname).toBe('/api/subscriptions/s1/accounts');
    expect(sent[0]?.body).toEqual({ accountIds: ['a9', account.id] });
  });
});
