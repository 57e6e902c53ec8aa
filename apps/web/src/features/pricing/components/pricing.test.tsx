import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubUser } from '../../../testing/fixtures';
import { renderApp, renderWithProviders } from '../../../testing/render';
import { PricingGrid } from './pricing-grid';

const pack = (name: string, amount: number, creditsAmount: number, extra: object = {}) => ({
  name,
  priceId: crypto.randomUUID(),
  type: 'Token',
  amount,
  currency: 'EUR',
  bestChoice: false,
  attributes: ['Credits never expire'],
  testMode: true,
  creditsAmount,
  ...extra,
});
const plan = (name: string, amount: number, interval: string) => ({
  name,
  priceId: crypto.randomUUID(),
  type: 'Subscription',
  amount,
  currency: 'gbp',
  bestChoice: interval === 'YEARLY',
  attributes: ['Real-time RTK'],
  testMode: false,
  interval,
  seats: 1,
  networkId: 'n1',
});
const packs = [
  pack('Fleet pack', 8000, 500),
  pack('Starter pack', 500, 20),
  pack('Season pack', 2000, 100, { bestChoice: true }),
];
const table = (id: string, name: string, networkId = 'n1') => ({
  id,
  name,
  description: `${name} plans`,
  networkId,
  networkName: `${name} network`,
  data: [plan('Yearly', 29000, 'YEARLY'), plan('Monthly', 2900, 'MONTHLY')],
});

function stubPricing({
  tables = [table('t1', 'Demo')],
  tokens = packs,
  isAdmin = false,
  onCheckout,
}: {
  tables?: unknown[];
  tokens?: unknown[];
  isAdmin?: boolean;
  onCheckout?: (url: URL) => { status?: number; body?: unknown };
} = {}) {
  return stubUser({ overview: { isAdmin, tokenAmount: 7 } }, (url) => {
    if (url.pathname === '/api/stripe/subscription-pricing-tables') return { body: tables };
    if (url.pathname === '/api/tokenProducts') return { body: { name: 'Credits', data: tokens } };
    if (url.pathname.startsWith('/api/checkout/')) return onCheckout?.(url);
    return undefined;
  });
}

