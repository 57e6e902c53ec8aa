import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { launchBrowser, type RunningServer, startServer, watchConsole } from './harness';
import { callApi, logIn, screenshotWhole } from './page-helpers';

const adminEmail = 'audit-admin@example.com';
const adminPassword = randomBytes(12).toString('base64url');
const customer = {
  name: 'Aart Auditee',
  email: 'aart.audit@example.com',
  password: randomBytes(12).toString('base64url'),
};

/**
 * Issue 28's audit log in Chromium against the real server: an admin grants a customer credits on the customer's
 * page, finds the grant on /admin/audit-log (who, what, to whom, balance before and after), narrows the list by
 * action and actor and sees a filter that matches nothing say so; the CSV link carries the filters and answers the
 * entry; the page fits 768 px.
 */
describe('the audit log in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const watched: string[][] = [];

  async function newPage(viewport = { width: 1280, height: 900 }) {
    const page = await (await browser.newContext({ viewport })).newPage();
    watched.push(watchConsole(page));
    return page;
  }

  beforeAll(async () => {
    server = await startServer({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword, AUTH_RATE_LIMIT: '100' });
    browser = await launchBrowser();
    await callApi(server.url, '/auth/sign-up/email', {
      method: 'POST',
      body: { name: customer.name, email: customer.email, password: customer.password, termsAccepted: true },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function grantCredits(page: Page, amount: string, reason: string) {
    await page.goto(`${server.url}/admin/users`);
    await page.getByRole('main').getByRole('link', { name: customer.name }).click();
    await page.getByRole('heading', { level: 1, name: customer.name }).waitFor();
    await page.getByRole('button', { name: 'Grant credits' }).click();
    const grant = page.getByRole('dialog', { name: `Credits for ${customer.name}` });
    await grant.getByRole('textbox', { name: /Credits/ }).fill(amount);
    await grant.getByLabel('Reason').fill(reason);
    await grant.getByRole('button', { name: 'Grant credits' }).click();
    await expect.poll(() => grant.getByTestId('grant-result').textContent()).toContain(`The balance is now ${amount}.`);
    await grant.getByRole('button', { name: 'Close' }).last().click();
    await grant.waitFor({ state: 'detached' });
  }

  it('finds a credit grant in the audit log and filters it', async () => {
    const page = await newPage();
    await logIn(page, server.url, adminEmail, adminPassword);
    await grantCredits(page, '7', 'Audit trail check');

    // The admin menu leads there.
    await page.locator(`a[href="/admin/audit-log"]`).first().waitFor({ state: 'attached' });
    await page.goto(`${server.url}/admin/audit-log`);
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    const grantRow = page.getByTestId('audit-entry').filter({ hasText: 'Credits granted' }).filter({
      hasText: customer.email,
    });
    await grantRow.waitFor();
    expect(await grantRow.count()).toBe(1);
    const text = (await grantRow.textContent()) ?? '';
    expect(text).toContain(adminEmail);
    expect(text).toContain('balance: 0 → 7');
    expect(text).toContain('reason: — → Audit trail check');

    // Narrowed to the action and the actor, the grant is still there and the CSV link follows the filters.
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Credits granted' }).click();
    await page.getByRole('textbox', { name: 'Actor' }).fill('audit-admin');
    await expect
      .poll(() => page.getByRole('link', { name: 'Download CSV' }).getAttribute('href'))
      .toBe('/api/admin/audit-log.csv?actor=audit-admin&kind=credits.grant');
    await expect.poll(() => page.getByTestId('audit-entry').count()).toBe(1);
    await grantRow.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotWhole(page, 'admin-audit-log');

    // The CSV answers the same entry to the admin's session.
    const href = (await page.locator('a[download]').getAttribute('href')) ?? '';
    const csv = await page.evaluate(async (url) => {
      const res = await fetch(url, { credentials: 'include' });
      return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
    }, href);
    expect(csv.status).toBe(200);
    expect(csv.type).toMatch(/^text\/csv/);
    expect(csv.body).toContain('credits.grant');
    expect(csv.body).toContain(customer.email);

    // A target nothing matches says so.
    await page.getByRole('textbox', { name: 'Target' }).fill('nobody-at-all');
    await page.getByText('No entry matches these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await grantRow.waitFor();
    await page.close();
  });

  it('fits 768 px: the table scrolls inside its container, never the page', async () => {
    const page = await newPage({ width: 768, height: 1024 });
    await logIn(page, server.url, adminEmail, adminPassword);
    await page.goto(`${server.url}/admin/audit-log`);
    await page.getByTestId('audit-entry').filter({ hasText: customer.email }).first().waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(768);
    await screenshotWhole(page, 'admin-audit-log-768');
    await page.close();
    expect(watched.flat()).toEqual([]);
  });
});
