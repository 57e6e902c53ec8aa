import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

const subscription = (extra: object = {}) => ({
  id: 's1',
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
  endedAt: null,
  seats: 2,
  accounts: [{ id: 'a1', name: 'Tractor 1', username: 'fx-aaa' }],
  createdAt: '2026-11-24T00:00:00.000Z',
  ...extra,
});
/** The period end as the page writes it, in the test machine's time zone. */
const periodEnd = new Date('2026-12-24T00:00:00.000Z').toLocaleDateString('en', { dateStyle: 'long' });
const accounts = [
  { id: 'a1', name: 'Tractor 1', username: 'fx-aaa', networks: [] },
  { id: 'a2', name: 'Drone', username: 'fx-bbb', networks: [] },
];

function stubSubscriptions(list: unknown[], answerChange: () => { status?: number; body?: unknown } = () => ({})) {
  const sent: { method: string; url: URL; body: unknown }[] = [];
  stubUser({}, (url, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'PUT') {
      sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return { body: subscription(), ...answerChange() };
    }
    if (url.pathname === '/api/subscriptions') return { body: list };
    if (url.pathname === '/api/accounts') return { body: accounts };
    return undefined;
  });
  return sent;
}

/** Closes the pending dialog of that name by its own button (the × beside the title is named Close too). */
async function closeDialog(user: ReturnType<typeof renderApp>['user'], name: string) {
  const buttons = within(screen.getByRole('dialog', { name })).getAllByRole('button', { name: 'Close' });
  await user.click(buttons[buttons.length - 1] as HTMLElement);
  await waitFor(() => expect(screen.queryByRole('dialog', { name })).toBeNull());
}

