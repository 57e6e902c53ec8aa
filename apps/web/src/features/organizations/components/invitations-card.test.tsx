import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

const invite = (extra: object = {}) => ({
  organization: '0b6f3c1e-0000-4000-8000-000000000001',
  organizationName: 'North Fleet',
  invitedBy: 'Grace Hopper',
  status: 'pending',
  expiresAt: '2099-01-31T00:00:00.000Z',
  ...extra,
});

const declined = invite({
  organization: '0b6f3c1e-0000-4000-8000-000000000002',
  organizationName: 'South Farm',
  invitedBy: null,
  status: 'declined',
});

/** A signed-in user with `list` invitations; PUT answers `remaining` and is recorded. */
function stubInvites(list: unknown[], remaining: unknown[] = []) {
  const sent: unknown[] = [];
  const calls = stubUser({}, (url, init) => {
    if (url.pathname !== '/api/invites') return undefined;
    if (init?.method === 'PUT') {
      sent.push(JSON.parse(String(init.body)));
      return { body: remaining };
    }
    return { body: list };
  });
  return { sent, calls };
}

describe('invitations on the dashboard', () => {
  it('accepts a pending invitation, refetches the teams and links to the organisation', async () => {
    const { sent, calls } = stubInvites([invite(), declined], [declined]);
    const { user } = renderApp('/dashboard');
    const card = within(await screen.findByRole('region', { name: 'Invitations' }));
    const rows = card.getAllByTestId('invitation-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText(/Invited by Grace Hopper/)).toBeInTheDocument();
    // A declined one can only be accepted after all.
    expect(within(rows[1] as HTMLElement).getByText('Declined')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Decline the invitation of South Farm' })).toBeNull();

    const userCalls = () => calls.filter((url) => url.pathname === '/api/user').length;
    const before = userCalls();
    await user.click(card.getByRole('button', { name: 'Accept the invitation of North Fleet' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ action: 'accept', organization: invite().organization });
    expect(await card.findByText('You joined North Fleet.')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Open North Fleet' })).toHaveAttribute(
      'href',
      `/org/${invite().organization}`,
    );
    await waitFor(() => expect(userCalls()).toBeGreaterThan(before));
    expect(card.getAllByTestId('invitation-row')).toHaveLength(1);
  });

  it('declines a pending one and accepts a declined one with acceptDeclined', async () => {
    const { sent } = stubInvites([invite(), declined], [declined]);
    const { user } = renderApp('/dashboard');
    const card = within(await screen.findByRole('region', { name: 'Invitations' }));
    await user.click(card.getByRole('button', { name: 'Decline the invitation of North Fleet' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ action: 'decline', organization: invite().organization });
    await waitFor(() => expect(card.getAllByTestId('invitation-row')).toHaveLength(1));
    expect(card.queryByText(/You joined/)).toBeNull();

    await user.click(card.getByRole('button', { name: 'Accept the invitation of South Farm' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ action: 'acceptDeclined', organization: declined.organization });
  });

  it('is hidden when there are none, and the Organisations card links each team', async () => {
    stubInvites([]);
    renderApp('/dashboard');
    const organisations = within(await screen.findByRole('group', { name: 'Organisations' }));
    expect(await organisations.findByRole('link', { name: 'Farm' })).toHaveAttribute('href', '/org/t1');
    expect(organisations.getByRole('link', { name: 'Create organisation' })).toHaveAttribute(
      'href',
      '/dashboard?create=organisation',
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Invitations' })).toBeNull());
  });
});
