import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubUser } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { contextStorageKey } from './use-nav-context';
import { collapsedStorageKey, mobileQuery } from './use-side-menu';

const teams = [
  { id: 't1', name: 'Farm', role: 'owner', status: 'active' },
  { id: 't2', name: 'Co-op', role: 'member', status: 'active' },
  { id: 't3', name: 'Startup', role: 'owner', status: 'pending' },
];

const organization = (id: string) => {
  const team = teams.find((candidate) => candidate.id === id) ?? teams[0];
  return {
    ...team,
    memberCount: 2,
    accountCount: 0,
    tokenAmount: 0,
    createdAt: '2026-11-01T00:00:00.000Z',
  };
};

function stubTeams() {
  return stubUser({ overview: { teams } }, (url) => {
    const match = url.pathname.match(/^\/api\/org\/(t\d)(\/accounts)?$/);
    if (match?.[2]) return { body: [] };
    if (match?.[1]) return { body: organization(match[1]) };
    if (url.pathname === '/api/accounts') return { body: [] };
    if (url.pathname === '/api/invites') return { body: [] };
    if (url.pathname === '/api/stripe/subscription-pricing-tables') return { body: [] };
    if (url.pathname === '/api/tokenProducts') return { body: { name: 'Credits', data: [] } };
    return undefined;
  });
}

const sideMenu = () => within(screen.getByRole('navigation', { name: 'Side menu' }));
const menuLinks = () =>
  sideMenu()
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('the context switcher', () => {
  it("goes to an organisation, shows the organisation's menu by role, and remembers the choice", async () => {
    stubTeams();
    const first = renderApp('/dashboard');
    const switcher = await sideMenu().findByRole(
      'button',
      { name: /^Personal.*switch context$/i },
      { timeout: 10_000 },
    );
    await first.user.click(switcher);
    const options = await screen.findAllByRole('menuitem');
    expect(options.map((option) => option.textContent)).toEqual([
      'Personal',
      'Farm',
      'Co-op',
      'StartupWaiting for approval',
      'Create organisation',
    ]);
    await first.user.click(screen.getByRole('menuitem', { name: 'Farm' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/org/t1'));
    expect(localStorage.getItem(contextStorageKey)).toBe('"t1"');
    expect(await sideMenu().findByRole('button', { name: /^Farm.*switch context$/i })).toBeVisible();
    expect(menuLinks()).toEqual(
      expect.arrayContaining([
        ['Overview', '/org/t1'],
        ['NTRIP accounts', '/org/t1/accounts'],
        ['Credits', '/org/t1/credits'],
        ['Subscriptions', '/org/t1/subscriptions'],
        ['Map', '/org/t1/map'],
        ['Members', '/org/t1/members'],
        ['Usage', '/org/t1/usage'],
        ['Buy credits', '/org/t1?buy=credits'],
      ]),
    );
    expect(sideMenu().queryByRole('link', { name: 'Dashboard' })).toBeNull();

    // The front door of the next visit leads back to the organisation; Personal leads to the dashboard.
    first.unmount();
    const second = renderApp('/');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/org/t1'), { timeout: 10_000 });
    await second.user.click(await sideMenu().findByRole('button', { name: /^Farm.*switch context$/i }));
    await second.user.click(await screen.findByRole('menuitem', { name: 'Personal' }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem(contextStorageKey)).toBe('"personal"');
    expect(sideMenu().getByRole('link', { name: 'NTRIP accounts' })).toHaveAttribute('href', '/accounts');
  });

  it('gives a plain member no usage and no buying links, and a pending organisation only overview and members', async () => {
    stubTeams();
    const member = renderApp('/org/t2');
    await sideMenu().findByRole('button', { name: /^Co-op.*switch context$/i }, { timeout: 10_000 });
    expect(sideMenu().getByRole('link', { name: 'NTRIP accounts' })).toHaveAttribute('href', '/org/t2/accounts');
    expect(sideMenu().queryByRole('link', { name: 'Usage' })).toBeNull();
    expect(sideMenu().queryByRole('link', { name: 'Buy credits' })).toBeNull();
    member.unmount();

    renderApp('/org/t3');
    await sideMenu().findByRole('button', { name: /^Startup.*switch context$/i }, { timeout: 10_000 });
    expect(menuLinks()).toEqual([
      ['Overview', '/org/t3'],
      ['Members', '/org/t3/members'],
      ['Network coverage', '/marketplace'],
    ]);
  });

  it("keeps the remembered organisation's menu on pages of neither, with buying on the organisation's pages", async () => {
    stubTeams();
    localStorage.setItem(contextStorageKey, JSON.stringify('t1'));
    renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 10_000 });
    expect(await sideMenu().findByRole('button', { name: /^Farm.*switch context$/i })).toBeVisible();
    expect(sideMenu().getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/org/t1?buy=credits');
  });

  it('works collapsed, as an icon with the context as its name', async () => {
    stubTeams();
    localStorage.setItem(collapsedStorageKey, 'true');
    const { user, router } = renderApp('/dashboard');
    const switcher = await sideMenu().findByRole(
      'button',
      { name: 'Switch context (now: Personal)' },
      { timeout: 10_000 },
    );
    expect(switcher).not.toHaveTextContent('Personal');
    await user.click(switcher);
    await user.click(await screen.findByRole('menuitem', { name: 'Co-op' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/org/t2'));
  });

  it('is in the mobile menu at 768 px', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === mobileQuery,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
    stubTeams();
    const { user, router } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Menu' }, { timeout: 10_000 }));
    await user.click(await sideMenu().findByRole('button', { name: /^Personal.*switch context$/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Farm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/org/t1'));
  });
});
