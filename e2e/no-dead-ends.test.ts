import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningServer, repoRoot, startServer, watchConsole } from './harness';
import { callApi, keepOffline, logIn, waitForApp } from './page-helpers';

// Issue 15, "no dead ends": every entry of the side menu (submenus open), the top bar, the profile menu, the
// dashboard, the help centre and the footer, and of the mobile menu at 390 px, leads to a page that exists for the
// person who sees it: no redirect elsewhere (the router sends unknown paths to the dashboard), a page heading, a title
// of its own, no raw translation key and no console error on the way. Issue 30 (decision 0074): no link anywhere
// leads to an address of a `.example` domain, which exists for no one.

const admin = { email: 'crawl-admin@example.com', password: 'admin password 9' };
const user = { email: 'crawl-user@example.com', password: 'a long password 1', name: 'Cora Crawler' };

type Json = { [key: string]: string | Json };
const flatten = (tree: Json, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`),
  );
const english = JSON.parse(readFileSync(join(repoRoot, 'apps/web/public/locales/en/translation.json'), 'utf8'));
// Keys as they would show raw (i18next shows the key when no language has it), plural suffixes dropped.
const translationKeys = [...new Set(flatten(english).map((key) => key.replace(/_(one|other|zero|few|many)$/, '')))];
// The dashboard's title in each language: another page titled so has not named itself.
const dashboardTitles = ['en', 'nl', 'de'].map(
  (language) =>
    `Fixpoint | ${JSON.parse(readFileSync(join(repoRoot, `apps/web/public/locales/${language}/translation.json`), 'utf8')).dashboard.title}`,
);

/** Links that leave the portal for a domain reserved for examples: a dead end for everyone. */
const deadAddresses = (hrefs: string[]) =>
  hrefs.filter((href) => /^https?:\/\/([^/]+\.)?[^/.]+\.example([:/]|$)/.test(href));

/**
 * The internal links a person can reach from where the page is now (menus opened, as a person would), and the
 * addresses outside the portal they lead to.
 */
async function reachableLinks(page: Page, base: string): Promise<{ links: string[]; outside: string[] }> {
  const sideMenu = page.getByRole('navigation', { name: 'Side menu' });
  for (const toggle of await sideMenu.locator('button[aria-expanded="false"]').all()) {
    if (await toggle.isVisible()) await toggle.click();
  }
  const hrefs = new Set<string>();
  const outside = new Set<string>();
  const collect = async (selector: string) => {
    for (const href of await page
      .locator(selector)
      .evaluateAll((links) =>
        links.map((link) => (link as unknown as { getAttribute(name: string): string | null }).getAttribute('href')),
      )) {
      if (href?.startsWith('/') && !href.startsWith('//') && !href.startsWith('/api/')) hrefs.add(href);
      else if (href && /^(https?:)?\/\//.test(href)) outside.add(href);
    }
  };
  await collect('nav a[href], header a[href], main a[href], footer a[href]');
  // The account button, by its name in English and Dutch (Account) or German (Konto).
  const profile = page.getByRole('banner').getByRole('button', { name: /^(Account|Konto)$/ });
  if (await profile.isVisible()) {
    await profile.click();
    await page.getByRole('menu').waitFor();
    await collect('[role="menu"] a[href]');
    await page.keyboard.press('Escape');
  }
  return {
    links: [...hrefs].map((href) => new URL(href, base).pathname + new URL(href, base).search).sort(),
    outside: [...outside].sort(),
  };
}

/** Opens a link and says what is wrong with where it leads, or nothing. */
async function visit(page: Page, base: string, href: string): Promise<string[]> {
  const problems = watchConsole(page);
  await page.goto(`${base}${href}`);
  const heading = page.getByRole('heading', { level: 1 }).first();
  await heading.waitFor({ timeout: 20_000 }).catch(() => undefined);
  // Wait for the page's own data: no spinner or skeleton left. A locator, not a page function: Playwright polls a
  // page function by evaluating it in the page, which the portal's Content-Security-Policy (no 'unsafe-eval')
  // refuses with a page error; locators run in Playwright's own isolated world.
  await page
    .locator('main [aria-busy=true], main .mantine-Loader-root')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
  const found: string[] = [];
  const landed = new URL(page.url());
  const target = new URL(href, base);
  if (landed.pathname !== target.pathname) found.push(`${href} redirected to ${landed.pathname}`);
  if (!(await heading.isVisible())) found.push(`${href} shows no page heading`);
  const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  const raw = translationKeys.filter(
    (key) => key.includes('.') && new RegExp(`(^|[\\s(])${key}($|[\\s).,:])`).test(text),
  );
  if (raw.length > 0) found.push(`${href} shows raw translation keys: ${raw.join(', ')}`);
  if (/Restricted Access/.test(text)) found.push(`${href} is restricted for the person the link was shown to`);
  // Every page names itself: the brand, ' | ', its own title (index.html's bare "Fixpoint" until then).
  let title = await page.title();
  for (let tries = 0; tries < 20 && !/^Fixpoint \| \S/.test(title); tries++) {
    await page.waitForTimeout(100);
    title = await page.title();
  }
  if (!/^Fixpoint \| \S/.test(title)) found.push(`${href} is titled '${title}'`);
  if (target.pathname !== '/dashboard' && dashboardTitles.includes(title)) {
    found.push(`${href} is titled as the dashboard: '${title}'`);
  }
  // Design rule (docs/decisions/0051): no page scrolls sideways, down to a 390 px phone; wide tables scroll inside
  // their own box or become cards.
  if (await page.evaluate('document.documentElement.scrollWidth > document.documentElement.clientWidth + 1')) {
    found.push(`${href} is wider than the ${page.viewportSize()?.width} px screen`);
  }
  // ... and every button's label fits the button, in every language.
  const cut = (await page.evaluate(
    `[...document.querySelectorAll('.mantine-Button-label, .mantine-Badge-label')]
      .filter((label) => label.offsetParent !== null && label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.textContent)`,
  )) as string[];
  if (cut.length > 0) found.push(`${href} cuts off ${cut.map((label) => `'${label}'`).join(', ')}`);
  found.push(...problems.map((problem) => `${href}: ${problem}`));
  return found;
}

describe('no dead ends in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, AUTH_RATE_LIMIT: '100' });
    browser = await launchBrowser();
    const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ ...user, termsAccepted: true }),
    });
    expect(res.status).toBe(200);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  async function device(width: number, height: number) {
    const context = await browser.newContext({ viewport: { width, height } });
    contexts.push(context);
    const page = await context.newPage();
    await keepOffline(page, server.url);
    return page;
  }

  /**
   * Opens the links in three tabs of the person's browser at once (one session, as a person with tabs), and says
   * what is wrong with where they lead. Most of a visit is waiting for the page's reads, so tabs share the wait.
   */
  async function visitAll(page: Page, links: string[]): Promise<string[]> {
    const tabs = [page];
    while (tabs.length < 3) {
      const tab = await page.context().newPage();
      await keepOffline(tab, server.url);
      tabs.push(tab);
    }
    const queue = [...links];
    const found = await Promise.all(
      tabs.map(async (tab) => {
        const problems: string[] = [];
        for (let link = queue.shift(); link !== undefined; link = queue.shift()) {
          problems.push(...(await visit(tab, server.url, link)));
        }
        return problems;
      }),
    );
    for (const tab of tabs.slice(1)) await tab.close();
    return found.flat();
  }

  async function crawl(page: Page, starts: string[]) {
    const links = new Set<string>();
    const outside = new Set<string>();
    for (const start of starts) {
      await page.goto(`${server.url}${start}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // Every menu the app would open: a click made earlier on a server-rendered page is answered late, after the
      // links were collected (docs/decisions/0059).
      await waitForApp(page);
      const reachable = await reachableLinks(page, server.url);
      for (const link of reachable.links) links.add(link);
      for (const href of reachable.outside) outside.add(href);
    }
    const problems = deadAddresses([...outside]).map((href) => `a link leads to ${href}, which does not exist`);
    problems.push(...(await visitAll(page, [...links])));
    return { links: [...links], problems };
  }

  it('leads a visitor only to pages that exist', async () => {
    const page = await device(1280, 900);
    const { links, problems } = await crawl(page, ['/dashboard', '/help']);
    // Documentation and the footer's terms are the portal's own pages (decision 0074).
    expect(links).toEqual(expect.arrayContaining(['/dashboard', '/marketplace', '/help', '/legal/terms']));
    expect(problems).toEqual([]);
  }, 200_000);

  it('leads a signed-in user only to pages that exist, from every menu', async () => {
    const page = await device(1280, 900);
    await logIn(page, server.url, user.email, user.password);
    const { links, problems } = await crawl(page, ['/dashboard', '/help']);
    expect(links).toEqual(
      expect.arrayContaining(['/accounts', '/credits', '/settings/billing', '/help', '/legal/terms', '/legal/privacy']),
    );
    expect(problems).toEqual([]);
  }, 200_000);

  it('leads an admin only to pages that exist, in both areas', async () => {
    const page = await device(1280, 900);
    await logIn(page, server.url, admin.email, admin.password);
    const { links, problems } = await crawl(page, ['/dashboard', '/admin/users']);
    expect(links).toEqual(expect.arrayContaining(['/admin/users', '/admin/networks', '/accounts']));
    expect(problems).toEqual([]);
  }, 400_000);

  /** Every link of the mobile menu (and the profile menu) at 390 px, in German: the longest words. */
  async function crawlPhone(page: Page, start = '/dashboard') {
    await page.goto(`${server.url}${start}?lng=de`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await waitForApp(page);
    await page.locator('button[aria-controls="side-menu"]').click();
    const { links, outside } = await reachableLinks(page, server.url);
    const problems = deadAddresses(outside).map((href) => `a link leads to ${href}, which does not exist`);
    problems.push(...(await visitAll(page, links)));
    return { links, problems };
  }

  it('leads from the mobile menu at 390 px only to pages that exist, in German', async () => {
    const page = await device(390, 844);
    await logIn(page, server.url, user.email, user.password);
    const { links, problems } = await crawlPhone(page);
    // The profile menu's entries are links too: Account (billing settings) and Upgrade (the plans dialog).
    expect(links).toEqual(expect.arrayContaining(['/settings/billing', '/dashboard?buy=subscription']));
    expect(problems).toEqual([]);
  }, 200_000);

  it('leads a visitor on a phone only to pages that exist, in German', async () => {
    const page = await device(390, 844);
    const { links, problems } = await crawlPhone(page);
    // 'Need Help?' at the top of the mobile menu is the help centre.
    expect(links).toEqual(expect.arrayContaining(['/dashboard', '/marketplace', '/help']));
    expect(problems).toEqual([]);
  }, 200_000);

  it('leads an admin on a phone only to pages that exist, in German', async () => {
    const page = await device(390, 844);
    await logIn(page, server.url, admin.email, admin.password);
    const { links, problems } = await crawlPhone(page, '/admin/users');
    expect(links).toEqual(expect.arrayContaining(['/admin/users', '/admin/networks']));
    expect(problems).toEqual([]);
  }, 400_000);

  it("opens the terms a newcomer accepts at sign-up: the demo's published version, in a tab of its own", async () => {
    const page = await device(1280, 900);
    // The demo publishes its first terms just after the server starts listening.
    await expect
      .poll(async () => (await callApi(server.url, '/documents')).body.terms, { timeout: 20_000 })
      .toBeTruthy();
    await page.goto(`${server.url}/signup`);
    const dialog = page.getByRole('dialog');
    const terms = dialog.getByRole('link', { name: 'terms and conditions' });
    expect(await terms.getAttribute('href')).toBe('/legal/terms');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), terms.click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe('/legal/terms');
    await tab.getByRole('heading', { level: 1, name: 'Fixpoint terms and conditions' }).waitFor();
    expect(await tab.getByTestId('legal-text').innerText()).toContain(
      'the portal and NTRIP caster that Fixpoint B.V. operates.',
    );
    expect(await tab.title()).toBe('Fixpoint | Terms and conditions');
    // The sign-up form is still there, as the newcomer left it.
    expect(await dialog.getByRole('checkbox').isVisible()).toBe(true);
    await tab.close();
  });

  it("shows a signed-in person their own caster address and mountpoint in the help centre's guides", async () => {
    // An NTRIP account of the crawl's user with two days on the demo network (credits granted by the admin).
    const { token: adminToken } = await callApi(server.url, '/auth/sign-in/email', {
      method: 'POST',
      body: { email: admin.email, password: admin.password },
    });
    const { body: signedIn, token } = await callApi(server.url, '/auth/sign-in/email', {
      method: 'POST',
      body: { email: user.email, password: user.password },
    });
    const userId = (signedIn.user as { id: string }).id;
    await callApi(server.url, `/admin/tokens?userId=${userId}&tokenAmount=2`, {
      method: 'PUT',
      token: adminToken ?? '',
    });
    let demo: { id: string; code: string } | undefined;
    await expect
      .poll(
        async () => {
          const { body } = await callApi(server.url, '/networks');
          demo = (body as unknown as { id: string; code: string }[]).find((network) => network.code === 'DEMO');
          return demo;
        },
        { timeout: 20_000 },
      )
      .toBeTruthy();
    const { body: account } = await callApi(server.url, '/accounts', {
      method: 'POST',
      token: token ?? '',
      body: { name: 'Help rover' },
    });
    await callApi(server.url, `/tokens?accountId=${account.id}&feedNetworkId=${demo?.id}&days=2`, {
      method: 'POST',
      token: token ?? '',
    });

    const page = await device(1280, 900);
    await logIn(page, server.url, user.email, user.password);
    // From the top bar's Documentation, as a person would.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documentation' }).click();
    await page.getByRole('heading', { level: 1, name: 'Help' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/help');
    const casterPort = (await page.getByTestId('help-Port').innerText()).trim();
    expect(await page.getByTestId('help-Caster host').innerText()).toBe('127.0.0.1');
    expect(casterPort).toMatch(/^\d+$/);
    expect(casterPort).not.toBe(new URL(server.url).port);
    const connection = page.getByRole('region', { name: 'Your connection' });
    await connection
      .getByRole('row', { name: /Help rover/ })
      .getByText('DEMO_AUTO')
      .waitFor();
    const guide = page.getByRole('article', { name: 'RTKLIB (str2str, RTKNAVI)' });
    expect(await guide.locator('pre').first().innerText()).toContain(
      `ntrip://${account.username}:PASSWORD@127.0.0.1:${casterPort}/DEMO_AUTO`,
    );
    // The sourcetable the page names is the caster's, and lists the mountpoint the guides use.
    const sourcetable = (await page.getByTestId('help-Sourcetable').innerText()).trim();
    expect(sourcetable).toBe(`http://127.0.0.1:${casterPort}/`);
    const listed = await fetch(sourcetable, { headers: { 'Ntrip-Version': 'Ntrip/2.0' } });
    expect(listed.status).toBe(200);
    expect(await listed.text()).toContain('STR;DEMO_AUTO;');
    expect(await page.title()).toBe('Fixpoint | Help');
  }, 60_000);
});
