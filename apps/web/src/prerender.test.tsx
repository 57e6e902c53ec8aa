import {
  type PrerenderData,
  type PrerenderedPage,
  type PrerenderOutput,
  prerenderedPages,
  type SignedInPrerenderOutput,
} from '@fixpoint/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { type ComponentProps, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it, vi } from 'vitest';
import de from '../public/locales/de/translation.json';
import en from '../public/locales/en/translation.json';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import { loadLazyParts } from './lib/lazy-import';
import { prerenderPage, prerenderSignedIn } from './prerender';
import { demoNetwork, health, ntripAccount, sessionUser, stubUser, userOverview } from './testing/fixtures';
import { stubApi } from './testing/render';

const translations = { en, de };
type Language = keyof typeof translations;
type AppProps = Pick<ComponentProps<typeof App>, 'isSignedOut' | 'queries'>;

const demoStation = {
  id: 's1',
  mountpoint: 'DEMO_UTR',
  identifier: 'Utrecht',
  networkId: demoNetwork.id,
  networkName: demoNetwork.name,
  latitude: 52.09,
  longitude: 5.12,
  status: 'up',
  radiusKm: 30,
};

/** The server's answers: health, no published documents, and the whole translation files the page loads after. */
function stubServer() {
  return stubApi((url) => {
    const locale = url.pathname.match(/^\/locales\/(en|de)\/translation\.json$/)?.[1] as 'en' | 'de' | undefined;
    if (locale) return { body: translations[locale] };
    if (url.pathname === '/api/health') return { body: { status: 'ok', checks: {} } };
    if (url.pathname === '/api/auth/get-session') return { body: null };
    if (url.pathname === '/api/networks') return { body: [demoNetwork] };
    if (url.pathname === '/api/networks/coverage') return { body: { stations: [demoStation] } };
    if (url.pathname.startsWith('/api/')) return { status: 404, body: { code: 'NOT_FOUND', message: 'none' } };
    return undefined;
  });
}

/**
 * The server's page for `language`. The server renders in its own process; here the browser's React shares the
 * realm, and a server render leaves the contexts of its last task set: an empty one puts them back.
 */
async function serverPage(language: Language, page: PrerenderedPage = 'dashboard') {
  const output = await prerenderPage({ page, brand: 'fixpoint', language, translation: translations[language] });
  await prerender(<div />);
  return output;
}

/**
 * What the browser does with the server's page at `path` (main.tsx): the prerendered texts, then hydrateRoot with
 * what the page's JSON says (a visitor's, or a signed-in person's answers).
 */
async function hydrateSent(
  output: PrerenderOutput,
  { path, page, language, props }: { path: string; page: PrerenderData['page']; language: Language; props: AppProps },
) {
  document.body.innerHTML = `<div id="root">${output.html}</div>`;
  window.history.replaceState(null, '', path);
  const container = document.getElementById('root') as HTMLElement;
  const sentHeading = container.querySelector('h1');
  const sentProfile = container.querySelector('header button[aria-label="Account"]');
  const recoverable: unknown[] = [];
  // React's development build notices the server's renderer ran in this realm before (it never does in a browser).
  const errors: unknown[][] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('Detected multiple renderers')) errors.push(args);
  });
  const i18n = initI18n(undefined, { lng: language, prerendered: { page, language, texts: output.texts } });
  await loadLazyParts(output.parts);
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <App i18n={i18n} isPrerendered {...props} />
      </StrictMode>,
      { onRecoverableError: (error) => recoverable.push(error) },
    );
  });
  return { output, sentHeading, sentProfile, recoverable, errors, i18n, unmount: () => act(() => root?.unmount()) };
}

/** A visitor's page hydrated; `device` sets up what only the browser knows (jsdom's window would show it to the server's render too). */
async function hydrate(language: Language, device = () => {}, page: PrerenderedPage = 'dashboard') {
  const output = await serverPage(language, page);
  device();
  return hydrateSent(output, { path: prerenderedPages[page], page, language, props: { isSignedOut: true } });
}