beforeEach(() => {
  window.dataLayer = [];
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('credits panel and pricing dialogs', () => {
  it('hides the credits panel from admins and when nothing is for sale', async () => {
    stubPricing({ isAdmin: true });
    const admin = renderApp('/dashboard');
    expect(await admin.findByRole('heading', { name: /Welcome/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Credits and subscriptions' })).toBeNull());
    admin.unmount();

    stubPricing({ tables: [], tokens: [] });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: /Welcome/ })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Credits and subscriptions' })).toBeNull();
  });

  it('opens the credits pricing table by ascending amount and reports it to the data layer', async () => {
    stubPricing();
    const { user } = renderApp('/dashboard');
    const panel = (await screen.findByRole('heading', { name: 'Credits and subscriptions' })).closest('section');
    expect(
      within(panel as HTMLElement).getByText('Your balance is 7 credits. Buy more, or subscribe to a network.'),
    ).toBeInTheDocument();
    await user.click(within(panel as HTMLElement).getByRole('link', { name: 'Buy credits' }));

    const dialog = await screen.findByRole('dialog', { name: 'Buy credits' });
    const cards = await within(dialog).findAllByTestId('pricing-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Starter pack',
      'Season pack',
      'Fleet pack',
    ]);
    const [starter, season] = cards as [HTMLElement, HTMLElement];
    expect(within(starter).getByTestId('pricing-price').textContent).toBe('€5.00');
    expect(within(starter).getByText('20 credits')).toBeInTheDocument();
    expect(within(starter).getByText('Test mode')).toBeInTheDocument();
    expect(within(starter).queryByText('Recommended')).toBeNull();
    expect(within(season).getByText('Recommended')).toBeInTheDocument();
    expect(within(starter).getByRole('button', { name: 'Purchase: Starter pack' })).toBeInTheDocument();
    expect(window.dataLayer?.filter((entry) => entry.event === 'tokenOpenPricingTable')).toHaveLength(1);
  });

  it('goes straight to the one subscription table, with the interval suffix', async () => {
    stubPricing();
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('link', { name: 'Buy a subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Demo' });
    expect(within(dialog).getByText('Demo plans')).toBeInTheDocument();
    const cards = await within(dialog).findAllByTestId('pricing-card');
    // Ascending amount: monthly before yearly, whatever order the table holds them in.
    expect(within(cards[0] as HTMLElement).getByTestId('pricing-price').textContent).toBe('£29.00');
    expect(within(cards[0] as HTMLElement).getByText('/ month')).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByText('/ year')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByRole('button', { name: 'Subscribe: Monthly' })).toBeInTheDocument();
    expect(window.dataLayer).toContainEqual({ event: 'subscriptionOpenPricingTable', network: 'Demo network' });
  });

  it('asks for a plan first when there are several, with Select disabled until one is chosen', async () => {
    stubPricing({ tables: [table('t1', 'Demo'), table('t2', 'Farm', 'n2')] });
    const { user } = renderApp('/dashboard?buy=subscription');
    const chooser = await screen.findByRole('dialog', { name: 'Choose a plan' });
    const select = within(chooser).getByRole('button', { name: 'Select' });
    expect(select).toBeDisabled();
    await user.click(within(chooser).getByRole('combobox', { name: 'Plan' }));
    await user.click(await screen.findByRole('option', { name: 'Farm' }));
    expect(select).toBeEnabled();
    await user.click(select);
    expect(await screen.findByRole('dialog', { name: 'Farm' })).toBeInTheDocument();
    expect(window.dataLayer).toContainEqual({ event: 'subscriptionOpenPricingTable', network: 'Farm network' });
  });

  it('starts checkout from a card: loading label, then the checkout page in a new tab, and the dialog closes', async () => {
    let release: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    const requests: URL[] = [];
    stubPricing({
      onCheckout: (url) => {
        requests.push(url);
        return { body: { checkoutSessionId: 'c1', url: 'http://localhost/api/payments/local/c1' } };
      },
    });
    const tab = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockImplementation(() => {
      release();
      return tab;
    });
    const { user } = renderApp('/dashboard?buy=credits');
    const dialog = await screen.findByRole('dialog', { name: 'Buy credits' });
    const starter = packs[1] as { priceId: string };
    await user.click(await within(dialog).findByRole('button', { name: 'Purchase: Starter pack' }));
    await started;
    expect(requests[0]?.pathname).toBe('/api/checkout/product');
    expect(requests[0]?.searchParams.get('priceId')).toBe(starter.priceId);
    expect(open).toHaveBeenCalledWith('http://localhost/api/payments/local/c1', '_blank');
    expect(tab.opener).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Buy credits' })).toBeNull());
  });

  it('shows the server’s reason in an error dialog when checkout cannot start', async () => {
    stubPricing({
      onCheckout: () => ({
        status: 502,
        body: { code: 'UPSTREAM_FAILED', message: 'The payment provider could not start the checkout. Try again.' },
      }),
    });
    const open = vi.spyOn(window, 'open');
    const { user, router } = renderApp('/dashboard?buy=credits');
    const dialog = await screen.findByRole('dialog', { name: 'Buy credits' });
    await user.click(await within(dialog).findByRole('button', { name: 'Purchase: Fleet pack' }));
    const error = await screen.findByRole('dialog', { name: 'Checkout could not start' });
    expect(
      within(error).getByText('The payment provider could not start the checkout. Try again.'),
    ).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    // Spec 4: the pricing dialog closes, the error dialog is left alone; closing it ends the purchase.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Buy credits' })).toBeNull());
    const [, closeButton] = within(error).getAllByRole('button', { name: 'Close' });
    await user.click(closeButton as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
  });
});

describe('pricing grid', () => {
  it.each([
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 4],
    [6, 4],
  ])('lays %i products out in %i columns at most', (count, columns) => {
    const products = Array.from({ length: count }, (_, i) => pack(`Pack ${i}`, 100 * (i + 1), 10));
    renderWithProviders(<PricingGrid products={products as never} isPreview />);
    expect(screen.getAllByTestId('pricing-card')).toHaveLength(count);
    expect(screen.getAllByTestId('pricing-card')[0]?.parentElement).toHaveAttribute('data-columns', String(columns));
  });

  it('does nothing in preview mode', async () => {
    const onBuy = vi.fn();
    const { user } = renderWithProviders(
      <PricingGrid products={[pack('Pack', 100, 10)] as never} isPreview onBuy={onBuy} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Purchase: Pack' }));
    expect(onBuy).not.toHaveBeenCalled();
  });
});
