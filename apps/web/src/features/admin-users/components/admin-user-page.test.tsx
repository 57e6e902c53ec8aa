import type { AdminUserDetail } from '@fixpoint/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ntripAccount, stubUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

const slow = { timeout: 4000 };

const detail = (extra: Partial<AdminUserDetail['user']> = {}): AdminUserDetail => ({
  user: {
    id: 'u2',
    name: 'Bob Baker',
    email: 'bob@example.com',
    role: 'user',
    banned: false,
    createdAt: '2026-10-01T08:00:00.000Z',
    emailVerified: true,
    disabledReason: null,
    ...extra,
  },
  balance: 42,
  accounts: [ntripAccount('a1', 'Tractor 1', { diagnosis: 'receiving' })] as AdminUserDetail['accounts'],
  sessions: [
    {
      id: 's1',
      accountId: 'a1',
      accountName: 'Tractor 1',
      mountpoint: 'DEMO_AUTO',
      startedAt: '2026-11-02T09:00:00.000Z',
      endedAt: null,
      durationSeconds: 125,
      bytesSent: 123_456,
      ggaCount: 3,
      lastLatitude: 52.1,
      lastLongitude: 5.1,
      distanceToBaseM: 1200,
      clientAddress: '192.0.2.1',
      userAgent: 'NTRIP test',
      closeReason: null,
    },
    {
      id: 's0',
      accountId: 'a1',
      accountName: 'Tractor 1',
      mountpoint: 'DEMO_AUTO',
      startedAt: '2026-11-01T09:00:00.000Z',
      endedAt: '2026-11-01T10:00:00.000Z',
      durationSeconds: 3600,
      bytesSent: 654_321,
      ggaCount: 60,
      lastLatitude: 52.1,
      lastLongitude: 5.1,
      distanceToBaseM: 1200,
      clientAddress: '192.0.2.1',
      userAgent: 'NTRIP test',
      closeReason: 'window-ended',
    },
  ],
  organizations: [{ id: 'o1', name: 'Polder Agri', role: 'admin', status: 'active' }],
  ledger: {
    balance: 42,
    entries: [
      {
        id: 'l1',
        amount: 42,
        balanceAfter: 42,
        kind: 'grant',
        description: { code: 'adminGrant' },
        reason: 'Pilot season',
        accountName: null,
        networkName: null,
        days: null,
        createdAt: '2026-11-01T10:00:00.000Z',
      },
    ],
    nextCursor: null,
  },
});

type Answer = { status?: number; body?: unknown };

/** An admin (u1) and the user page's API: `answers` for `GET /api/admin/users/u2` in turn; the changes sent. */
function stubPage(...answers: Answer[]) {
  const reads: URL[] = [];
  const changes: { path: string; body: unknown }[] = [];
  stubUser({ overview: { isAdmin: true } }, (url, init) => {
    if (init?.method === 'PUT') {
      changes.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
      return { body: detail().user };
    }
    if (url.pathname === '/api/admin/users/u2') {
      reads.push(url);
      return answers[Math.min(reads.length, answers.length) - 1];
    }
    if (url.pathname === '/api/admin/users/u1') return { body: { ...detail(), user: { ...detail().user, id: 'u1' } } };
    return undefined;
  });
  return { reads, changes };
}

describe('the admin user page', () => {
  it('shows the balance, NTRIP accounts, sessions, organisations with role and the ledger', async () => {
    stubPage({ body: detail() });
    renderApp('/admin/users/u2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bob Baker' }, slow)).toBeVisible();
    expect(within(screen.getByRole('group', { name: 'Credit balance' })).getByText('42')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Changes in the audit log' })).toHaveAttribute(
      'href',
      '/admin/audit-log?target=u2',
    );
    const accounts = screen.getByRole('table', { name: 'NTRIP accounts' });
    expect(within(accounts).getByText('Tractor 1')).toBeVisible();
    expect(within(accounts).getByText('Receiving corrections')).toBeVisible();
    const sessions = screen.getByRole('table', { name: 'Caster sessions' });
    expect(within(sessions).getAllByText('DEMO_AUTO')).toHaveLength(2);
    expect(within(sessions).getByText('Connected')).toBeVisible();
    // Why a session ended, in words rather than the caster's code.
    expect(within(sessions).getByText('Access ended')).toBeVisible();
    expect(within(sessions).queryByText('window-ended')).toBeNull();
    const organizations = screen.getByRole('region', { name: 'Organisations' });
    expect(within(organizations).getByText('Polder Agri')).toBeVisible();
    expect(within(organizations).getByText('Admin')).toBeVisible();
    const ledger = screen.getByRole('table', { name: 'Credit ledger' });
    expect(within(ledger).getByText('Granted by an administrator · Pilot season')).toBeVisible();
    expect(within(ledger).getByText('+42')).toBeVisible();
  });

  it('keeps the heading when the user cannot be loaded, and Retry loads it', async () => {
    const { reads } = stubPage({ status: 500, body: { code: 'INTERNAL', message: 'Boom.' } }, { body: detail() });
    const { user } = renderApp('/admin/users/u2');
    expect(await screen.findByText('This user could not be loaded.', {}, slow)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'User' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bob Baker' }, slow)).toBeVisible();
    expect(reads).toHaveLength(2);
  });

  it('says so when there is no such user, with the way back', async () => {
    stubPage({ status: 404, body: { code: 'USER_NOT_FOUND', message: 'No user with that id.' } });
    renderApp('/admin/users/u2');
    expect(await screen.findByText('No such user', {}, slow)).toBeVisible();
    expect(screen.getByRole('link', { name: 'All users' })).toHaveAttribute('href', '/admin/users');
  });

  it('disables a user after confirming, with a reason, and says it is done', async () => {
    const { changes } = stubPage(
      { body: detail() },
      { body: detail({ banned: true, disabledReason: 'Unpaid invoices' }) },
    );
    const { user } = renderApp('/admin/users/u2');
    await user.click(await screen.findByRole('button', { name: 'Disable' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Bob Baker?' });
    // Cancel has the focus: Enter never disables anyone by accident.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Unpaid invoices');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() =>
      expect(changes).toEqual([
        { path: '/api/admin/users/u2/status', body: { status: 'disabled', reason: 'Unpaid invoices' } },
      ]),
    );
    expect(await screen.findByText('Bob Baker is disabled.')).toBeVisible();
    expect(await screen.findByText('This user is disabled')).toBeVisible();
    expect(screen.getByText('Reason: Unpaid invoices')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Enable' })).toBeVisible();
  });

  it('makes a user an admin after confirming', async () => {
    const { changes } = stubPage({ body: detail() });
    const { user } = renderApp('/admin/users/u2');
    await user.click(await screen.findByRole('button', { name: 'Make admin' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Make Bob Baker an admin?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make admin' }));
    await waitFor(() => expect(changes).toEqual([{ path: '/api/admin/users/u2/role', body: { role: 'admin' } }]));
    expect(await screen.findByText('Bob Baker is now an admin.')).toBeVisible();
  });

  it('offers an admin neither removing their own admin role nor disabling themselves', async () => {
    stubPage();
    renderApp('/admin/users/u1');
    expect(await screen.findByText(/This is you/, {}, slow)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Grant credits' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove admin' })).toBeNull();
  });
});
