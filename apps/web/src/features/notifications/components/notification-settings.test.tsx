import { notificationDefaults, notificationKinds } from '@fixpoint/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

type Row = { kind: string; inApp: boolean; email: boolean; webhook?: boolean };

/** The server's settings: the defaults, with or without the webhook channel; a PUT is applied and recorded. */
function stubSettings({ withWebhook = false } = {}) {
  const sent: { path: string; body: unknown }[] = [];
  let rows: Row[] = notificationKinds.map((kind) => {
    const { inApp, email, webhook } = notificationDefaults[kind];
    return withWebhook ? { kind, inApp, email, webhook } : { kind, inApp, email };
  });
  const teams = [{ id: 'o1', name: 'North Fleet', role: 'admin', status: 'active' }];
  stubUser({ overview: { teams } }, (url, init) => {
    if (url.pathname === '/api/org/o1') {
      return {
        body: { ...teams[0], memberCount: 2, accountCount: 0, tokenAmount: 0, createdAt: '2026-11-01T00:00:00Z' },
      };
    }
    if (!/^\/api(\/org\/o1)?\/notification-settings$/.test(url.pathname)) return undefined;
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { settings: Row[] };
      sent.push({ path: url.pathname, body });
      rows = rows.map((row) => body.settings.find((changed) => changed.kind === row.kind) ?? row);
    }
    return { body: { settings: rows } };
  });
  return sent;
}

describe('the notification settings', () => {
  it('shows every kind with the defaults on, and saves one switch at once', async () => {
    const sent = stubSettings();
    const { user } = renderApp('/settings/notifications');
    const table = within(await screen.findByRole('table', { name: 'Notification settings' }, { timeout: 10_000 }));
    expect(screen.getByRole('tab', { name: 'Notifications', selected: true })).toBeVisible();
    expect(
      within(table.getAllByRole('row')[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Event', 'In-app', 'E-mail']);
    // One row per kind, and group rows.
    expect(table.getAllByRole('switch', { name: /^In-app: / })).toHaveLength(notificationKinds.length);
    expect(table.getByRole('switch', { name: 'E-mail: Station down' })).toBeChecked();
    const degradedMail = table.getByRole('switch', { name: 'E-mail: Station degraded' });
    expect(degradedMail).not.toBeChecked();

    await user.click(degradedMail);
    await waitFor(() => expect(table.getByRole('switch', { name: 'E-mail: Station degraded' })).toBeChecked());
    expect(sent).toEqual([
      {
        path: '/api/notification-settings',
        body: { settings: [{ kind: 'station-degraded', inApp: true, email: true }] },
      },
    ]);
    expect(await screen.findByText('Notification settings saved.')).toBeVisible();

    await user.click(table.getByRole('switch', { name: 'In-app: Credits low' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body).toEqual({ settings: [{ kind: 'credits-low', inApp: false, email: true }] });
    await waitFor(() => expect(table.getByRole('switch', { name: 'In-app: Credits low' })).not.toBeChecked());
  });

  it("offers webhooks once the server has that channel, and sets an organisation's own", async () => {
    const sent = stubSettings({ withWebhook: true });
    const { user } = renderApp('/org/o1/notifications/settings');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Notification settings' }, { timeout: 10_000 }),
    ).toBeVisible();
    const table = within(await screen.findByRole('table', { name: 'Notification settings' }));
    expect(
      within(table.getAllByRole('row')[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Event', 'In-app', 'E-mail', 'Webhook']);
    await user.click(table.getByRole('switch', { name: 'Webhook: Station back up' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          path: '/api/org/o1/notification-settings',
          body: { settings: [{ kind: 'station-up', inApp: true, email: true, webhook: false }] },
        },
      ]),
    );
    expect(screen.getByRole('link', { name: 'Back to notifications' })).toHaveAttribute(
      'href',
      '/org/o1/notifications',
    );
  });
});
