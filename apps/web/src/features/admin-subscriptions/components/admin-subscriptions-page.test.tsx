import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
  provider: 'stripe',
  currentPeriodStart: '2026-11-24T00:00:00.000Z',
  currentPeriodEnd: '2026-12-24T00:00:00.000Z',
  graceEndsAt: null,
  endedAt: null,
  seats: 2,
  accounts: [{ id: 'a1', name: 'Tractor 1', username: 'fx-aaa' }],
  createdAt: '2026-11-24T00:00:00.000Z',
  owner: { userId: 'u2', email: 'fiona@example.com', name: 'Fleet Fiona' },
  organization: null,
  ...extra,
});

function stubAdmin(list: unknown[]) {
  const sent: { method: string; url: URL; body: unknown }[] = [];
  stubUser({ overview: { isAdmin: true } }, (url, init) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return method === 'DELETE' ? { status: 204 } : { status: method === 'POST' ? 201 : 200, body: subscription() };
    }
    if (url.pathname === '/api/admin/subscriptions') {
      sent.push({ method, url, body: undefined });
      const status = url.searchParams.get('status');
      return { body: status ? list.filter((s) => (s as { status: string }).status === status) : list };
    }
    if (url.pathname === '/api/admin/users') {
      return {
        body: [
          {
            id: 'u2',
            name: 'Fleet Fiona',
            email: 'fiona@example.com',
            role: 'user',
            banned: false,
            createdAt: '2026-11-01T00:00:00.000Z',
          },
        ],
      };
    }
    if (url.pathname === '/api/admin/products') {
      return {
        body: [
          {
            id: 'p9',
            name: 'Partner access',
            type: 'Subscription',
            category: 'non-billable-subscription',
            amount: 0,
            currency: 'eur',
            interval: null,
            creditsAmount: null,
            attributes: [],
            bestChoice: false,
            testMode: false,
            networkId: 'n1',
            networkName: 'Demo Network',
            seats: 3,
            isArchived: false,
            soldCount: 0,
            createdAt: '2026-11-01T00:00:00.000Z',
          },
        ],
      };
    }
    return undefined;
  });
  return sent;
}

describe('admin subscriptions', () => {
  it('lists every customer’s subscriptions, filters by status and cancels, resumes and deletes', async () => {
    const sent = stubAdmin([
      subscription(),
      subscription({ id: 's2', productName: 'RTK Yearly', status: 'cancelling', interval: 'YEARLY' }),
    ]);
    const { user } = renderApp('/admin/subscriptions');
    const rows = await screen.findAllByTestId('admin-subscription-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('Fleet Fiona')).toBeInTheDocument();
    expect(first.getByText('fiona@example.com')).toBeInTheDocument();
    expect(first.getByText('Demo Network · €99.00 / month')).toBeInTheDocument();
    expect(first.getByText('1 / 2')).toBeInTheDocument();

    await user.click(first.getByRole('button', { name: 'Actions for Fleet Monthly of fiona@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cancel at period end' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PUT')).toBe(true));
    const cancel = sent.find((r) => r.method === 'PUT');
    expect(cancel?.url.pathname).toBe('/api/admin/subscriptions/cancel');
    expect(cancel?.url.searchParams.get('subscriptionId')).toBe('s1');

    await user.click(screen.getByRole('button', { name: 'Actions for RTK Yearly of fiona@example.com' }));
    expect(screen.queryByRole('menuitem', { name: 'Cancel at period end' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete this subscription?' }));
    expect(confirm.getByText(/is cancelled at the payment provider now, without a refund/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'DELETE')).toBe(true));
    expect(sent.find((r) => r.method === 'DELETE')?.url.searchParams.get('subscriptionId')).toBe('s2');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Ends at period end' }));
    await waitFor(() => expect(screen.getAllByTestId('admin-subscription-row')).toHaveLength(1));
    expect(sent.at(-1)?.url.searchParams.get('status')).toBe('cancelling');
  });

  it("names an organisation as the customer of its subscription, linked to the organisation's admin page", async () => {
    stubAdmin([
      subscription({
        owner: { userId: null, email: null, name: null },
        organization: { id: 'o1', name: 'Green Acres' },
      }),
    ]);
    renderApp('/admin/subscriptions');
    const [row] = await screen.findAllByTestId('admin-subscription-row');
    const link = within(row as HTMLElement).getByRole('link', { name: 'Green Acres' });
    expect(link).toHaveAttribute('href', '/admin/organizations/o1');
    expect(within(row as HTMLElement).queryByText('—')).toBeNull();
  });

  it('grants a manual subscription to a user with a product, days and seats', async () => {
    const sent = stubAdmin([]);
    const { user } = renderApp('/admin/subscriptions');
    expect(await screen.findByText('No subscriptions yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Grant subscription' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Grant a manual subscription' }));
    const submit = dialog.getByRole('button', { name: 'Grant' });
    expect(submit).toBeDisabled();
    await user.click(dialog.getByRole('combobox', { name: 'Customer' }));
    await user.click(await screen.findByRole('option', { name: 'Fleet Fiona · fiona@example.com' }));
    await user.click(dialog.getByRole('combobox', { name: 'Manual subscription product' }));
    await user.click(await screen.findByRole('option', { name: 'Partner access · Demo Network' }));
    expect(dialog.getByRole('textbox', { name: 'Seats' })).toHaveValue('3');
    const until = dialog.getByLabelText(/Last day/);
    await user.clear(until);
    await user.type(until, '2020-01-01');
    expect(dialog.getByText('The last day comes before the first.')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(until);
    await user.type(until, '2099-03-31');
    await user.click(submit);
    await waitFor(() => expect(sent.some((r) => r.method === 'POST')).toBe(true));
    const body = sent.find((r) => r.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ userId: 'u2', productId: 'p9', endsAt: '2099-04-01T00:00:00.000Z' });
    expect(body.seats).toBeUndefined();
  });
});
