import { brands } from '@fixpoint/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

describe('logged-in dashboard', () => {
  it('shows live figures in stat cards and leads to every flow', async () => {
    stubUser({ overview: { tokenAmount: 1250 } });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace' })).toBeInTheDocument();
    const credits = screen.getByRole('group', { name: 'Credit balance' });
    await waitFor(() => expect(credits).toHaveTextContent('1,250'));
    expect(credits).toHaveAttribute('data-color', 'success');
    expect(within(screen.getByRole('group', { name: 'Organisations' })).getByText('1')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('group', { name: 'Service' })).toHaveTextContent('Operational'));

    const main = screen.getByRole('main');
    const targets = {
      'Buy credits': '/dashboard?buy=credits',
      'Create NTRIP account': '/accounts',
      'Buy a subscription': '/dashboard?buy=subscription',
      'View networks': '/marketplace',
      'Open map': '/map',
      'Open settings': '/settings',
    };
    for (const [name, href] of Object.entries(targets)) {
      expect(within(main).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    // The default brand shows the promotion call-to-action.
    expect(within(main).getByRole('heading', { name: 'Launch your branded RTK platform' })).toBeInTheDocument();
  });

  it("warns about an empty balance, falls back to 'RTK User' and hides promotion for a reseller", async () => {
    stubUser({ user: { name: '' }, overview: { tokenAmount: 0, username: '' } });
    renderApp('/dashboard', { brand: brands.skyfix });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, RTK User' })).toBeInTheDocument();
    const credits = screen.getByRole('group', { name: 'Credit balance' });
    await waitFor(() => expect(credits).toHaveAttribute('data-color', 'warning'));
    expect(credits).toHaveTextContent('Buy credits to activate an NTRIP account.');
    expect(screen.queryByRole('heading', { name: 'Launch your branded RTK platform' })).not.toBeInTheDocument();
    expect(document.title).toBe('SkyFix | Dashboard');
  });

  it('shows each NTRIP account’s networks with their access and its end', async () => {
    stubUser({}, (url) =>
      url.pathname === '/api/accounts'
        ? {
            body: [
              {
                id: 'a1',
                name: 'Tractor 1',
                username: 'fx-aaa',
                maxConnections: 1,
                isDisabled: false,
                createdAt: '2026-11-01T10:00:00.000Z',
                lastConnectedAt: null,
                networks: [
                  {
                    networkId: 'n1',
                    networkName: 'Demo Network',
                    networkCode: 'DEMO',
                    state: 'active',
                    activeUntil: '2026-12-24T00:00:00.000Z',
                    daysLeft: 30,
                  },
                ],
                diagnosis: 'never-connected',
              },
              {
                id: 'a2',
                name: 'Drone',
                username: 'fx-bbb',
                maxConnections: 1,
                isDisabled: false,
                createdAt: '2026-11-01T10:00:00.000Z',
                lastConnectedAt: null,
                networks: [],
                diagnosis: 'never-connected',
              },
            ],
          }
        : undefined,
    );
    renderApp('/dashboard');
    const section = within(await screen.findByRole('region', { name: 'What your rovers can use' }));
    const rows = section.getAllByTestId('access-row');
    expect(within(rows[0] as HTMLElement).getByText('Demo Network')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Active')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('No access yet')).toBeInTheDocument();
    expect(section.getByRole('link', { name: 'All NTRIP accounts' })).toHaveAttribute('href', '/accounts');
  });
});

describe('logged-in dashboard: e-mail verification', () => {
  it('shows a banner with Resend until the address is verified, and sends a new link', async () => {
    const sent: unknown[] = [];
    stubUser({ overview: { emailVerified: false } }, (url, init) => {
      if (url.pathname !== '/api/auth/send-verification-email') return undefined;
      sent.push(JSON.parse(String(init?.body)));
      return { body: { status: true } };
    });
    const { user } = renderApp('/dashboard');
    expect(await screen.findByText('Confirm your e-mail address')).toBeInTheDocument();
    expect(screen.getByText(/We sent a link to ada@example.com/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('We sent a new link to ada@example.com. It works for an hour.')).toBeInTheDocument();
    expect(sent).toEqual([{ email: 'ada@example.com', callbackURL: '/dashboard' }]);
  });

  it('says why a link that came back failed', async () => {
    stubUser({ overview: { emailVerified: false } });
    renderApp('/dashboard?error=TOKEN_EXPIRED');
    expect(await screen.findByText('This link has expired. Ask for a new one.')).toBeInTheDocument();
  });

  it('shows no banner to a verified person', async () => {
    stubUser({ overview: { emailVerified: true } });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('group', { name: 'Credit balance' })).toHaveTextContent('1,250'));
    expect(screen.queryByText('Confirm your e-mail address')).not.toBeInTheDocument();
  });
});
