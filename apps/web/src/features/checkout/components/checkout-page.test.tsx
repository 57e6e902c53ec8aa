import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

const id = '0b8f5a43-3c1e-4e4a-9a55-1f1c3a9b7d21';
const state = (status: string, extra: object = {}) => ({
  checkoutSessionId: id,
  status,
  type: 'Token',
  productName: 'Season pack',
  amount: 2000,
  currency: 'eur',
  interval: null,
  creditsAmount: 100,
  networkName: null,
  testMode: true,
  createdAt: '2026-11-23T10:00:00.000Z',
  fulfilledAt: status === 'paid' ? '2026-11-23T10:01:00.000Z' : null,
  subscription: null,
  ...extra,
});

const stubCheckout = (body: unknown, status = 200) =>
  stubUser({ overview: { tokenAmount: 107 } }, (url) =>
    url.pathname === '/api/checkout' && url.searchParams.get('checkoutSessionId') === id ? { status, body } : undefined,
  );

beforeEach(() => {
  window.dataLayer = [];
  localStorage.clear();
});

describe('the /checkout return page', () => {
  it('shows a paid credit pack with the new balance, and reports the sale to the data layer once', async () => {
    stubCheckout(state('paid'));
    const first = renderApp(`/checkout?checkoutSessionId=${id}`);
    const result = await screen.findByTestId('checkout-result');
    expect(within(result).getByText('Payment received')).toBeInTheDocument();
    expect(within(result).getByText('100 credits were added to your balance.')).toBeInTheDocument();
    expect(within(result).getByText('€20.00')).toBeInTheDocument();
    expect(await within(result).findByTestId('checkout-balance')).toHaveTextContent('107');
    expect(within(result).getByRole('link', { name: 'Activate an NTRIP account' })).toHaveAttribute(
      'href',
      '/accounts',
    );
    const purchases = () => window.dataLayer?.filter((entry) => entry.event === 'tokenPurchase') ?? [];
    expect(purchases()).toEqual([{ event: 'tokenPurchase', value: 20, currency: 'EUR', transactionId: id }]);

    // A reload of the same page does not count the sale again.
    first.unmount();
    renderApp(`/checkout?checkoutSessionId=${id}`);
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    expect(purchases()).toHaveLength(1);
  });

  it('reports a subscription with its period end', async () => {
    stubCheckout(
      state('paid', {
        type: 'Subscription',
        productName: 'RTK Monthly',
        amount: 2900,
        interval: 'MONTHLY',
        creditsAmount: null,
        subscription: { id: 's1', status: 'active', currentPeriodEnd: '2026-12-23T10:01:00.000Z' },
      }),
    );
    renderApp(`/checkout?checkoutSessionId=${id}`);
    expect(await screen.findByText(/Your subscription RTK Monthly is active until/)).toBeInTheDocument();
    expect(screen.getByText('€29.00 / month')).toBeInTheDocument();
    expect(window.dataLayer).toContainEqual({
      event: 'subscriptionPurchase',
      value: 29,
      currency: 'EUR',
      transactionId: id,
    });
  });

  it('says a declined payment left the balance alone, and offers to try again', async () => {
    stubCheckout(state('declined'));
    renderApp(`/checkout?checkoutSessionId=${id}`);
    expect(await screen.findByText('Payment declined')).toBeInTheDocument();
    expect(
      screen.getByText('The payment was declined. Nothing was charged and your balance is unchanged.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/dashboard?buy=credits');
    expect(window.dataLayer?.some((entry) => entry.event === 'tokenPurchase')).toBe(false);
  });

  it('says a payment held for review added nothing yet, stops polling and offers no second payment', async () => {
    const calls = stubCheckout(state('needs_review'));
    renderApp(`/checkout?checkoutSessionId=${id}`);
    expect(await screen.findByText('Payment under review')).toBeInTheDocument();
    expect(screen.getByText(/does not match this checkout, so no credits were added yet/)).toBeInTheDocument();
    expect(screen.getByTestId('checkout-result')).toHaveAttribute('data-outcome', 'review');
    expect(screen.queryByRole('link', { name: 'Try again' })).toBeNull();
    expect(window.dataLayer?.some((entry) => entry.event === 'tokenPurchase')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(calls.filter((call) => call.pathname === '/api/checkout')).toHaveLength(1);
  });

  it('tells a cancelled checkout, by the provider or by the buyer coming back from its page', async () => {
    stubCheckout(state('open'));
    renderApp(`/checkout?checkoutSessionId=${id}&cancelled=1`);
    expect(await screen.findByText('Checkout cancelled')).toBeInTheDocument();
  });

  it('waits for the provider while the payment is not confirmed', async () => {
    stubCheckout(state('pending'));
    renderApp(`/checkout?checkoutSessionId=${id}`);
    expect(await screen.findByText('Waiting for the payment to be confirmed')).toBeInTheDocument();
    expect(screen.queryByTestId('checkout-balance')).toBeNull();
  });

  it('says a checkout that is not the user’s is not found', async () => {
    stubCheckout({ code: 'CHECKOUT_NOT_FOUND', message: 'No such checkout session.' }, 404);
    renderApp(`/checkout?checkoutSessionId=${id}`);
    expect(await screen.findByText('Checkout not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});
