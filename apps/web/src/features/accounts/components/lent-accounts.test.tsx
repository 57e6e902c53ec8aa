import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { connectionSettings, ntripAccount, stubUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

const until = '2099-06-01T10:00:00.000Z';
const own = ntripAccount('a1', 'My rover');
const lent = ntripAccount('a2', 'Fleet harvester', {
  organization: { id: 'o1', name: 'North Fleet' },
  lending: { userId: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', until },
});
const credentials = connectionSettings('fx-a2');

function stubLent() {
  return stubUser({}, (url) => {
    if (url.pathname === '/api/accounts') return { body: [own, lent] };
    if (url.pathname === '/api/networks') return { body: [{ id: 'n2', name: 'Relay Network', dailyPrice: 2 }] };
    if (url.pathname === '/api/subscriptions') return { body: [] };
    if (url.pathname === '/api/accounts/a2/credentials') return { body: credentials };
    if (url.pathname === '/api/accounts/a2/sessions') return { body: [] };
    return undefined;
  });
}

describe("an organisation's account lent to the user", () => {
  it('is marked with the organisation and the end of the loan in the personal list', async () => {
    stubLent();
    renderApp('/accounts');
    const card = within(await screen.findByRole('article', { name: 'Fleet harvester' }, { timeout: 10_000 }));
    const date = new Date(until).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
    expect(card.getByTestId('lending-badge')).toHaveTextContent(`North Fleet · until ${date}`);
    const mine = within(screen.getByRole('article', { name: 'My rover' }));
    expect(mine.queryByTestId('lending-badge')).toBeNull();
  });

  it('shows credentials and sessions but no rename, delete, activation, new password or seats', async () => {
    const calls = stubLent();
    const { user } = renderApp('/accounts');
    const card = within(await screen.findByRole('article', { name: 'Fleet harvester' }, { timeout: 10_000 }));
    await user.click(card.getByRole('button', { name: 'Manage' }));
    const drawer = within(await screen.findByRole('dialog'));
    expect(drawer.getByTestId('lent-notice')).toHaveTextContent('North Fleet lent you this account until');
    await waitFor(() => expect(drawer.getByTestId('credential-password')).toHaveValue(credentials.password));
    expect(drawer.getByRole('heading', { name: 'Sessions' })).toBeVisible();
    for (const name of ['Activate or extend', 'Save', 'New password', 'Delete account', 'Disable']) {
      expect(drawer.queryByRole('button', { name })).toBeNull();
    }
    expect(drawer.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(drawer.queryByTestId('account-seat')).toBeNull();
    expect(calls.some((url) => url.pathname === '/api/subscriptions')).toBe(false);
  });

  it('is not offered for activation when the user came to activate an account on a network', async () => {
    stubLent();
    renderApp('/accounts?network=n2');
    const lentCard = within(await screen.findByRole('article', { name: 'Fleet harvester' }, { timeout: 10_000 }));
    expect(lentCard.getByRole('button', { name: 'Manage' })).toBeVisible();
    const mine = within(screen.getByRole('article', { name: 'My rover' }));
    expect(await mine.findByRole('button', { name: 'Activate' })).toBeVisible();
  });
});