describe('the prerendered visitor dashboard (docs/decisions/0053)', () => {
  let unmount: (() => void) | undefined;
  afterEach(() => {
    unmount?.();
    unmount = undefined;
  });

  it('is the visitor dashboard, with the texts its page needs and no script', async () => {
    const output = await serverPage('en');
    expect(output.html).toContain('RTK corrections for every rover');
    expect(output.html).toContain('href="/signup"');
    expect(output.html).toMatch(/^<style data-mantine-styles/);
    expect(output.html).not.toContain('<script');
    expect(output.html).not.toContain('<template');
    expect(output.title).toBe('Fixpoint | Dashboard');
    expect(Object.keys(output.texts)).toEqual(expect.arrayContaining(['dashboard', 'footer', 'nav', 'promo']));
    expect(JSON.stringify(output.texts).length).toBeLessThan(JSON.stringify(en).length / 4);
  });

  it.each(['en', 'de'] as const)(
    'hydrates in %s without a mismatch, keeping the elements the server sent',
    async (language) => {
      stubServer();
      const page = await hydrate(language);
      unmount = page.unmount;
      expect(page.recoverable).toEqual([]);
      expect(page.errors).toEqual([]);
      const heading = await screen.findByRole('heading', { level: 1, name: translations[language].dashboard.heading });
      expect(heading).toBe(page.sentHeading);
      // Live: the status read ran and shows.
      expect(await screen.findByText(translations[language].dashboard.status.ok)).toBeInTheDocument();
      // The whole file replaced the page's few texts.
      await expect.poll(() => page.i18n.t('auth.signInTitle')).toBe(translations[language].auth.signInTitle);
    },
  );

  it("hydrates on a phone, or with the menu remembered collapsed, then shows the device's menu", async () => {
    stubServer();
    const matchMedia = window.matchMedia;
    const phone = await hydrate('en', () => {
      window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query === '(max-width: 48em)' });
    });
    unmount = phone.unmount;
    expect(phone.recoverable).toEqual([]);
    expect(phone.errors).toEqual([]);
    expect(await screen.findByRole('link', { name: 'Need Help?' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBe(phone.sentHeading);
    phone.unmount();
    window.matchMedia = matchMedia;

    stubServer();
    const collapsed = await hydrate('en', () => localStorage.setItem('fixpoint.sideMenu.collapsed', 'true'));
    unmount = collapsed.unmount;
    expect(collapsed.recoverable).toEqual([]);
    expect(collapsed.errors).toEqual([]);
    expect(await screen.findByRole('button', { name: 'Expand menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  describe('the marketplace (docs/decisions/0057)', () => {
    it('is the marketplace with its still map waiting, and the texts of the list that comes later', async () => {
      const output = await serverPage('en', 'marketplace');
      expect(output.html).toContain('Network coverage');
      expect(output.html).toContain(en.marketplace.intro.slice(0, 40));
      expect(output.html).toContain('data-testid="coverage-preview"');
      // Both hints, each for its kind of device (CSS picks), and no map yet.
      expect(output.html).toContain(en.maps.tapHint);
      expect(output.html).toContain(en.maps.clickHint);
      expect(output.html).not.toContain('<canvas');
      expect(output.html).not.toContain('<script');
      expect(output.title).toBe('Fixpoint | Network coverage');
      expect(Object.keys(output.texts)).toEqual(expect.arrayContaining(['cardTable', 'maps', 'marketplace', 'nav']));
      // The lazy parts it is made of, which the browser loads before it hydrates.
      expect(output.parts).toEqual(expect.arrayContaining(['MarketplaceRoute', 'Notifications']));
    });

    it.each([
      ['a desktop', () => {}],
      [
        'a phone with the light map remembered',
        () => {
          localStorage.setItem('fixpoint.mapTheme', 'light');
          const matchMedia = window.matchMedia;
          window.matchMedia = (query: string) => ({
            ...matchMedia(query),
            matches: query === '(hover: none)' || query === '(max-width: 48em)',
          });
        },
      ],
    ])('hydrates on %s without a mismatch, then shows the networks', async (_, device) => {
      const matchMedia = window.matchMedia;
      stubServer();
      const page = await hydrate('en', device, 'marketplace');
      unmount = page.unmount;
      expect(page.recoverable).toEqual([]);
      expect(page.errors).toEqual([]);
      expect(screen.getByRole('heading', { level: 1 })).toBe(page.sentHeading);
      const card = await screen.findByRole('article', { name: 'Fixpoint Demo Network' });
      expect(within(card).getByText('View network')).toBeInTheDocument();
      expect(screen.getByPlaceholderText('Search')).toBeInTheDocument();
      const isPhone = window.matchMedia('(hover: none)').matches;
      if (isPhone) {
        // The device's own map: still until tapped, in the theme it remembers.
        expect(await screen.findByRole('button', { name: 'Explore the map' })).toBeInTheDocument();
        expect(screen.getByTestId('coverage-preview')).toHaveStyle({ background: '#d4e4f1' });
      } else {
        // jsdom has no WebGL: once hydrated the desktop asks for the map at once and gets the notice.
        expect(await screen.findByText('This browser cannot draw maps')).toBeInTheDocument();
      }
      window.matchMedia = matchMedia;
      localStorage.clear();
    });
  });
});

describe('a signed-in page rendered on the server (docs/decisions/0058)', () => {
  const account = ntripAccount('a1', 'Tractor 1', { lastConnectedAt: '2026-11-20T10:00:00.000Z' });
  /**
   * The API as the server answers the render's reads for a signed-in user with one account (`session` null: the
   * cookie signs no one in). The current terms fail, as a read may.
   */
  const sessionToken = crypto.randomUUID();
  function serverApi(session: unknown = { user: sessionUser, session: { token: sessionToken } }) {
    const reads: string[] = [];
    const answers: Record<string, unknown> = {
      '/api/auth/get-session': session,
      '/api/user': userOverview,
      '/api/accounts': [account],
      '/api/networks': [demoNetwork],
      '/api/health': health,
      '/api/notifications?limit=8': { items: [], unread: 0 },
      '/api/fleet': { windowDays: 7, counts: { good: 0, limited: 0, 'action-required': 0, unknown: 0 }, accounts: [] },
    };
    const load = async (path: string) => {
      reads.push(path);
      return path in answers
        ? Response.json(answers[path])
        : Response.json({ code: 'INTERNAL', message: 'broken' }, { status: 500 });
    };
    return { reads, load };
  }
  /** The server's render of `path` with these answers (null when it renders nothing), as the server runs it. */
  async function serverRender(path: string, load = serverApi().load) {
    const output = await prerenderSignedIn({ path, brand: 'fixpoint', language: 'en', translation: en, load });
    await prerender(<div />);
    return output;
  }
  /** The browser's hydration of that render at `path` (main.tsx), with its answers in the query cache. */
  async function hydrateRender(output: SignedInPrerenderOutput | null, page: 'accounts' | 'dashboard') {
    if (!output) throw new Error('no page');
    const hydrated = await hydrateSent(output, {
      path: output.path,
      page,
      language: 'en',
      props: { queries: output.queries },
    });
    unmount = hydrated.unmount;
    return hydrated;
  }

  let unmount: (() => void) | undefined;
  afterEach(() => {
    unmount?.();
    unmount = undefined;
  });

  it("is the person's accounts page, read through the server with the answers it shows", async () => {
    const api = serverApi();
    const output = await serverRender('/accounts', api.load);
    expect(api.reads.sort()).toEqual([
      '/api/accounts',
      '/api/auth/get-session',
      '/api/documents',
      '/api/fleet',
      '/api/networks',
      '/api/notifications?limit=8',
      '/api/user',
    ]);
    expect(output?.title).toBe('Fixpoint | NTRIP accounts');
    expect(output?.html).toContain('Tractor 1');
    expect(output?.html).toContain(account.username);
    expect(output?.html).not.toContain('<script');
    // Every answer that came, none that failed (the browser reads that one itself).
    expect(output?.queries.map((query) => query.key)).toEqual(
      expect.arrayContaining([
        ['auth', 'session'],
        ['auth', 'user'],
        ['accounts', 'personal', 'list'],
        ['networks', 'list'],
        ['notifications', 'personal', 'list', 8],
        ['fleet', 'personal'],
      ]),
    );
    expect(output?.queries).toHaveLength(6);
    expect(output?.queries.find((query) => query.key[0] === 'accounts')?.data).toEqual([account]);
    // The person, not their session: its token never reaches the page.
    expect(output?.queries.find((query) => query.key[1] === 'session')?.data).toEqual({ user: sessionUser });
    expect(JSON.stringify(output)).not.toContain(sessionToken);
  });

  it('is nothing when the cookie signs no one in, or for a page it does not render', async () => {
    const signedOut = serverApi(null);
    expect(await serverRender('/accounts', signedOut.load)).toBeNull();
    const other = serverApi();
    expect(await serverRender('/credits', other.load)).toBeNull();
    expect(other.reads).toEqual([]);
  });

  it('hydrates without a mismatch, with the answers it was rendered with and no second read of them', async () => {
    const output = await serverRender('/accounts');
    const browserReads = stubUser({}, (url) =>
      url.pathname === '/api/documents' ? { body: { terms: null, privacy: null } } : undefined,
    );
    const page = await hydrateRender(output, 'accounts');
    expect(page.recoverable).toEqual([]);
    expect(page.errors).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: 'NTRIP accounts' })).toBe(page.sentHeading);
    expect(screen.getByText('Tractor 1')).toBeInTheDocument();
    // Only the read that failed on the server is made again.
    await waitFor(() => expect(browserReads.map((url) => url.pathname)).toContain('/api/documents'));
    expect(
      browserReads.map((url) => url.pathname).filter((path) => path !== '/api/documents' && path.startsWith('/api/')),
    ).toEqual([]);
  });

  it("is the person's dashboard at `/` too, rendered at the dashboard's address, and hydrates there", async () => {
    const output = await serverRender('/');
    expect(output?.path).toBe('/dashboard');
    expect(output?.parts).toEqual(expect.arrayContaining(['LoggedInDashboard', 'ProfileMenu']));
    // The purchase and organisation dialogs load only once the address opens them.
    expect(output?.parts).not.toContain('PurchaseDialogs');
    expect(output?.parts).not.toContain('CreateOrganizationDialogs');
    expect(output?.title).toBe('Fixpoint | Dashboard');
    expect(output?.html).toContain('Welcome, Ada Lovelace');
    // The reads that failed (invitations, prices) wait for the browser on both sides: no mismatch.
    stubUser({}, () => ({ status: 404, body: { code: 'NOT_FOUND', message: 'none' } }));
    const page = await hydrateRender(output, 'dashboard');
    expect(page.recoverable).toEqual([]);
    expect(page.errors).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace' })).toBe(page.sentHeading);
    expect(screen.getByText('1,250')).toBeInTheDocument();
    // The lazy profile menu hydrated with the rest: the button is the one the server sent, not a new one.
    expect(screen.getByRole('button', { name: 'Account' })).toBe(page.sentProfile);
  });
});