describe('the subscriptions page', () => {
  it('says what to do when there is none, with the way to buy one', async () => {
    stubSubscriptions([]);
    renderApp('/subscriptions');
    expect(
      await screen.findByText(
        'No subscriptions yet. A subscription gives your rovers unlimited access to one network.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy a subscription' })).toHaveAttribute(
      'href',
      '/subscriptions?buy=subscription',
    );
  });

  it('shows plan, price, renewal and seats, and puts a second account in a seat', async () => {
    const sent = stubSubscriptions([subscription()]);
    const { user } = renderApp('/subscriptions');
    const card = within(await screen.findByRole('article', { name: 'Fleet Monthly' }));
    expect(card.getByText('Demo Network · €99.00 / month')).toBeInTheDocument();
    expect(card.getByTestId('subscription-status')).toHaveTextContent('Active');
    expect(card.getByText(/^Renews on /)).toBeInTheDocument();
    expect(card.getByText('1 of 2 seats filled')).toBeInTheDocument();
    expect(card.getByTestId('empty-seats')).toHaveTextContent('1 seat empty');
    await user.click(card.getByRole('button', { name: 'Choose NTRIP accounts' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'NTRIP accounts for Fleet Monthly' }));
    await user.click(dialog.getByRole('combobox', { name: 'NTRIP accounts' }));
    await user.click(await screen.findByRole('option', { name: 'Drone (fx-bbb)' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.url.pathname).toBe('/api/subscriptions/s1/accounts');
    expect(sent[0]?.body).toEqual({ accountIds: ['a1', 'a2'] });
  });

  it('asks before cancelling at period end, and resumes a cancelling one', async () => {
    const sent = stubSubscriptions([
      subscription(),
      subscription({ id: 's2', productName: 'RTK Yearly', status: 'cancelling', interval: 'YEARLY' }),
    ]);
    const { user } = renderApp('/subscriptions');
    const active = within(await screen.findByRole('article', { name: 'Fleet Monthly' }));
    await user.click(active.getByRole('button', { name: 'Cancel at period end' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Cancel at the end of the period?' }));
    expect(confirm.getByText(/keep access until/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Cancel at period end' }));
    // The pending dialog (spec 4) tells how it went.
    const cancelled = within(await screen.findByRole('dialog', { name: 'Subscription cancelled' }));
    expect(
      cancelled.getByText(
        `Fleet Monthly stays active until ${periodEnd} and is not renewed. You can resume it until then.`,
      ),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url.pathname).toBe('/api/subscriptions/cancel');
    expect(sent[0]?.url.searchParams.get('subscriptionId')).toBe('s1');
    await closeDialog(user, 'Subscription cancelled');

    const cancelling = within(screen.getByRole('article', { name: 'RTK Yearly' }));
    expect(cancelling.getByTestId('subscription-status')).toHaveTextContent('Ends at period end');
    expect(cancelling.getByText(/^Access ends on /)).toBeInTheDocument();
    await user.click(cancelling.getByRole('button', { name: 'Resume' }));
    const resumed = within(await screen.findByRole('dialog', { name: 'Subscription resumed' }));
    expect(resumed.getByText(`RTK Yearly no longer ends on ${periodEnd}.`)).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.url.pathname).toBe('/api/subscriptions/resume');
    expect(sent[1]?.url.searchParams.get('subscriptionId')).toBe('s2');
  });

  it('shows a busy dialog while cancelling takes its time', async () => {
    stubSubscriptions([subscription()]);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') await held;
      return answer(input, init);
    });
    const { user } = renderApp('/subscriptions');
    const card = within(await screen.findByRole('article', { name: 'Fleet Monthly' }));
    await user.click(card.getByRole('button', { name: 'Cancel at period end' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Cancel at the end of the period?' }));
    await user.click(confirm.getByRole('button', { name: 'Cancel at period end' }));
    const waiting = await screen.findByRole('dialog', { name: 'Please wait' });
    expect(waiting).toHaveAttribute('aria-busy', 'true');
    expect(within(waiting).getByRole('status')).toHaveTextContent('Cancelling Fleet Monthly…');
    release();
    expect(await screen.findByRole('dialog', { name: 'Subscription cancelled' })).toBeInTheDocument();
  });

  it("shows the server's reason when cancelling fails, and nothing more on the card after", async () => {
    stubSubscriptions([subscription()], () => ({
      status: 409,
      body: { code: 'CONFLICT', message: 'This subscription has already ended.' },
    }));
    const { user } = renderApp('/subscriptions');
    const card = within(await screen.findByRole('article', { name: 'Fleet Monthly' }));
    await user.click(card.getByRole('button', { name: 'Cancel at period end' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Cancel at the end of the period?' }));
    await user.click(confirm.getByRole('button', { name: 'Cancel at period end' }));
    const failed = within(await screen.findByRole('dialog', { name: 'Could not cancel the subscription' }));
    expect(failed.getByRole('alert')).toHaveTextContent('This subscription has already ended.');
    await closeDialog(user, 'Could not cancel the subscription');
    expect(card.queryByRole('alert')).toBeNull();
  });

  it('tells a customer whose renewal failed until when access continues', async () => {
    stubSubscriptions([
      subscription({ status: 'past_due', graceEndsAt: '2026-12-27T00:00:00.000Z' }),
      subscription({ id: 's3', productName: 'Partner access', provider: 'manual', interval: null, amount: 0 }),
    ]);
    renderApp('/subscriptions');
    const card = within(await screen.findByRole('article', { name: 'Fleet Monthly' }));
    expect(card.getByTestId('subscription-status')).toHaveTextContent('Payment due');
    expect(
      card.getByText(
        `Payment failed: access continues until ${new Date('2026-12-27T00:00:00.000Z').toLocaleDateString('en', { dateStyle: 'long' })} while the payment is retried. Update your card to keep it.`,
      ),
    ).toBeInTheDocument();
    // A manual grant does not renew: it says when it ends.
    const manual = within(screen.getByRole('article', { name: 'Partner access' }));
    expect(manual.getByText(/^Access ends on /)).toBeInTheDocument();
  });

  it('says the day an ended subscription really ended, and asks for no seats', async () => {
    stubSubscriptions([subscription({ status: 'cancelled', endedAt: '2026-11-28T09:00:00.000Z', accounts: [] })]);
    renderApp('/subscriptions');
    const card = within(await screen.findByRole('article', { name: 'Fleet Monthly' }));
    expect(card.getByTestId('subscription-status')).toHaveTextContent('Cancelled');
    const ended = new Date('2026-11-28T09:00:00.000Z').toLocaleDateString('en', { dateStyle: 'long' });
    expect(card.getByText(`Ended on ${ended}.`)).toBeInTheDocument();
    expect(card.queryByText(periodEnd, { exact: false })).toBeNull();
    expect(card.queryByText(/choose one to start using it/)).toBeNull();
    expect(card.queryByRole('button')).toBeNull();
  });
});
