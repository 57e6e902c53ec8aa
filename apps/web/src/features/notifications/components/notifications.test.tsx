import type { Notification } from '@fixpoint/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const stationDown: Notification = {
  id: '0b7e9c1e-1c1a-4c43-9d6a-0a5e4b1f2c01',
  kind: 'station-down',
  title: 'Station DELF00NLD is down',
  body: 'No data from DELF00NLD (Demo Network) since 09:12.',
  createdAt: minutesAgo(3),
  readAt: null,
  link: '/status',
};
const creditsLow: Notification = {
  id: '0b7e9c1e-1c1a-4c43-9d6a-0a5e4b1f2c02',
  kind: 'credits-low',
  title: 'Credits low',
  body: 'Your credits last 2 more days.',
  createdAt: minutesAgo(90),
  readAt: null,
  link: '/credits',
};
const accessEnded: Notification = {
  id: '0b7e9c1e-1c1a-4c43-9d6a-0a5e4b1f2c03',
  kind: 'access-ended',
  title: 'Access of Tractor 1 ended',
  body: '',
  createdAt: minutesAgo(3000),
  readAt: minutesAgo(2000),
  link: null,
};

type Sent = { method: string; path: string; body: unknown };

/**
 * A person with three notifications (two unread) whose reads the "server" applies, so the bell and the page show
 * what a real mark-read leaves; `org` answers the organisation o1's list (the person's role as given).
 */
function stubNotifications({
  items = [stationDown, creditsLow, accessEnded] as Notification[],
  role = 'owner',
}: {
  items?: Notification[];
  role?: string;
} = {}) {
  const sent: Sent[] = [];
  let list: Notification[] = items.map((item) => ({ ...item }));
  const teams = [{ id: 'o1', name: 'North Fleet', role, status: 'active' }];
  const organization = { id: 'o1', name: 'North Fleet', status: 'active', role, memberCount: 2, accountCount: 0 };
  stubUser({ overview: { teams } }, (url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== 'GET') sent.push({ method, path: url.pathname, body });
    if (url.pathname === '/api/org/o1') return { body: { ...organization, tokenAmount: 0, createdAt: minutesAgo(9) } };
    if (/^\/api(\/org\/o1)?\/notifications$/.test(url.pathname)) {
      const limit = Number(url.searchParams.get('limit'));
      return {
        body: { items: list.slice(0, limit), unread: list.filter((item) => item.readAt === null).length },
      };
    }
    if (/^\/api(\/org\/o1)?\/notifications\/read$/.test(url.pathname)) {
      const ids: string[] = body.all ? list.map((item) => item.id) : body.ids;
      list = list.map((item) => (ids.includes(item.id) ? { ...item, readAt: item.readAt ?? minutesAgo(0) } : item));
      return { body: { updated: ids.length, unread: list.filter((item) => item.readAt === null).length } };
    }
    return undefined;
  });
  return sent;
}

describe('the notification bell', () => {
  it('shows the unread count, opens on the latest with their links, and marks all read', async () => {
    const sent = stubNotifications();
    const { user } = renderApp('/accounts');
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' }, { timeout: 10_000 });
    expect(bell.closest('.mantine-Indicator-root')).toHaveTextContent('2');

    await user.click(bell);
    const latest = within(await screen.findByRole('list', { name: 'Latest notifications' }));
    const items = latest.getAllByRole('listitem');
    // Newest first, the unread ones marked, each title linking where its notification says.
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Unread: Station DELF00NLD is down',
      'Unread: Credits low',
      'Access of Tractor 1 ended',
    ]);
    expect(latest.getByRole('link', { name: 'Station DELF00NLD is down' })).toHaveAttribute('href', '/status');
    expect(within(items[0] as HTMLElement).getByText('3 min. ago')).toBeVisible();
    expect(within(items[2] as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all notifications' })).toHaveAttribute('href', '/notifications');

    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument());
    expect(sent).toEqual([{ method: 'POST', path: '/api/notifications/read', body: { all: true } }]);
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    expect(latest.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Station DELF00NLD is down',
      'Credits low',
      'Access of Tractor 1 ended',
    ]);
  });

  it('following a notification marks it read and goes where it points', async () => {
    const sent = stubNotifications();
    const { user, router } = renderApp('/accounts');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }, { timeout: 10_000 }));
    await user.click(await screen.findByRole('link', { name: 'Credits low' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/credits'));
    await waitFor(() =>
      expect(sent).toEqual([{ method: 'POST', path: '/api/notifications/read', body: { ids: [creditsLow.id] } }]),
    );
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });
});

describe('the notifications page', () => {
  it('lists newest first, marks one read, then all, and leads to the settings', async () => {
    const sent = stubNotifications();
    const { user } = renderApp('/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' }, { timeout: 10_000 })).toBeVisible();
    const page = within(await screen.findByRole('list', { name: 'Notifications' }));
    expect(page.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('2 unread notifications.')).toBeVisible();
    expect(document.title).toBe('Fixpoint | Notifications');
    // A read notification has no "Mark read".
    expect(page.getAllByRole('button', { name: /^Mark “.*” read$/ })).toHaveLength(2);

    await user.click(page.getByRole('button', { name: 'Mark “Station DELF00NLD is down” read' }));
    await waitFor(() => expect(screen.getByText('1 unread notification.')).toBeVisible());
    expect(page.getAllByRole('listitem')[0]).toHaveAttribute('aria-label', 'Station DELF00NLD is down');
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(page.queryAllByRole('button', { name: /^Mark “.*” read$/ })).toHaveLength(0));
    expect(sent.map((call) => call.body)).toEqual([{ ids: [stationDown.id] }, { all: true }]);
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings/notifications');
  });

  it('says what will come here when there is nothing yet', async () => {
    stubNotifications({ items: [] });
    renderApp('/notifications');
    expect(
      await screen.findByText(/No notifications yet\. When a station you use goes down/, {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it("shows an organisation's own notifications to its owners, and tells a plain member they are not theirs", async () => {
    stubNotifications();
    const { unmount } = renderApp('/org/o1/notifications');
    expect(await screen.findByRole('list', { name: 'Notifications' }, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/org/o1/notifications/settings');
    unmount();

    stubNotifications({ role: 'member' });
    renderApp('/org/o1/notifications');
    expect(
      await screen.findByText(
        "Only the organisation's owners and admins receive its notifications.",
        {},
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Notifications' })).not.toBeInTheDocument();
  });
});
