import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningServer, repoRoot, startServer, watchConsole } from './harness';
import { keepOffline, logIn, waitForApp } from './page-helpers';

// Issue 15, "no dead ends": every entry of the side menu (submenus open), the top bar, the profile menu, the
// dashboard and the footer, and of the mobile menu at 390 px, leads to a page that exists for the person who sees it:
// no redirect elsewhere (the router sends unknown paths to the dashboard), a page heading, no raw translation key and
// no console error on the way.

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

/** The internal links a person can reach from where the page is now: menus opened, as a person would. */
async function reachableLinks(page: Page, base: string): Promise<string[]> {
  const sideMenu = page.getByRole('navigation', { name: 'Side menu' });
  for (const toggle of await sideMenu.locator('button[aria-expanded="false"]').all()) {
    if (await toggle.isVisible()) await toggle.click();
  }
  const hrefs = new Set<string>();
  const collect = async (selector: string) => {
    for (const href of await page
      .locator(selector)
      .evaluateAll((links) =>
        links.map((link) => (link as unknown as { getAttribute(name: string): string | null }).getAttribute('href')),
      )) {
      if (href?.startsWith('/') && !href.startsWith('//') && !href.startsWith('/api/')) hrefs.add(href);
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
  return [...hrefs].map((href) => new URL(href, base).pathname + new URL(href, base).search).sort();
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

  async function crawl(page: Page, starts: string[]) {
    const links = new Set<string>();
    for (const start of starts) {
      await page.goto(`${server.url}${start}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // Every menu the app would open: a click made earlier on a server-rendered page is answered late, after the
      // links were collected (docs/decisions/0059).
      await waitForApp(page);
      for (const link of await reachableLinks(page, server.url)) links.add(link);
    }
    const problems: string[] = [];
    for (const link of links) problems.push(...(await visit(page, server.url, link)));
    return { links: [...links], problems };
  }

  it('leads a visitor only to pages that exist', async () => {
    const page = await device(1280, 900);
    const { links, problems } = await crawl(page, ['/dashboard']);
    expect(links).toEqual(expect.arrayContaining(['/dashboard', '/marketplace']));
    expect(problems).toEqual([]);
  });

  it('leads a signed-in user only to pages that exist, from every menu', async () => {
    const page = await device(1280, 900);
    await logIn(page, server.url, user.email, user.password);
    const { links, problems } = await crawl(page, ['/dashboard']);
    expect(links).toEqual(expect.arrayContaining(['/accounts', '/credits', '/settings/billing']));
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
    const links = await reachableLinks(page, server.url);
    const problems: string[] = [];
    for (const link of links) problems.push(...(await visit(page, server.url, link)));
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
    expect(links).toEqual(expect.arrayContaining(['/dashboard', '/marketplace']));
    expect(problems).toEqual([]);
  }, 200_000);

  it('leads an admin on a phone only to pages that exist, in German', async () => {
    const page = await device(390, 844);
    await logIn(page, server.url, admin.email, admin.password);
    const { links, problems } = await crawlPhone(page, '/admin/users');
    expect(links).toEqual(expect.arrayContaining(['/admin/users', '/admin/networks']));
    expect(problems).toEqual([]);
  }, 400_000);
});
