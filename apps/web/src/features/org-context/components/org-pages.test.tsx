import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { connectionSettings, ntripAccount, stubUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

const organization = (extra: object = {}) => ({
  id: 'o1',
  name: 'North Fleet',
  status: 'active',
  role: 'owner',
  memberCount: 3,
  accountCount: 1,
  tokenAmount: 480,
  createdAt: '2026-11-01T00:00:00.000Z',
  ...extra,
});

const orgAccount = ntripAccount('a1', 'Harvester', { organization: { id: 'o1', name: 'North Fleet' } });
const personalAccount = ntripAccount('p1', 'My own rover');
const teams = [{ id: 'o1', name: 'North Fleet', role: 'owner', status: 'active' }];
const members = [
  { userId: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'owner', joinedAt: '2026-11-02T00:00:00Z' },
  { userId: 'u3', name: 'Linus T', email: 'linus@example.com', role: 'member', joinedAt: '2026-11-02T00:00:00Z' },
];

type Sent = { method: string; url: URL; body: unknown };

/** The organisation o1 (the caller's role and its status as given) with one account; writes are recorded. */
function stubOrg(
  org: object = {},
  extra: (url: URL, method: string) => { body?: unknown } | undefined = () => undefined,
) {
  const sent: Sent[] = [];
  let lent: object | null = null;
  const calls = stubUser({ overview: { teams, tokenAmount: 9 } }, (url, init) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const custom = extra(url, method);
    if (custom) return custom;
    const path = url.pathname;
    if (path === '/api/org/o1') return { body: organization(org) };
    if (path === '/api/org/o1/members') return { body: members };
    if (path === '/api/org/o1/accounts') return { body: [{ ...orgAccount, lending: lent }] };
    if (path === '/api/org/o1/accounts/a1/lending') {
      lent =
        method === 'PUT'
          ? { userId: 'u3', name: 'Linus T', email: 'linus@example.com', until: '2099-06-01T10:00:00.000Z' }
          : null;
      return { body: { ...orgAccount, lending: lent } };
    }
    if (path === '/api/org/o1/accounts/a1/credentials') return { body: credentials };
    if (path.endsWith('/sessions')) return { body: [] };
    if (path === '/api/accounts') return { body: [personalAccount] };
    if (path === '/api/networks') return { body: [] };
    if (path.endsWith('/subscriptions')) return { body: [] };
    return undefined;
  });
  return { sent, calls };
}

const credentials = connectionSettings('fx-a1');

const apiPaths = (calls: URL[]) => calls.map((url) => url.pathname);

