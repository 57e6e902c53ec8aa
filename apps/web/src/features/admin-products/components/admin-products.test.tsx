import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

const product = (name: string, extra: object = {}) => ({
  id: crypto.randomUUID(),
  name,
  type: 'Token',
  category: 'credits',
  amount: 2000,
  currency: 'eur',
  interval: null,
  creditsAmount: 100,
  attributes: [],
  bestChoice: false,
  testMode: false,
  networkId: null,
  networkName: null,
  seats: 1,
  isArchived: false,
  soldCount: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});
const plan = (name: string, amount: number) =>
  product(name, {
    type: 'Subscription',
    category: 'billable-subscription',
    amount,
    interval: 'MONTHLY',
    creditsAmount: null,
    networkId: 'n1',
    networkName: 'Demo',
  });
const network = { id: 'n1', code: 'DEMO', name: 'Demo' };

type Sent = { method: string; path: string; body: unknown };

function stubAdmin(products: unknown[], tables: unknown[] = []) {
  const sent: Sent[] = [];
  stubUser({ overview: { isAdmin: true } }, (url, init) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      sent.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.pathname === '/api/admin/products') return { status: 201, body: product('Created') };
      if (url.pathname === '/api/admin/pricing-tables')
        return { status: 201, body: { id: 't9', name: 'x', productIds: [] } };
      return { body: null };
    }
    if (url.pathname === '/api/admin/products') return { body: products };
    if (url.pathname === '/api/admin/pricing-tables') return { body: tables };
    if (url.pathname === '/api/admin/networks') return { body: [network] };
    return undefined;
  });
  return sent;
}

describe('admin products', () => {
  it('creates a credit pack with the price in minor units', async () => {
    const sent = stubAdmin([]);
    const { user } = renderApp('/admin/products/credits');
    expect(await screen.findByRole('heading', { level: 1, name: 'Credits' })).toBeInTheDocument();
    expect(
      await screen.findByText('No credit packs yet. Create one so customers can buy credits.'),
    ).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'New product' })[0] as HTMLElement);
    const dialog = within(await screen.findByRole('dialog', { name: 'New credit pack' }));
    await user.type(dialog.getByRole('textbox', { name: 'Name' }), 'Harvest pack');
    await user.type(dialog.getByRole('textbox', { name: 'Price' }), '12.5');
    expect(dialog.getByText('€12.50')).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: 'Credits' }), '50');
    await user.click(dialog.getByRole('button', { name: 'Add an item' }));
    await user.type(dialog.getByRole('textbox', { name: 'Included item 1' }), 'Never expires');
    await user.click(dialog.getByRole('switch', { name: 'Recommended (highlighted on the pricing card)' }));
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/api/admin/products',
      body: {
        name: 'Harvest pack',
        attributes: ['Never expires'],
        bestChoice: true,
        testMode: false,
        category: 'credits',
        amount: 1250,
        currency: 'eur',
        interval: null,
        creditsAmount: 50,
        networkId: null,
        seats: 1,
      },
    });
  });

  it('stops a price with more than 2 decimals at the field', async () => {
    const sent = stubAdmin([]);
    const { user } = renderApp('/admin/products/billable-subscriptions');
    await user.click((await screen.findAllByRole('button', { name: 'New product' }))[0] as HTMLElement);
    const dialog = within(await screen.findByRole('dialog', { name: 'New automated subscription' }));
    await user.type(dialog.getByRole('textbox', { name: 'Name' }), 'Monthly');
    await user.type(dialog.getByRole('textbox', { name: 'Price' }), '12.345');
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(await dialog.findByText('Enter a price such as 12 or 12.50 (at most 2 decimals).')).toBeInTheDocument();
    expect(dialog.getByText('Choose the network the subscription covers.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('offers Archive for a sold product and Delete only for one never sold', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const sold = product('Sold pack', { soldCount: 3, bestChoice: true });
    const unsold = product('Fresh pack');
    const sent = stubAdmin([sold, unsold]);
    const { user } = renderApp('/admin/products/credits');
    const rows = await screen.findAllByTestId('product-row');
    expect(within(rows[0] as HTMLElement).getByText('€20.00')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Recommended')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions for Sold pack' }));
    expect(await screen.findByRole('menuitem', { name: 'Archive' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Archive' }));
    await waitFor(() =>
      expect(sent[0]).toMatchObject({ method: 'POST', path: `/api/admin/products/${sold.id}/archive` }),
    );

    await user.click(screen.getByRole('button', { name: 'Actions for Fresh pack' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await waitFor(() => expect(sent[1]).toMatchObject({ method: 'DELETE', path: `/api/admin/products/${unsold.id}` }));
  });

  it('builds a pricing table with its plans in the chosen order', async () => {
    const monthly = plan('Monthly', 2900);
    const yearly = plan('Yearly', 29000);
    const sent = stubAdmin([monthly, yearly]);
    const { user } = renderApp('/admin/products');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing tables' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New pricing table' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New pricing table' }));
    await user.type(dialog.getByRole('textbox', { name: 'Name' }), 'Demo plans');
    for (const name of ['Monthly · €29.00', 'Yearly · €290.00']) {
      await user.click(dialog.getByRole('combobox', { name: 'Add a plan' }));
      await user.click(await screen.findByRole('option', { name }));
    }
    await user.click(dialog.getByRole('button', { name: 'Move Yearly up' }));
    expect(dialog.getAllByTestId('table-plan').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Yearly'),
      expect.stringContaining('Monthly'),
    ]);
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({
      name: 'Demo plans',
      description: '',
      networkId: null,
      productIds: [yearly.id, monthly.id],
    });
  });
});
