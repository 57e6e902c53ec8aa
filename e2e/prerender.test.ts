import { randomBytes } from 'node:crypto';
import { getBrand } from '@fixpoint/shared';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningServer, screenshot, startServer, watchConsole } from './harness';
import { backgroundOf, rgb } from './page-helpers';

// The visitor's dashboard is in the HTML the server sends (docs/decisions/0053): it shows before any script has run,
// the scripts hydrate it in place, and a signed-in user never sees it.
const visitorHeading = 'RTK corrections for every rover';
const email = 'prerender@example.com';
const password = 'prerender password 1';
const adminEmail = 'prerender-admin@example.com';
const adminPassword = randomBytes(12).toString('hex');

const accountName = 'Prerendered rover';

/** The session cookie a sign-up or sign-in answer sets. */
function sessionCookieOf(response: Response) {
  const [name = '', value = ''] =
    response.headers
      .getSetCookie()
      .find((cookie) => /session_token=/.test(cookie))
      ?.split(';')[0]
      ?.split('=') ?? [];
  return { name, value };
}

// e2e compiles without DOM types: what the init scripts below use of the browser.
type Marked = { __prerendered?: unknown; __sawVisitor?: boolean };
type BrowserDocument = {
  readyState: string;
  addEventListener(type: string, listener: () => void): void;
  querySelector(selector: string): unknown;
  body: { textContent: string | null } | null;
};
type Observer = new (
  callback: () => void,
) => { observe(node: unknown, options: { childList: boolean; subtree: boolean; characterData: boolean }): void };

