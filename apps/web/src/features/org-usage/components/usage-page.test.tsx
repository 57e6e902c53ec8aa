import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';
import { lastDays } from './usage-format';

const organization = (role: string) => ({
  id: 'o1',
  name: 'North Fleet',
  status: 'active',
  role,
  memberCount: 2,
  accountCount: 2,
  tokenAmount: 100,
  createdAt: '2026-11-01T00:00:00.000Z',
});

const figures = (sessions: number, hours: number, bytes: number, creditsSpent: number) => ({
  sessions,
  hours,
  bytes,
  creditsSpent,
});

const usage = (from: string, to: string) => ({
  from,
  to,
  members: [{ userId: 'u3', name: 'Linus T', email: 'linus@example.com', ...figures(4, 12.5, 3 * 1024 ** 3, 8) }],
  accounts: [
    { accountId: 'a1', name: 'Harvester', username: 'fx-a1', ...figures(3, 10, 512 * 1024 ** 2, 6) },
    { accountId: 'a2', name: 'Drone', username: 'fx-a2', ...figures(1, 2.5, 2 * 1024 ** 2, 2) },
  ],
  days: [
    { date: from, ...figures(3, 10, 3 * 1024 ** 3, 6) },
    { date: to, ...figures(1, 2.5, 2 * 1024 ** 2, 2) },
  ],
});

function stubUsage(role = 'owner') {
  return stubUser({ overview: { teams: [{ id: 'o1', name: 'North Fleet', role, status: 'active' }] } }, (url) => {
    if (url.pathname === '/api/org/o1') return { body: organization(role) };
    if (url.pathname === '/api/org/o1/usage') {
      return { body: usage(url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? '') };
    }
    if (url.pathname === '/api/org/o1/usage.csv') return { body: 'member,hours\nLinus T,12.5\n' };
    return undefined;
  });
}

describe('the usage page', () => {
  it('asks for the last 30 days and shows the figures per member and per account', async () => {
    const calls = stubUsage();
    renderApp('/org/o1/usage');
    const members = within(await screen.findByRole('table', { name: 'Per member' }, { timeout: 10_000 }));
    const range = lastDays(30);
    const request = calls.find((url) => url.pathname === '/api/org/o1/usage');
    expect(request?.searchParams.get('from')).toBe(range.from);
    expect(request?.searchParams.get('to')).toBe(range.to);
    expect(screen.getByLabelText('From')).toHaveValue(range.from);

    const linus = within(members.getByRole('row', { name: /Linus T/ }));
    expect(linus.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Linus Tlinus@example.com',
      '4',
      '12.5',
      '3.00 GB',
      '8',
    ]);
    const accounts = within(screen.getByRole('table', { name: 'Per NTRIP account' }));
    expect(accounts.getAllByRole('row')).toHaveLength(3);
    expect(within(accounts.getByRole('row', { name: /Harvester/ })).getByText('512.0 MB')).toBeVisible();
    expect(within(accounts.getByRole('row', { name: /Drone/ })).getByText('2.0 MB')).toBeVisible();
    expect(screen.getByRole('group', { name: 'Hours' })).toHaveTextContent('12.5');
    expect(screen.getByTestId('usage-chart')).toBeInTheDocument();
  });

  it('asks again for another range, and refuses an end before the start', async () => {
    const calls = stubUsage();
    const { user } = renderApp('/org/o1/usage');
    await screen.findByRole('table', { name: 'Per member' }, { timeout: 10_000 });
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-11-01');
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2026-11-15');
    await waitFor(() =>
      expect(
        calls.some(
          (url) => url.searchParams.get('from') === '2026-11-01' && url.searchParams.get('to') === '2026-11-15',
        ),
      ).toBe(true),
    );
    await user.clear(to);
    await user.type(to, '2026-10-01');
    expect(screen.getByText('The end must not be before the start.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('downloads the same range as CSV', async () => {
    const calls = stubUsage();
    // jsdom has no object URLs: the download's file is made and clicked, not saved.
    const createObjectURL = vi.fn(() => 'blob:usage');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      const { user } = renderApp('/org/o1/usage');
      await screen.findByRole('table', { name: 'Per member' }, { timeout: 10_000 });
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(click).toHaveBeenCalled());
      const range = lastDays(30);
      const csv = calls.find((url) => url.pathname === '/api/org/o1/usage.csv');
      expect(csv?.searchParams.get('from')).toBe(range.from);
      expect(csv?.searchParams.get('to')).toBe(range.to);
      expect(createObjectURL).toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });

  it('tells a plain member that usage is for owners and admins, without asking the server', async () => {
    const calls = stubUsage('member');
    renderApp('/org/o1/usage');
    expect(
      await screen.findByText("Only the organisation's owners and admins see its usage.", {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(calls.some((url) => url.pathname === '/api/org/o1/usage')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });
});
