import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

const organization = (role: string, status = 'active') => ({
  id: 'o1',
  name: 'North Fleet',
  status,
  role,
  memberCount: 3,
  accountCount: 0,
  tokenAmount: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
});

const member = (userId: string, name: string, role: string) => ({
  userId,
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
  role,
  joinedAt: '2026-11-02T00:00:00.000Z',
});

// The signed-in user (fixtures: u1, Ada Lovelace) and two others.
const members = [
  member('u1', 'Ada Lovelace', 'owner'),
  member('u2', 'Grace Hopper', 'admin'),
  member('u3', 'Linus T', 'member'),
];

const pendingInvite = {
  email: 'new@example.com',
  status: 'pending',
  invitedBy: 'Ada Lovelace',
  createdAt: '2026-11-03T00:00:00.000Z',
  expiresAt: '2099-01-31T00:00:00.000Z',
};

type Sent = { method: string; url: URL; body: unknown };
type Answer = { status?: number; body?: unknown };

/**
 * The organisation o1 as seen by a caller with `role`; writes are recorded and answered by `answer` (by default the
 * list the contract returns).
 */
function stubOrg(role: string, answer: (sent: Sent) => Answer | undefined = () => undefined, status = 'active') {
  const sent: Sent[] = [];
  const calls = stubUser({}, (url, init) => {
    const method = init?.method ?? 'GET';
    if (!url.pathname.startsWith('/api/org/o1')) return undefined;
    if (method !== 'GET') {
      const record = { method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      sent.push(record);
      const custom = answer(record);
      if (custom) return custom;
      if (url.pathname === '/api/org/o1') return { status: 204 };
      if (url.pathname.endsWith('/invites')) return { status: 200, body: method === 'POST' ? [pendingInvite] : [] };
      return { body: members.filter((m) => m.userId !== url.searchParams.get('forMember')) };
    }
    if (url.pathname === '/api/org/o1') return { body: organization(role, status) };
    if (url.pathname === '/api/org/o1/members') return { body: members };
    if (url.pathname === '/api/org/o1/invites') return { body: [pendingInvite] };
    return undefined;
  });
  return { sent, calls };
}

const rowOf = async (name: string) => {
  const rows = await screen.findAllByTestId('member-row');
  const row = rows.find((candidate) => within(candidate).queryByText(name));
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};

/** Holds the organisation's changes (anything but GET) until the test releases them. */
function holdChanges() {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const answer = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    if ((init?.method ?? 'GET') !== 'GET') await held;
    return answer(input, init);
  });
  return release;
}