describe("an organisation's pages", () => {
  it('shows the overview with status, role, balance and counts, and the ways to buy for an owner', async () => {
    stubOrg();
    renderApp('/org/o1');
    expect(await screen.findByRole('heading', { level: 1, name: 'North Fleet' }, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByTestId('org-status')).toHaveTextContent('Active');
    expect(screen.getByTestId('org-role')).toHaveTextContent('Your role: Owner');
    expect(screen.getByTestId('org-balance')).toHaveTextContent('480');
    expect(screen.getByRole('group', { name: 'Members' })).toHaveTextContent('3');
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/org/o1?buy=credits');
    const links = within(screen.getByRole('navigation', { name: 'Organisation pages' }));
    expect(links.getByRole('link', { name: /^Usage/ })).toHaveAttribute('href', '/org/o1/usage');
    expect(links.getByRole('link', { name: /^NTRIP accounts/ })).toHaveAttribute('href', '/org/o1/accounts');
  });

  it('says a pending organisation waits for approval, and offers neither buying nor accounts', async () => {
    stubOrg({ status: 'pending' });
    renderApp('/org/o1');
    const notice = await screen.findByTestId('org-status-notice', {}, { timeout: 10_000 });
    expect(notice).toHaveTextContent('North Fleet waits for the provider');
    expect(
      screen.getByText('Access to the beta is not guaranteed; the provider may decline it and will contact you.'),
    ).toBeVisible();
    const main = within(screen.getByRole('main'));
    expect(main.queryByRole('link', { name: 'Buy credits' })).toBeNull();
    expect(main.queryByRole('link', { name: /^NTRIP accounts/ })).toBeNull();
    expect(main.getByRole('link', { name: /^Members/ })).toHaveAttribute('href', '/org/o1/members');
  });

  it('shows the notice instead of a page a pending organisation cannot use', async () => {
    const { calls } = stubOrg({ status: 'declined' });
    renderApp('/org/o1/accounts');
    expect(await screen.findByText('Organisation declined', {}, { timeout: 10_000 })).toBeVisible();
    expect(apiPaths(calls)).not.toContain('/api/org/o1/accounts');
  });

  it('tells a non-member that the organisation is not found', async () => {
    stubOrg({}, (url) =>
      url.pathname === '/api/org/o1' ? { status: 403, body: { code: 'FORBIDDEN', message: 'Forbidden' } } : undefined,
    );
    renderApp('/org/o1/credits');
    expect(await screen.findByText('Organisation not found', {}, { timeout: 10_000 })).toBeVisible();
  });

  it("lists the organisation's accounts from its own API path, never the person's cached ones", async () => {
    const { calls } = stubOrg();
    const { router } = renderApp('/accounts');
    expect(await screen.findByText('My own rover', {}, { timeout: 10_000 })).toBeVisible();
    await router.navigate('/org/o1/accounts');
    expect(await screen.findByText('Harvester')).toBeVisible();
    expect(screen.queryByText('My own rover')).toBeNull();
    expect(apiPaths(calls)).toContain('/api/org/o1/accounts');
    // The balance is the organisation's, not the person's 9 credits.
    expect(screen.getByRole('group', { name: 'Credit balance' })).toHaveTextContent('480');
  });

  it('lends an account to a member until a future moment, and takes it back after a warning', async () => {
    const { sent } = stubOrg();
    const { user } = renderApp('/org/o1/accounts');
    await user.click(await screen.findByRole('button', { name: 'Manage' }, { timeout: 10_000 }));
    const drawer = within(await screen.findByRole('dialog'));
    const lending = within(drawer.getByRole('region', { name: 'Lending' }));
    await user.click(lending.getByPlaceholderText('Choose a member'));
    await user.click(await screen.findByRole('option', { name: 'Linus T (linus@example.com)' }));
    const until = lending.getByLabelText('Until');
    await user.type(until, '2001-01-01T10:00');
    expect(lending.getByText('Choose a moment in the future.')).toBeVisible();
    expect(lending.getByRole('button', { name: 'Lend to a member' })).toBeDisabled();
    await user.clear(until);
    await user.type(until, '2099-06-01T12:00');
    await user.click(lending.getByRole('button', { name: 'Lend to a member' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.method).toBe('PUT');
    expect(sent[0]?.url.pathname).toBe('/api/org/o1/accounts/a1/lending');
    expect(sent[0]?.body).toEqual({ userId: 'u3', until: new Date('2099-06-01T12:00').toISOString() });

    expect(await lending.findByTestId('lending-state')).toHaveTextContent(/^Lent to Linus T until /);
    await user.click(lending.getByRole('button', { name: 'Take back' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Take back Harvester?' }));
    expect(confirm.getByText(/its NTRIP password is regenerated/)).toBeVisible();
    await user.click(confirm.getByRole('button', { name: 'Take back' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.method).toBe('DELETE');
    expect(sent[1]?.url.pathname).toBe('/api/org/o1/accounts/a1/lending');
  });

  it('lets a plain member look without changing: no create, export, credentials, lending or settings', async () => {
    const { calls } = stubOrg({ role: 'member' });
    const { user } = renderApp('/org/o1/accounts');
    await user.click(await screen.findByRole('button', { name: 'Manage' }, { timeout: 10_000 }));
    const drawer = within(await screen.findByRole('dialog'));
    expect(drawer.getByRole('heading', { name: 'Sessions' })).toBeVisible();
    expect(drawer.queryByRole('region', { name: 'Lending' })).toBeNull();
    expect(drawer.queryByRole('button', { name: 'Activate or extend' })).toBeNull();
    expect(drawer.queryByRole('button', { name: 'Delete account' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export credentials (CSV)' })).toBeNull();
    expect(apiPaths(calls)).not.toContain('/api/org/o1/accounts/a1/credentials');
  });

  it('reads credits, subscriptions, the map and the checkout result from the organisation', async () => {
    const map = { stations: [], rovers: [], networks: [] };
    const { calls } = stubOrg({}, (url) => {
      if (url.pathname === '/api/org/o1/credits/ledger')
        return { body: { balance: 480, entries: [], nextCursor: null } };
      if (url.pathname === '/api/org/o1/map') return { body: map };
      if (url.pathname === '/api/org/o1/checkout') return { body: checkout };
      return undefined;
    });
    const { router } = renderApp('/org/o1/credits');
    expect(await screen.findByTestId('credit-balance', {}, { timeout: 10_000 })).toHaveTextContent('480');
    await router.navigate('/org/o1/subscriptions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
    await router.navigate('/org/o1/checkout?checkoutSessionId=c1');
    const result = await screen.findByTestId('checkout-result', {}, { timeout: 10_000 });
    expect(within(result).getByRole('link', { name: 'Activate an NTRIP account' })).toHaveAttribute(
      'href',
      '/org/o1/accounts',
    );
    const paths = apiPaths(calls);
    expect(paths).toEqual(expect.arrayContaining(['/api/org/o1/credits/ledger', '/api/org/o1/subscriptions']));
    expect(calls.find((url) => url.pathname === '/api/org/o1/checkout')?.searchParams.get('checkoutSessionId')).toBe(
      'c1',
    );
    expect(paths).not.toContain('/api/credits/ledger');
    expect(paths).not.toContain('/api/checkout');
  });

  it('buys credits for the organisation on its pages', async () => {
    const pack = {
      name: 'Fleet pack',
      priceId: 'price_1',
      type: 'Token',
      amount: 8000,
      currency: 'EUR',
      bestChoice: false,
      attributes: [],
      testMode: true,
      creditsAmount: 500,
    };
    const { sent } = stubOrg({}, (url) => {
      if (url.pathname === '/api/tokenProducts') return { body: { name: 'Credits', data: [pack] } };
      if (url.pathname === '/api/stripe/subscription-pricing-tables') return { body: [] };
      if (url.pathname === '/api/org/o1/credits/ledger')
        return { body: { balance: 480, entries: [], nextCursor: null } };
      if (url.pathname === '/api/org/o1/checkout/product')
        return { body: { checkoutSessionId: 'c1', url: 'http://x/c1' } };
      return undefined;
    });
    vi.spyOn(window, 'open').mockImplementation(() => ({ opener: window }) as unknown as Window);
    const { user } = renderApp('/org/o1/credits');
    await user.click(await screen.findByRole('link', { name: 'Buy credits' }, { timeout: 10_000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Buy credits' }));
    await user.click(await dialog.findByRole('button', { name: 'Purchase: Fleet pack' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.url.pathname).toBe('/api/org/o1/checkout/product');
    expect(sent[0]?.url.searchParams.get('priceId')).toBe('price_1');
  });

  it("ends an organisation's subscription now through DELETE /org/{id}/subscriptions (spec 7)", async () => {
    const live = {
      id: 's9',
      productName: 'Fleet Monthly',
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
      seats: 1,
      accounts: [],
      createdAt: '2026-11-24T00:00:00.000Z',
    };
    let ended = false;
    const { sent } = stubOrg({}, (url, method) => {
      if (url.pathname !== '/api/org/o1/subscriptions') return undefined;
      if (method === 'DELETE') ended = true;
      return {
        body:
          method === 'DELETE'
            ? { ...live, status: 'cancelled' }
            : [{ ...live, status: ended ? 'cancelled' : 'active' }],
      };
    });
    const { user } = renderApp('/org/o1/subscriptions');
    const card = await screen.findByRole('article', { name: 'Fleet Monthly' }, { timeout: 10_000 });
    await user.click(within(card).getByRole('button', { name: 'End now' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this subscription now?' });
    await user.click(within(dialog).getByRole('button', { name: 'End now' }));
    await waitFor(() => expect(within(card).getByTestId('subscription-status')).toHaveTextContent('Cancelled'));
    const request = sent.find((call) => call.method === 'DELETE');
    expect(request?.url.pathname).toBe('/api/org/o1/subscriptions');
    expect(request?.url.searchParams.get('subscriptionId')).toBe('s9');
  });
});

const checkout = {
  checkoutSessionId: 'c1',
  status: 'paid',
  type: 'Token',
  productName: 'Fleet pack',
  amount: 8000,
  currency: 'eur',
  interval: null,
  creditsAmount: 500,
  networkName: null,
  testMode: true,
  createdAt: '2026-11-23T10:00:00.000Z',
  fulfilledAt: '2026-11-23T10:01:00.000Z',
  subscription: null,
};
