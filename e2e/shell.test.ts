import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { focused, seriousAxeViolations } from './axe';
import { launchBrowser, type RunningServer, screenshot, startServer, watchConsole } from './harness';
import { keepOffline, logIn, rightEdgeOf, screenshotWhole, waitForApp } from './page-helpers';

const adminEmail = 'chief@example.com';
const adminPassword = 'admin password 9';
const people = [
  { name: 'Zed Zimmer', email: 'zed@example.com' },
  { name: 'Ann Archer', email: 'ann@example.com' },
  { name: 'Bob Baker', email: 'bob@example.com' },
];

describe('app shell in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword, AUTH_RATE_LIMIT: '100' });
    browser = await launchBrowser();
    for (const person of people) {
      const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ ...person, password: 'a long password 1', termsAccepted: true }),
      });
      expect(res.status).toBe(200);
    }
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  /** A fresh device (own local storage) and a page on it that fails the test on console errors. */
  async function newDevice(width = 1280, height = 800) {
    const context = await browser.newContext({ viewport: { width, height } });
    contexts.push(context);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await keepOffline(page, server.url);
    return { context, page, problems };
  }

  it('shows Dutch for ?lng=nl and remembers it on the device', async () => {
    const { page, problems } = await newDevice();
    await page.goto(`${server.url}/?lng=nl`);
    await page.getByRole('heading', { level: 1, name: 'RTK-correcties voor elke rover' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('nl');
    expect(await page.getByRole('banner').getByRole('button', { name: 'Inloggen' }).isVisible()).toBe(true);

    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'RTK-correcties voor elke rover' }).waitFor();
    expect(await page.evaluate('localStorage.getItem("i18nextLng")')).toBe('nl');
    await page.reload();
    await page.getByRole('navigation', { name: 'Zijmenu' }).getByRole('link', { name: 'Netwerkdekking' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('collapses the side menu to 60 px, keeps it after a reload, and closes it at 768 px', async () => {
    const { page, problems } = await newDevice();
    await page.goto(`${server.url}/dashboard`);
    const sideMenu = page.getByRole('navigation', { name: 'Side menu' });
    await sideMenu.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect((await sideMenu.boundingBox())?.width).toBe(260);
    await waitForApp(page);

    await sideMenu.getByRole('button', { name: 'Collapse menu' }).click();
    await expect.poll(async () => (await sideMenu.boundingBox())?.width).toBe(60);
    await page.reload();
    await sideMenu.getByRole('button', { name: 'Expand menu' }).waitFor();
    expect((await sideMenu.boundingBox())?.width).toBe(60);
    // Collapsed, an entry keeps its name for screen readers and shows it as a tooltip.
    await sideMenu.getByRole('link', { name: 'Network coverage' }).hover();
    await page.getByRole('tooltip', { name: 'Network coverage' }).waitFor();
    await screenshot(page, 'shell-collapsed-desktop');

    await page.setViewportSize({ width: 768, height: 1024 });
    const menuToggle = page.getByRole('button', { name: 'Menu', exact: true });
    await menuToggle.waitFor();
    await expect.poll(async () => rightEdgeOf(await page.locator('#side-menu').boundingBox())).toBeLessThanOrEqual(0);

    // Opened by the toggle, with labels although the desktop menu is collapsed; closed again by a page change.
    await menuToggle.click();
    await expect.poll(async () => (await sideMenu.boundingBox())?.x).toBe(0);
    await sideMenu.getByRole('link', { name: 'Need Help?' }).waitFor();
    await screenshot(page, 'shell-drawer-768');
    await sideMenu.getByRole('link', { name: 'Network coverage' }).click();
    await expect.poll(async () => rightEdgeOf(await page.locator('#side-menu').boundingBox())).toBeLessThanOrEqual(0);

    // Forced closed on reaching mobile width: open, widen, narrow again.
    await menuToggle.click();
    await expect.poll(async () => (await sideMenu.boundingBox())?.x).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(async () => (await sideMenu.boundingBox())?.width).toBe(60);
    await page.setViewportSize({ width: 768, height: 1024 });
    await expect.poll(async () => rightEdgeOf(await page.locator('#side-menu').boundingBox())).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
  });

  it('switches grid and table, searches and sorts the admin users list', async () => {
    const { page, problems } = await newDevice();
    await logIn(page, server.url, adminEmail, adminPassword);
    await page.goto(`${server.url}/admin/users`);
    const list = page.getByRole('main');
    await list.getByRole('article').first().waitFor();
    expect(await list.getByRole('article').count()).toBe(4);
    expect(await list.getByRole('table').count()).toBe(0);

    const search = list.getByPlaceholder('Search');
    await search.fill('bak');
    await expect.poll(() => list.getByRole('article').count()).toBe(1);
    expect(await list.getByRole('article').getAttribute('aria-label')).toBe('Bob Baker');
    await search.fill('');

    // The view switch is a pair of radio buttons behind their labels.
    await list
      .locator('label')
      .filter({ hasText: /^Table$/ })
      .click();
    expect(await list.getByRole('radio', { name: 'Table' }).isChecked()).toBe(true);
    const table = list.getByRole('table');
    await table.waitFor();
    const names = () => table.locator('tbody tr td:first-child').allTextContents();
    await table.getByRole('button', { name: 'Name' }).click();
    await expect.poll(names).toEqual(['Ann Archer', 'Bob Baker', 'Administrator', 'Zed Zimmer'].sort());
    expect(await table.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
    await table.getByRole('button', { name: 'Name' }).click();
    await expect.poll(names).toEqual(['Ann Archer', 'Bob Baker', 'Administrator', 'Zed Zimmer'].sort().reverse());
    await table.getByRole('button', { name: 'E-mail' }).click();
    await expect
      .poll(() => table.locator('tbody tr td:nth-child(2)').allTextContents())
      .toEqual(['ann@example.com', 'bob@example.com', 'chief@example.com', 'zed@example.com']);
    await search.fill('example.com');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(4);
    await search.fill('zimmer');
    await expect.poll(names).toEqual(['Zed Zimmer']);
    await search.fill('');
    await screenshotWhole(page, 'shell-admin-users-table');
    expect(problems).toEqual([]);
  });

  it('is usable by keyboard: a skip link first, every stop named and visible, the menu and profile menu operable', async () => {
    const { page, problems } = await newDevice();
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await waitForApp(page);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', name: 'Skip to content', isVisible: true });
    await page.keyboard.press('Enter');
    expect((await focused(page)).id).toBe('main-content');

    // From the top, every tab stop is visible and named, and the side menu's collapse button is among them.
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await waitForApp(page);
    const stops: string[] = [];
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      const stop = await focused(page);
      expect(stop.isVisible, JSON.stringify(stop)).toBe(true);
      expect(stop.name, JSON.stringify(stop)).not.toBe('');
      stops.push(stop.name);
      if (stop.name === 'Collapse menu') break;
    }
    expect(stops).toEqual(expect.arrayContaining(['Fixpoint', 'Dashboard', 'Network coverage', 'Log in', 'Sign up']));
    expect(stops.at(-1)).toBe('Collapse menu');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await page.locator('#side-menu').boundingBox())?.width).toBe(60);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await page.locator('#side-menu').boundingBox())?.width).toBe(260);

    await logIn(page, server.url, adminEmail, adminPassword);
    await page.getByRole('heading', { level: 1, name: 'Welcome, Administrator' }).waitFor();
    await page.getByRole('button', { name: 'Account' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('ArrowDown');
    expect((await focused(page)).tag).toBe('menuitem');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  });

  // axe-core takes seconds a page on a busy machine: the pages are checked in three tests, each well inside its limit.
  const expectNoSeriousViolations = async (page: Page, name: string) => {
    expect(await seriousAxeViolations(page), name).toEqual([]);
  };

  it('has no serious or critical axe-core violations logged out', async () => {
    const { page, problems } = await newDevice();
    await page.goto(`${server.url}/dashboard`);
    await page.getByTestId('service-status').and(page.locator('[data-state="ok"]')).waitFor();
    await expectNoSeriousViolations(page, 'logged-out dashboard');
    await page.goto(`${server.url}/login`);
    await page.getByRole('dialog').getByLabel('E-mail').waitFor();
    await expectNoSeriousViolations(page, 'log-in dialog');
    expect(problems).toEqual([]);
  });

  it('has no serious or critical axe-core violations signed in, on the desktop and in the mobile menu', async () => {
    const { page, problems } = await newDevice();
    await logIn(page, server.url, adminEmail, adminPassword);
    await page.getByRole('group', { name: 'Credit balance' }).getByText(/^\d/).waitFor();
    await expectNoSeriousViolations(page, 'logged-in dashboard');
    await screenshotWhole(page, 'shell-dashboard-signed-in');
    await page.goto(`${server.url}/settings`);
    await page.getByRole('combobox', { name: 'Interface language' }).waitFor();
    await expectNoSeriousViolations(page, 'settings');

    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto(`${server.url}/dashboard`);
    await waitForApp(page);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Need Help?' }).waitFor();
    await expectNoSeriousViolations(page, 'mobile menu');
    expect(problems).toEqual([]);
  });

  it('has no serious or critical axe-core violations on the admin user list, as a grid and as a table', async () => {
    const { page, problems } = await newDevice();
    await logIn(page, server.url, adminEmail, adminPassword);
    await page.goto(`${server.url}/admin/users`);
    await page.getByRole('main').getByRole('article').first().waitFor();
    await expectNoSeriousViolations(page, 'admin users, grid');
    await page
      .getByRole('main')
      .locator('label')
      .filter({ hasText: /^Table$/ })
      .click();
    await page.getByRole('main').getByRole('table').waitFor();
    await expectNoSeriousViolations(page, 'admin users, table');
    expect(problems).toEqual([]);
  });

  it('switches the language in settings', async () => {
    const { page, problems } = await newDevice();
    await logIn(page, server.url, 'zed@example.com', 'a long password 1');
    await page.goto(`${server.url}/settings`);
    await page.getByRole('combobox', { name: 'Interface language' }).click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await page.getByRole('heading', { level: 1, name: 'Profil' }).waitFor();
    await expect.poll(() => page.title()).toBe('Fixpoint | Profil');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Profil' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(problems).toEqual([]);
  });
});
