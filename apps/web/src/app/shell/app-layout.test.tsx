import { brands } from '@fixpoint/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubUser, stubVisitor } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { collapsedStorageKey, mobileQuery } from './use-side-menu';

const sideMenu = () => screen.getByRole('navigation', { name: 'Side menu' });

/** Makes the mobile media query match, as at 768 px. */
function atMobileWidth() {
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
}

describe('side menu', () => {
  it('shows no menu while it is not known who is signed in, so a visitor menu never flashes before a user menu', async () => {
    // The session read never answers: the auth state stays 'loading'.
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Side menu' });
    expect(within(sideMenu()).queryAllByRole('link')).toEqual([]);
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
    // The page waits in its own shape, not behind a spinner.
    expect(screen.getByRole('status', { name: 'Loading…' })).toHaveAttribute('aria-busy', 'true');
  });

  it('shows a visitor only the dashboard and network coverage, and the promo box with log-in and sign-up', async () => {
    stubVisitor();
    const { user, router } = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1 });
    const menu = within(sideMenu());
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual(['Dashboard', 'Network coverage']);
    expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    const promo = within(menu.getByRole('complementary', { name: 'Centimetre corrections, minutes away' }));
    await user.click(promo.getByRole('button', { name: 'Sign up' }));
    expect(router.state.location.pathname).toBe('/signup');
    expect(await screen.findByRole('dialog', { name: 'Create your account' })).toBeInTheDocument();
  });

  it("gives a user the product's pages, a settings submenu remembered on the device, and the four quick links (then the promotion's, in the default brand)", async () => {
    stubUser();
    const first = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace' });
    const menu = within(sideMenu());
    for (const [name, href] of [
      ['Dashboard', '/dashboard'],
      ['Map', '/map'],
      ['NTRIP accounts', '/accounts'],
      ['Subscriptions', '/subscriptions'],
      ['Credits', '/credits'],
      ['Network coverage', '/marketplace'],
    ]) {
      expect(menu.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    const quick = within(menu.getByRole('region', { name: 'Quick links' }));
    expect(quick.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Buy subscriptions', '/dashboard?buy=subscription'],
      ['Buy credits', '/dashboard?buy=credits'],
      ['Create NTRIP accounts', '/accounts'],
      ['View networks', '/marketplace'],
      ['Launch your RTK platform', '/dashboard?contact=sales'],
    ]);

    const settings = menu.getByRole('button', { name: 'Settings' });
    expect(settings).toHaveAttribute('aria-expanded', 'false');
    await first.user.click(settings);
    expect(settings).toHaveAttribute('aria-expanded', 'true');
    expect(await menu.findByRole('link', { name: 'Billing' })).toHaveAttribute('href', '/settings/billing');

    first.unmount();
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace' });
    expect(within(sideMenu()).getByRole('button', { name: 'Settings' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('collapses to icons with their names kept for screen readers, and stays collapsed on the next visit', async () => {
    stubUser();
    const first = renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    const collapse = within(sideMenu()).getByRole('button', { name: 'Collapse menu' });
    expect(collapse).toHaveAttribute('aria-expanded', 'true');
    await first.user.click(collapse);
    expect(localStorage.getItem(collapsedStorageKey)).toBe('true');
    const expand = within(sideMenu()).getByRole('button', { name: 'Expand menu' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    // Icons only: the name moves to aria-label, the quick-link heading goes.
    expect(within(sideMenu()).getByRole('link', { name: 'NTRIP accounts' })).toHaveTextContent('');
    expect(within(sideMenu()).queryByText('Quick links')).not.toBeInTheDocument();

    // A collapsed submenu opens as a menu beside the icon (its chunk loads once the menu is collapsed: until then
    // pointing at the icon does nothing, so point again until it answers).
    await waitFor(async () => {
      await first.user.hover(within(sideMenu()).getByRole('button', { name: 'Settings' }));
      expect(await screen.findByRole('menuitem', { name: 'Billing' }, { timeout: 500 })).toHaveAttribute(
        'href',
        '/settings/billing',
      );
    });

    first.unmount();
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1 });
    expect(within(sideMenu()).getByRole('button', { name: 'Expand menu' })).toBeInTheDocument();
  });

  it('is a closed drawer at mobile width that the toggle opens and a page change closes', async () => {
    atMobileWidth();
    localStorage.setItem(collapsedStorageKey, 'true');
    stubUser({ user: { name: '' } });
    const { user, router } = renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    const nav = screen.getByRole('navigation', { name: 'Side menu', hidden: true });
    expect(nav).toHaveAttribute('inert');
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await waitFor(() => expect(nav).not.toHaveAttribute('inert'));

    // The mobile header: the fallback name, the e-mail, help and log out; labels even though desktop is collapsed.
    const drawer = within(nav);
    expect(drawer.getByText('RTK User')).toBeInTheDocument();
    expect(drawer.getByText('ada@example.com')).toBeInTheDocument();
    expect(drawer.getByRole('link', { name: 'Need Help?' })).toHaveAttribute('href', '/help');
    expect(drawer.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: 'Expand menu' })).not.toBeInTheDocument();

    await user.click(drawer.getByRole('link', { name: 'Dashboard' }));
    expect(router.state.location.pathname).toBe('/dashboard');
    await waitFor(() => expect(nav).toHaveAttribute('inert'));
  });

  it('offers Log in in the mobile header of a visitor', async () => {
    atMobileWidth();
    stubVisitor();
    const { user, router } = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const nav = screen.getByRole('navigation', { name: 'Side menu' });
    await user.click(within(nav).getAllByRole('button', { name: 'Log in' })[0] as HTMLElement);
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('admin area', () => {
  it('lets an admin switch to the same page in the other area and shows the admin navigation there', async () => {
    stubUser({ overview: { isAdmin: true } }, (url) =>
      url.pathname === '/api/admin/map' ? { body: { stations: [], rovers: [] } } : undefined,
    );
    const { user, router } = renderApp('/settings?tab=1');
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    // The switch appears once the admin flag has loaded.
    const area = within(await screen.findByRole('navigation', { name: 'Area' }));
    expect(area.getByRole('link', { name: 'Personal' })).toHaveAttribute('aria-current', 'page');
    expect(area.getByRole('link', { name: 'Personal' })).toHaveAttribute('href', '/settings?tab=1');
    // No admin settings page of that name: the admin area's home, not an address that only redirects (issue 15).
    expect(area.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin/map');

    await user.click(area.getByRole('link', { name: 'Admin' }));
    await screen.findByRole('heading', { level: 1, name: 'Network map' });
    expect(router.state.location.pathname).toBe('/admin/map');
    const menu = within(sideMenu());
    // The menu says what the page's heading says (issue 15).
    expect(menu.getByRole('link', { name: 'Network map' })).toHaveAttribute('aria-current', 'page');
    for (const name of ['Users', 'Live feed', 'Networks', 'Subscriptions', 'NTRIP accounts', 'Organisations']) {
      expect(menu.getByRole('link', { name })).toBeInTheDocument();
    }
    await user.click(menu.getByRole('button', { name: 'Products' }));
    expect(await menu.findByRole('link', { name: 'Manual subscriptions' })).toHaveAttribute(
      'href',
      '/admin/products/non-billable-subscriptions',
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Area' })).getByRole('link', { name: 'Personal' }),
    ).toHaveAttribute('href', '/map');
  });

  it('shows a user no Personal/Admin switch', async () => {
    stubUser();
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace' });
    expect(screen.queryByRole('navigation', { name: 'Area' })).not.toBeInTheDocument();
  });
});

describe('top bar, profile menu and footer', () => {
  it('shows the default brand: upgrade, help and policy in the profile menu, terms and year in the footer', async () => {
    stubUser();
    const { user, router } = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1 });
    const top = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(top.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    // Documentation is the portal's own help centre (docs/decisions/0074), in the same tab.
    expect(top.getByRole('link', { name: 'Documentation' })).toHaveAttribute('href', '/help');
    expect(top.getByRole('link', { name: 'Documentation' })).not.toHaveAttribute('target');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Network coverage' })).toHaveAttribute(
      'href',
      '/marketplace',
    );
    expect(within(screen.getByRole('banner')).getByRole('img', { name: 'Fixpoint' })).toHaveAttribute(
      'src',
      '/brands/fixpoint/logo.svg',
    );

    await user.click(screen.getByRole('button', { name: 'Account' }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['Account', 'Upgrade to Pro', 'Help', 'Privacy policy', 'Log out']);
    expect(screen.getByRole('menuitem', { name: 'Help' })).toHaveAttribute('href', '/help');
    expect(screen.getByRole('menuitem', { name: 'Privacy policy' })).toHaveAttribute('href', '/legal/privacy');
    await user.click(screen.getByRole('menuitem', { name: 'Account' }));
    expect(router.state.location.pathname).toBe('/settings/billing');

    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/legal/terms');
    expect(footer.getByText(`© ${new Date().getFullYear()} Fixpoint`)).toBeInTheDocument();
  });

  it('shows a reseller brand: no upgrade, help or policy, and a powered-by footer', async () => {
    stubUser();
    const { user } = renderApp('/dashboard', { brand: brands.skyfix });
    await screen.findByRole('heading', { level: 1 });
    expect(within(screen.getByRole('banner')).getByRole('img', { name: 'SkyFix' })).toHaveAttribute(
      'src',
      '/brands/skyfix/logo.svg',
    );
    await user.click(screen.getByRole('button', { name: 'Account' }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['Account', 'Log out']);
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByText(/Powered by/)).toHaveTextContent('Powered by Fixpoint');
    // The product's name is no link: it has no site a reseller's customer could use.
    expect(footer.queryAllByRole('link')).toEqual([]);
  });

  it('logs out from the profile menu', async () => {
    let isSignedIn = true;
    stubUser({}, (url) => {
      if (url.pathname === '/api/auth/sign-out') {
        isSignedIn = false;
        return { body: { success: true } };
      }
      return undefined;
    });
    const { user } = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace' });
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(isSignedIn).toBe(false));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'RTK corrections for every rover' }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('ends the session only once the dashboard shows, so a signed-in page never asks again as a visitor', async () => {
    let isPageShownAtSignOut: boolean | undefined;
    stubUser({}, (url) => {
      if (url.pathname === '/api/auth/sign-out') {
        isPageShownAtSignOut = screen.queryByRole('heading', { level: 1, name: 'Profile' }) !== null;
        return { body: { success: true } };
      }
      return undefined;
    });
    const { user, router } = renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(isPageShownAtSignOut).toBe(false));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('cancels the reads of the signed-in page before it ends the session, so none of them comes back 401', async () => {
    const pending = new Set<string>();
    let pendingAtSignOut: string[] | undefined;
    stubUser({}, (url) => {
      if (url.pathname === '/api/auth/sign-out') {
        pendingAtSignOut = [...pending];
        return { body: { success: true } };
      }
      return undefined;
    });
    // Every answer takes 50 ms, as over a network; an aborted read is no longer waited for (the browser drops its
    // answer, whatever it is).
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/auth/sign-out') return answer(input, init);
      const read = `${path} ${crypto.randomUUID()}`;
      pending.add(read);
      try {
        await new Promise((resolve, reject) => {
          const timer = setTimeout(resolve, 50);
          init?.signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(new DOMException('aborted', 'AbortError'));
          });
        });
      } finally {
        pending.delete(read);
      }
      return answer(input, init);
    });
    const { user } = renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(pendingAtSignOut).toBeDefined(), { timeout: 10_000 });
    // The dashboard it led to had asked for the person's invitations, accounts and prices: cancelled, not pending.
    expect(pendingAtSignOut?.map((read) => read.split(' ')[0])).toEqual([]);
  });

  it("names every modal's close button in the interface language", async () => {
    stubVisitor((url) =>
      url.pathname === '/api/auth-config'
        ? {
            body: {
              passwordPolicy: {
                minLength: 8,
                maxLength: 128,
                requireLowercase: false,
                requireUppercase: false,
                requireDigit: false,
                requireSymbol: false,
              },
              providers: { google: false },
            },
          }
        : undefined,
    );
    const first = renderApp('/login');
    expect(await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Close' })).toBeInTheDocument();
    first.unmount();
    renderApp('/login', { brand: brands.akkerpunt });
    expect(
      await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Sluiten' }),
    ).toBeInTheDocument();
  });

  it('starts with a skip link to the main content', async () => {
    stubVisitor();
    const { user } = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1 });
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });
});
