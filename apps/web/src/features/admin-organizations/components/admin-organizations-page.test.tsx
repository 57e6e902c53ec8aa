import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

const organization = (extra: object = {}) => ({
  id: 'o1',
  name: 'North Fleet',
  status: 'pending',
  ownerEmail: 'ada@example.com',
  memberCount: 2,
  accountCount: 3,
  subscriptionCount: 1,
  tokenAmount: 1500,
  createdAt: '2026-11-01T00:00:00.000Z',
  ...extra,
});

const detail = {
  organization: organization(),
  members: [
    {
      userId: 'u1',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      role: 'owner',
      joinedAt: '2026-11-01T00:00:00.000Z',
    },
  ],
  accounts: [],
  subscriptions: [],
};

type Sent = { method: string; url: URL; body: unknown };

function stubAdmin(list: ReturnType<typeof organization>[]) {
  const sent: Sent[] = [];
  stubUser({ overview: { isAdmin: true } }, (url, init) => {
    const method = init?.method ?? 'GET';
    if (!url.pathname.startsWith('/api/admin/organizations')) return undefined;
    sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'PUT' && url.pathname.endsWith('/tokens')) return { body: { balance: 2000 } };
    if (method === 'PUT') return { body: organization({ status: 'active' }) };
    if (url.pathname === '/api/admin/organizations/o1') return { body: detail };
    const status = url.searchParams.get('status');
    return { body: status ? list.filter((org) => org.status === status) : list };
  });
  return sent;
}

describe('admin organisations', () => {
  it('lists organisations with their figures, filters by status and approves a pending one', async () => {
    const sent = stubAdmin([organization(), organization({ id: 'o2', name: 'South Farm', status: 'active' })]);
    const { user } = renderApp('/admin/organizations');
    const rows = await screen.findAllByTestId('admin-organization-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('North Fleet')).toBeInTheDocument();
    expect(first.getByText('Waiting for approval')).toBeInTheDocument();
    expect(first.getByText('ada@example.com')).toBeInTheDocument();
    expect(first.getByText('1,500')).toBeInTheDocument();
    // Only a pending organisation can be approved or declined in place.
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: /Approve/ })).toBeNull();

    await user.click(first.getByRole('button', { name: 'Approve North Fleet' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PUT')).toBe(true));
    const approve = sent.find((r) => r.method === 'PUT');
    expect(approve?.url.pathname).toBe('/api/admin/organizations/o1/status');
    expect(approve?.body).toEqual({ status: 'active' });

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Active' }));
    await waitFor(() => expect(screen.getAllByTestId('admin-organization-row')).toHaveLength(1));
    expect(sent.at(-1)?.url.searchParams.get('status')).toBe('active');
  });

  it('declines from the detail drawer and grants credits with a reason', async () => {
    const sent = stubAdmin([organization()]);
    const { user } = renderApp('/admin/organizations');
    await user.click(await screen.findByRole('button', { name: 'Details of North Fleet' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'North Fleet' }));
    expect(await drawer.findByText('Ada Lovelace')).toBeInTheDocument();

    await user.click(drawer.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PUT')).toBe(true));
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ status: 'declined' });

    const amount = drawer.getByRole('textbox', { name: /Credits/ });
    await user.clear(amount);
    await user.type(amount, '500');
    await user.type(drawer.getByRole('textbox', { name: 'Reason' }), 'Beta welcome');
    await user.click(drawer.getByRole('button', { name: 'Grant' }));
    await waitFor(() => expect(sent.some((r) => r.url.pathname.endsWith('/tokens'))).toBe(true));
    const grant = sent.find((r) => r.url.pathname.endsWith('/tokens'));
    expect(grant).toMatchObject({ method: 'PUT', body: { tokenAmount: 500, reason: 'Beta welcome' } });
    expect(grant?.url.pathname).toBe('/api/admin/organizations/o1/tokens');
    expect(await drawer.findByText('Done: the balance is now 2,000 credits.')).toBeInTheDocument();
  });
});