describe('organisation members', () => {
  it('lets an owner change a role and remove a member after confirming', async () => {
    const { sent } = stubOrg('owner');
    const { user } = renderApp('/org/o1/members');
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    const grace = await rowOf('Grace Hopper');
    expect(grace.getByText('grace@example.com')).toBeInTheDocument();
    // An owner may make anyone an owner.
    await user.click(grace.getByRole('combobox', { name: 'Role of Grace Hopper' }));
    expect(await screen.findByRole('option', { name: 'Owner' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Member' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PUT', body: { forMember: 'u2', role: 'member' } });
    expect(sent[0]?.url.pathname).toBe('/api/org/o1/members');

    // No Remove on one's own row: that is Leave.
    expect((await rowOf('Ada Lovelace')).queryByRole('button', { name: /Remove/ })).toBeNull();
    await user.click((await rowOf('Linus T')).getByRole('button', { name: 'Remove Linus T' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Remove this member?' }));
    await user.click(confirm.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.method).toBe('DELETE');
    expect(sent[1]?.url.searchParams.get('forMember')).toBe('u3');
    await waitFor(() => expect(screen.getAllByTestId('member-row')).toHaveLength(2));
  });

  it('says LAST_OWNER in words when the last owner tries to leave', async () => {
    stubOrg('owner', (sent) =>
      sent.method === 'DELETE'
        ? { status: 409, body: { code: 'LAST_OWNER', message: 'Make someone else an owner before you leave.' } }
        : undefined,
    );
    const { user, router } = renderApp('/org/o1/members');
    await user.click(await screen.findByRole('button', { name: 'Leave organisation' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Leave North Fleet?' }));
    await user.click(confirm.getByRole('button', { name: 'Leave' }));
    const failed = within(await screen.findByRole('dialog', { name: 'An organisation needs an owner' }));
    // The code in the user's language, not the server's English sentence.
    expect(failed.getByRole('alert')).toHaveTextContent(
      'An organisation needs an owner: make someone else owner first.',
    );
    expect(router.state.location.pathname).toBe('/org/o1/members');
  });

  it('lets a member only read and leave: then the dashboard shows and the teams are fetched again', async () => {
    const { sent, calls } = stubOrg('member');
    const { user, router } = renderApp('/org/o1/members');
    const grace = await rowOf('Grace Hopper');
    expect(grace.queryByRole('combobox', { name: /Role of/ })).toBeNull();
    expect(grace.getByText('Admin')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Invitations' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete organisation' })).toBeNull();

    const userCalls = () => calls.filter((url) => url.pathname === '/api/user').length;
    const before = userCalls();
    await user.click(screen.getByRole('button', { name: 'Leave organisation' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Leave North Fleet?' }));
    await user.click(confirm.getByRole('button', { name: 'Leave' }));
    // The pending dialog says it is done; its button leads to the dashboard.
    const done = within(await screen.findByRole('dialog', { name: 'You left North Fleet' }));
    expect(done.getByText(/Its pages are gone from your menu/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/org/o1/members');
    expect(sent[0]?.method).toBe('DELETE');
    expect(sent[0]?.url.searchParams.get('forMember')).toBe('u1');
    await user.click(done.getByRole('button', { name: 'Go to the dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(userCalls()).toBeGreaterThan(before);
  });

  it('lets an admin invite by a valid e-mail address and cancel an invitation', async () => {
    const { sent } = stubOrg('admin');
    const { user } = renderApp('/org/o1/members');
    const invites = within(await screen.findByRole('region', { name: 'Invitations' }));
    const row = within(await invites.findByTestId('org-invite-row'));
    expect(row.getByText('new@example.com')).toBeInTheDocument();
    expect(row.getByText('Pending')).toBeInTheDocument();
    expect(row.getByText('Jan 31, 2099')).toBeInTheDocument();
    // An admin cannot change an owner, nor make anyone an owner.
    expect((await rowOf('Ada Lovelace')).queryByRole('combobox', { name: /Role of/ })).toBeNull();

    const email = invites.getByRole('textbox', { name: 'E-mail address' });
    await user.type(email, 'not-an-address');
    await user.click(invites.getByRole('button', { name: 'Invite' }));
    expect(await invites.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.clear(email);
    await user.type(email, ' Someone@Example.com ');
    await user.click(invites.getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'POST', body: { email: 'someone@example.com' } });
    expect(sent[0]?.url.pathname).toBe('/api/org/o1/invites');

    await user.click(invites.getByRole('button', { name: 'Cancel the invitation of new@example.com' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ method: 'DELETE', body: { email: 'new@example.com' } });
    expect(sent[1]?.url.pathname).toBe('/api/org/o1/invites');
    expect(await invites.findByText(/No invitations are waiting/)).toBeInTheDocument();
  });

  it('says why an organisation invites nobody while it waits for approval, and still lets it withdraw one', async () => {
    stubOrg('owner', undefined, 'pending');
    const { user } = renderApp('/org/o1/members');
    const invites = within(await screen.findByRole('region', { name: 'Invitations' }));
    expect(
      await invites.findByText('You can invite people once an admin has approved North Fleet.'),
    ).toBeInTheDocument();
    expect(invites.queryByRole('textbox', { name: 'E-mail address' })).toBeNull();
    expect(invites.queryByRole('button', { name: 'Invite' })).toBeNull();
    // What it already sent can still be withdrawn.
    expect(await invites.findByRole('button', { name: 'Cancel the invitation of new@example.com' })).toBeEnabled();
    await user.click(invites.getByRole('button', { name: 'Cancel the invitation of new@example.com' }));
  });

  it('tells an admin over the invitation limit to try again later', async () => {
    const { sent } = stubOrg('admin', ({ method }) =>
      method === 'POST'
        ? { status: 429, body: { code: 'INVITE_LIMIT', message: 'An organisation can send 20 invitations an hour.' } }
        : undefined,
    );
    const { user } = renderApp('/org/o1/members');
    const invites = within(await screen.findByRole('region', { name: 'Invitations' }));
    await user.type(invites.getByRole('textbox', { name: 'E-mail address' }), 'someone@example.com');
    await user.click(invites.getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(
      await invites.findByText(
        'This organisation has sent as many invitations as it may for now (20 an hour, 100 a day). Try again later.',
      ),
    ).toBeInTheDocument();
  });

  it('lets an owner delete the organisation after typing its name, with a pending dialog until it is done', async () => {
    const { sent } = stubOrg('owner');
    const release = holdChanges();
    const { user, router } = renderApp('/org/o1/members');
    await user.click(await screen.findByRole('button', { name: 'Delete organisation' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete North Fleet?' }));
    const submit = confirm.getByRole('button', { name: 'Delete for good' });
    expect(submit).toBeDisabled();
    await user.type(confirm.getByRole('textbox', { name: 'Type North Fleet to confirm' }), 'North Fleet');
    await user.click(submit);

    const waiting = await screen.findByRole('dialog', { name: 'Please wait' });
    expect(waiting).toHaveAttribute('aria-busy', 'true');
    expect(within(waiting).getByRole('status')).toHaveTextContent('Deleting North Fleet…');
    release();
    const done = within(await screen.findByRole('dialog', { name: 'Organisation deleted' }));
    expect(done.getByText('North Fleet has been deleted for every member.')).toBeInTheDocument();
    expect(sent).toMatchObject([{ method: 'DELETE' }]);
    expect(sent[0]?.url.pathname).toBe('/api/org/o1');
    await user.click(done.getByRole('button', { name: 'Go to the dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it("shows the server's reason when the organisation cannot be deleted, and stays", async () => {
    stubOrg('owner', (sent) =>
      sent.method === 'DELETE'
        ? {
            status: 409,
            body: {
              code: 'SUBSCRIPTIONS_RUNNING',
              message: "End the organisation's subscriptions first: deleting would leave them billing.",
            },
          }
        : undefined,
    );
    const { user, router } = renderApp('/org/o1/members');
    await user.click(await screen.findByRole('button', { name: 'Delete organisation' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete North Fleet?' }));
    await user.type(confirm.getByRole('textbox', { name: 'Type North Fleet to confirm' }), 'North Fleet');
    await user.click(confirm.getByRole('button', { name: 'Delete for good' }));
    const failed = within(await screen.findByRole('dialog', { name: 'Could not delete the organisation' }));
    expect(failed.getByRole('alert')).toHaveTextContent("End the organisation's subscriptions first");
    const close = failed.getAllByRole('button', { name: 'Close' });
    await user.click(close[close.length - 1] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/org/o1/members');
  });
});