describe('the prerendered visitor dashboard in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let sessionCookie: { name: string; value: string };
  beforeAll(async () => {
    server = await startServer({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword });
    browser = await launchBrowser();
    const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ email, name: 'Pre Render', password, termsAccepted: true }),
    });
    expect(signUp.status).toBe(200);
    sessionCookie = sessionCookieOf(signUp);
    const { name, value } = sessionCookie;
    const account = await fetch(`${server.url}/api/accounts`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json', cookie: `${name}=${value}` },
      body: JSON.stringify({ name: accountName }),
    });
    expect(account.status).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A page that keeps the element the server sent as the heading, taken before any of the page's scripts run. */
  async function pageMarkingHeading(options: BrowserContextOptions = {}) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const doc = (globalThis as unknown as { document: BrowserDocument }).document;
      // Parsing is done and deferred (module) scripts have not run yet.
      doc.addEventListener('readystatechange', () => {
        if (doc.readyState === 'interactive') (globalThis as Marked).__prerendered = doc.querySelector('h1');
      });
    });
    return page;
  }
  const isServersHeading = (page: Page) =>
    page.evaluate(() => {
      const sent = (globalThis as Marked).__prerendered;
      const doc = (globalThis as unknown as { document: BrowserDocument }).document;
      return sent !== null && sent !== undefined && sent === doc.querySelector('h1');
    });

  it('shows the dashboard before any script runs, styled in the brand', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const response = await page.goto(`${server.url}/`);
    expect(response?.headers().vary).toMatch(/cookie/i);
    await page.getByRole('heading', { level: 1, name: visitorHeading }).waitFor();
    const coverage = page.getByRole('link', { name: 'View networks' });
    await coverage.waitFor();
    expect(await backgroundOf(coverage)).toBe(rgb(getBrand('fixpoint').primaryColor));
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await page.title()).toBe('Fixpoint | Dashboard');
    await screenshot(page, 'prerendered-dashboard-no-js');
    await context.close();
  });

  it('hydrates it in place: no console error, it works, and logging in leads to the signed-in dashboard', async () => {
    const page = await pageMarkingHeading();
    const problems = watchConsole(page);
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { level: 1, name: visitorHeading }).waitFor();
    // The scripts take the router's address once they run, after the first paint.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard');
    // Live: the status read ran, and the heading is the very element the server sent (hydrated, not replaced).
    await expect.poll(() => page.getByTestId('service-status').getAttribute('data-state')).toBe('ok');
    expect(await isServersHeading(page)).toBe(true);
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.locator('input[autocomplete="current-password"]').fill(password);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Welcome, Pre Render' }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("hydrates on a phone, then shows the phone's menu", async () => {
    const page = await pageMarkingHeading({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const problems = watchConsole(page);
    await page.goto(`${server.url}/dashboard`);
    await expect.poll(() => page.getByTestId('service-status').getAttribute('data-state')).toBe('ok');
    expect(await isServersHeading(page)).toBe(true);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Need Help?' }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("speaks the browser's language, and renders anew, quietly, for a visitor who chose another", async () => {
    const german = await pageMarkingHeading({ locale: 'de-DE' });
    const problems = watchConsole(german);
    await german.goto(`${server.url}/`);
    await german.getByRole('heading', { level: 1, name: 'RTK-Korrekturen für jeden Rover' }).waitFor();
    await expect.poll(() => german.getByTestId('service-status').getAttribute('data-state')).toBe('ok');
    expect(await isServersHeading(german)).toBe(true);
    expect(await german.evaluate('document.documentElement.lang')).toBe('de');

    const chosen = await pageMarkingHeading({ locale: 'en-GB' });
    const chosenProblems = watchConsole(chosen);
    await chosen.addInitScript(() =>
      (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
        'i18nextLng',
        'nl',
      ),
    );
    const response = await chosen.goto(`${server.url}/`);
    expect(await response?.text()).toContain(visitorHeading);
    await chosen.getByRole('heading', { level: 1, name: 'RTK-correcties voor elke rover' }).waitFor();
    expect(await isServersHeading(chosen)).toBe(false);
    expect(problems).toEqual([]);
    expect(chosenProblems).toEqual([]);
    await german.context().close();
    await chosen.context().close();
  });

  it('sends the marketplace with its still map, the button only to a touch screen (docs/decisions/0057)', async () => {
    for (const device of [
      { viewport: { width: 1280, height: 800 } },
      { viewport: { width: 412, height: 900 }, isMobile: true, hasTouch: true },
    ]) {
      const context = await browser.newContext({ javaScriptEnabled: false, ...device });
      const page = await context.newPage();
      await page.goto(`${server.url}/marketplace`);
      await page.getByRole('heading', { level: 1, name: 'Network coverage' }).waitFor();
      expect(await page.title()).toBe('Fixpoint | Network coverage');
      expect(await page.getByTestId('coverage-preview').isVisible()).toBe(true);
      const isTouch = device.hasTouch === true;
      expect(await page.getByRole('button', { name: 'Explore the map' }).isVisible()).toBe(isTouch);
      expect(await page.getByText(/Tap the map to explore it/).isVisible()).toBe(isTouch);
      expect(await page.getByText(/Click the map to see the expected quality/).isVisible()).toBe(!isTouch);
      await screenshot(page, `prerendered-marketplace-no-js-${device.viewport.width}`);
      await context.close();
    }
  });

  it('hydrates the marketplace in place: the networks arrive, and the map where the device wants it', async () => {
    const desktop = await pageMarkingHeading();
    const problems = watchConsole(desktop);
    await desktop.goto(`${server.url}/marketplace`);
    await desktop.getByRole('article', { name: 'Fixpoint Demo Network' }).waitFor();
    await expect
      .poll(() => desktop.getByTestId('coverage-map').getAttribute('data-ready'), { timeout: 30_000 })
      .toBe('true');
    expect(await isServersHeading(desktop)).toBe(true);

    const phone = await pageMarkingHeading({ viewport: { width: 412, height: 900 }, isMobile: true, hasTouch: true });
    const phoneProblems = watchConsole(phone);
    await phone.goto(`${server.url}/marketplace`);
    await phone.getByRole('article', { name: 'Fixpoint Demo Network' }).waitFor();
    await expect.poll(() => phone.getByTestId('coverage-preview').locator('path').count()).toBe(5);
    expect(await isServersHeading(phone)).toBe(true);
    await phone.getByRole('button', { name: 'Explore the map' }).tap();
    await expect
      .poll(() => phone.getByTestId('coverage-map').getAttribute('data-ready'), { timeout: 30_000 })
      .toBe('true');
    expect(problems).toEqual([]);
    expect(phoneProblems).toEqual([]);
    await desktop.context().close();
    await phone.context().close();
  });

  it("never shows a signed-in user the visitor's dashboard: they get their own", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ ...sessionCookie, url: server.url }]);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.addInitScript((heading) => {
      const marked = globalThis as Marked;
      const { document: doc, MutationObserver } = globalThis as unknown as {
        document: BrowserDocument;
        MutationObserver: Observer;
      };
      marked.__sawVisitor = false;
      new MutationObserver(() => {
        // The page, not the texts beside it (a signed-in page carries the dashboard's group, the visitor's heading too).
        const root = doc.querySelector('#root') as { textContent: string | null } | null;
        if (root?.textContent?.includes(heading)) marked.__sawVisitor = true;
      }).observe(doc, { childList: true, subtree: true, characterData: true });
    }, visitorHeading);
    for (const path of ['/dashboard', '/', '/marketplace']) {
      const response = await page.goto(`${server.url}${path}`);
      const html = (await response?.text()) ?? '';
      if (path === '/marketplace') {
        expect(html).not.toContain('fixpoint-prerender');
        await page.getByRole('heading', { level: 1, name: 'Network coverage' }).waitFor();
        continue;
      }
      // Their own dashboard, rendered on the server (decision 0058); the visitor's heading is only among the texts.
      const markup = html.split('id="fixpoint-prerender"')[0];
      expect(markup).not.toContain(visitorHeading);
      expect(markup).toContain('Welcome, Pre Render');
      await page.getByRole('heading', { name: 'Welcome, Pre Render' }).waitFor();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard');
      expect(await page.evaluate(() => (globalThis as Marked).__sawVisitor)).toBe(false);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  describe('signed-in pages rendered with their data (docs/decisions/0058)', () => {
    /** A page signed in with `cookie` (the user's unless told otherwise). */
    async function signedInPage(options: BrowserContextOptions = {}, cookie = sessionCookie) {
      const page = await pageMarkingHeading(options);
      await page.context().addCookies([{ ...cookie, url: server.url }]);
      return page;
    }

    it("sends the person's accounts page with their accounts, whole before any script runs", async () => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
      await context.addCookies([{ ...sessionCookie, url: server.url }]);
      const page = await context.newPage();
      const response = await page.goto(`${server.url}/accounts`);
      expect(response?.headers()['cache-control']).toBe('private, no-cache');
      // The session's token (the cookie's value before its signature) is not in the page.
      expect(await response?.text()).not.toContain(sessionCookie.value.split('.')[0]);
      await page.getByRole('heading', { level: 1, name: 'NTRIP accounts' }).waitFor();
      await page.getByText(accountName).first().waitFor();
      expect(await page.title()).toBe('Fixpoint | NTRIP accounts');
      await page
        .getByRole('navigation', { name: 'Side menu' })
        .getByRole('link', { name: 'NTRIP accounts', exact: true })
        .waitFor();
      await screenshot(page, 'prerendered-accounts-no-js');
      await context.close();
    });

    it('hydrates it in place: no console error, no second read of the list, and it works', async () => {
      const page = await signedInPage();
      const problems = watchConsole(page);
      const listReads: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/accounts') listReads.push(request.url());
      });
      await page.goto(`${server.url}/accounts`);
      await page.getByText(accountName).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await isServersHeading(page)).toBe(true);
      expect(listReads).toEqual([]);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('dialog').getByLabel('Name').waitFor();
      expect(problems).toEqual([]);
      await page.context().close();
    });

    it.each([
      ['the entry script', /\/assets\/index-[^/]+\.js$/],
      ["the profile menu's own chunk", /\/assets\/profile-menu-[^/]+\.js$/],
    ])('answers a click made while %s still loads, once it has: the profile menu opens', async (_, script) => {
      const page = await signedInPage();
      const problems = watchConsole(page);
      // The script is held back, as on a slow line, until the click has been made.
      let releaseScript = () => {};
      const scriptHeld = new Promise<void>((resolve) => {
        releaseScript = resolve;
      });
      await page.route(script, async (route) => {
        await scriptHeld;
        await route.continue();
      });
      const response = await page.goto(`${server.url}/dashboard`, { waitUntil: 'commit' });
      // The page preloads its lazy parts' chunks with its scripts (the build's parts.json), the profile menu's among them.
      expect(await response?.text()).toMatch(/"scripts":\[[^\]]*"\/assets\/profile-menu-[^"]+\.js"/);
      await page.getByRole('heading', { level: 1, name: 'Welcome, Pre Render' }).waitFor();
      const profile = page.getByRole('banner').getByRole('button', { name: 'Account' });
      await profile.evaluate((button) => Object.assign(button, { sentByServer: true }));
      await profile.click();
      expect(await page.getByRole('menu').count()).toBe(0);
      releaseScript();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Log out' }).waitFor();
      expect(await isServersHeading(page)).toBe(true);
      // Hydrated in place, never replaced by its Suspense fallback while its chunk loaded.
      expect(await profile.evaluate((button) => (button as { sentByServer?: boolean }).sentByServer)).toBe(true);
      expect(problems).toEqual([]);
      await page.context().close();
    });

    it("answers a tap on a phone's menu toggle made before the scripts ran: the drawer opens and stays open", async () => {
      const page = await signedInPage({ viewport: { width: 768, height: 900 } });
      const problems = watchConsole(page);
      let releaseScript = () => {};
      const scriptHeld = new Promise<void>((resolve) => {
        releaseScript = resolve;
      });
      await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        await scriptHeld;
        await route.continue();
      });
      await page.goto(`${server.url}/accounts`, { waitUntil: 'commit' });
      await page.getByRole('heading', { level: 1, name: 'NTRIP accounts' }).waitFor();
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      releaseScript();
      // The drawer is in reach (no longer inert) once the app has settled, and is not closed again as the page
      // becomes the phone's.
      const drawer = page.locator('#side-menu');
      await expect.poll(() => drawer.evaluate((menu) => (menu as { inert?: boolean }).inert)).toBe(false);
      await page.waitForLoadState('networkidle');
      expect(await drawer.evaluate((menu) => (menu as { inert?: boolean }).inert)).toBe(false);
      await drawer.getByRole('link', { name: 'NTRIP accounts', exact: true }).waitFor();
      expect(problems).toEqual([]);
      await page.context().close();
    });

    it("hydrates their dashboard at `/` in place, at the dashboard's address", async () => {
      const page = await signedInPage();
      const problems = watchConsole(page);
      await page.goto(`${server.url}/`);
      await page.getByRole('heading', { level: 1, name: 'Welcome, Pre Render' }).waitFor();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard');
      expect(await page.title()).toBe('Fixpoint | Dashboard');
      await page.waitForLoadState('networkidle');
      expect(await isServersHeading(page)).toBe(true);
      expect(problems).toEqual([]);
      await page.context().close();
    });

    it('renders anew, quietly, in a browser in another time zone than the server', async () => {
      const page = await signedInPage({ timezoneId: 'Pacific/Auckland' });
      const problems = watchConsole(page);
      const response = await page.goto(`${server.url}/accounts`);
      expect(await response?.text()).toContain(accountName);
      await page.getByText(accountName).first().waitFor();
      await expect.poll(() => isServersHeading(page)).toBe(false);
      await page.getByRole('heading', { level: 1, name: 'NTRIP accounts' }).waitFor();
      expect(problems).toEqual([]);
      await page.context().close();
    });

    it("sends an admin the network's live feed, hydrated in place; a user who asks gets Restricted Access", async () => {
      const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { origin: server.url, 'content-type': 'application/json' },
        body: JSON.stringify({ email: adminEmail, password: adminPassword }),
      });
      const networks = (await (await fetch(`${server.url}/api/networks`)).json()) as { id: string; name: string }[];
      const demo = networks[0];
      if (!demo) throw new Error('no demo network');
      const admin = await signedInPage({}, sessionCookieOf(signIn));
      const problems = watchConsole(admin);
      const response = await admin.goto(`${server.url}/admin/feed/${demo.id}`);
      expect(await response?.text()).toContain('DEMO_AMS');
      await admin.getByRole('heading', { level: 1, name: demo.name }).waitFor();
      expect(await admin.title()).toBe(`Fixpoint | Live feed: ${demo.name}`);
      // Live: the next reading replaces the one the server sent.
      const sent = await admin.getByTestId('feed-updated').textContent();
      await expect.poll(() => admin.getByTestId('feed-updated').textContent(), { timeout: 10_000 }).not.toBe(sent);
      expect(await isServersHeading(admin)).toBe(true);
      expect(problems).toEqual([]);

      const user = await signedInPage();
      const userResponse = await user.goto(`${server.url}/admin/feed/${demo.id}`);
      expect(await userResponse?.text()).not.toContain('DEMO_AMS');
      await user.getByText('Restricted Access').waitFor();
      await admin.context().close();
      await user.context().close();
    });
  });
});
