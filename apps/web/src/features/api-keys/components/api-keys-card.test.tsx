import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

const shop = {
  id: 'k1',
  name: 'Web shop',
  prefix: 'fpk_ab12cd34',
  scopes: ['accounts:read', 'accounts:write'],
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
  createdBy: { id: 'u1', name: 'Jo' },
};
/** A key as the server makes one, generated here: shown once, never kept. */
const fullKey = `fpk_${crypto.randomUUID().replaceAll('-', '')}`;

function stubKeys() {
  let items = [shop];
  const sent: { method: string; path: string; body: unknown }[] = [];
  stubUser({}, (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/api-keys' && method === 'GET') return { body: { items } };
    if (url.pathname === '/api/api-keys' && method === 'POST') {
      const body = JSON.parse(String(init?.body));
      sent.push({ method, path: url.pathname, body });
      const created = { ...shop, id: 'k2', name: body.name, scopes: body.scopes, prefix: fullKey.slice(0, 12) };
      items = [created, ...items];
      return { status: 201, body: { ...created, key: fullKey } };
    }
    if (url.pathname.startsWith('/api/api-keys/') && method === 'DELETE') {
      sent.push({ method, path: url.pathname, body: null });
      items = items.filter((key) => !url.pathname.endsWith(key.id));
      return { status: 204 };
    }
    return undefined;
  });
  return sent;
}

describe('the API keys settings page', () => {
  it('lists keys, creates one that is shown once with a copy button, and revokes one', async () => {
    const sent = stubKeys();
    const { user } = renderApp('/settings/api-keys');
    const row = (await screen.findByText('Web shop')).closest('tr') as HTMLElement;
    expect(within(row).getByText('fpk_ab12cd34…')).toBeInTheDocument();
    expect(within(row).getByText('accounts:write')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New API key' }));
    await user.type(dialog.getByRole('textbox', { name: /Name/ }), 'Farm office');
    await user.click(dialog.getByRole('checkbox', { name: /usage:read/ }));
    await user.click(dialog.getByRole('button', { name: 'Create key' }));

    const shown = within(await screen.findByRole('dialog', { name: 'Your new API key' }));
    expect(shown.getByTestId('created-api-key')).toHaveTextContent(fullKey);
    expect(shown.getByText(/shown only this once/)).toBeInTheDocument();
    expect(shown.getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/api/api-keys',
      body: { name: 'Farm office', scopes: ['accounts:read', 'usage:read'] },
    });
    await user.click(shown.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list shows the new key by name, never the key itself.
    expect(await screen.findByText('Farm office')).toBeInTheDocument();
    expect(screen.queryByText(fullKey)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Revoke Web shop' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Revoke "Web shop"?' }));
    await user.click(confirm.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByText('Web shop')).toBeNull());
    expect(sent[1]).toEqual({ method: 'DELETE', path: '/api/api-keys/k1', body: null });
  });
});
