import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { launchBrowser, type RunningServer, screenshot, startServer, watchConsole } from './harness';
import { callApi, logIn, screenshotWhole } from './page-helpers';

const adminEmail = 'users-admin@example.com';
const adminPassword = randomBytes(12).toString('base64url');
const customer = {
  name: 'Fenna Farmer',
  email: 'fenna.users@example.com',
  password: randomBytes(12).toString('base64url'),
};

/**
 * Issue 15's admin users in Chromium against the real server: an admin opens a customer from the users list, sees
 * their NTRIP account, is told that 1.5 credits cannot be granted, grants 5 and sees the balance and the ledger
 * entry, then disables the customer, whose session ends and whose sign-in is refused; the page at phone width.
 */
describe('admin users in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let customerToken = '';
  const watched: string[][] = [];

  async function newPage(viewport = { width: 1280, height: 900 }) {
    const page = await (await browser.newContext({ viewport })).newPage();
    watched.push(watchConsole(page));
    return page;
  }

  /** The customer's page, opened from the users list by their name. */
  async function openCustomer(page: Page) {
    await page.goto(`${server.url}/admin/users`);
    await page.getByRole('main').getByRole('link', { name: customer.name }).click();
    await page.getByRole('heading', { level: 1, name: customer.name }).waitFor();
  }

  beforeAll(async () => {
    server = await startServer({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword, AUTH_RATE_LIMIT: '100' });
    browser = await launchBrowser();
    const signedUp = await callApi(server.url, '/auth/sign-up/email', {
      method: 'POST',
      body: { name: customer.name, email: customer.email, password: customer.password, termsAccepted: true },
    });
    customerToken = signedUp.token ?? '';
    await callApi(server.url, '/accounts', { method: 'POST', token: customerToken, body: { name: 'Tractor 7' } });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens a user from the list, refuses 1.5 credits in words, grants 5 and shows the balance and ledger', async () => {
    const page = await newPage();
    await logIn(page, server.url, adminEmail, adminPassword);
    await openCustomer(page);
    expect(page.url()).toMatch(/\/admin\/users\/[^/]+$/);
    const accounts = page.getByRole('table', { name: 'NTRIP accounts' });
    await accounts.getByText('Tractor 7').waitFor();
    const balance = page.getByRole('group', { name: 'Credit balance' });
    await balance.getByText('0', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Credit ledger' }).getByText('No credit history yet.').waitFor();

    await page.getByRole('button', { name: 'Grant credits' }).click();
    const grant = page.getByRole('dialog', { name: `Credits for ${customer.name}` });
    const amount = grant.getByRole('textbox', { name: /Credits/ });
    await amount.fill('1.5');
    await grant.getByText('Whole credits only: a credit cannot be split.').waitFor();
    expect(await amount.inputValue()).toBe('1.5');
    expect(await grant.getByRole('button', { name: 'Grant credits' }).isDisabled()).toBe(true);
    await screenshot(page, 'admin-user-grant-fraction');

    await amount.fill('5');
    await grant.getByLabel('Reason').fill('Welcome credits');
    await grant.getByRole('button', { name: 'Grant credits' }).click();
    await expect.poll(() => grant.getByTestId('grant-result').textContent()).toContain('The balance is now 5.');
    await grant.getByRole('button', { name: 'Close' }).last().click();
    await grant.waitFor({ state: 'detached' });

    await balance.getByText('5', { exact: true }).waitFor();
    const ledger = page.getByRole('table', { name: 'Credit ledger' });
    await ledger.getByText('+5').waitFor();
    await ledger.getByText('Grant', { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotWhole(page, 'admin-user-detail');
    await page.close();
  });

  it('disables the user after confirming: their session ends and sign-in is refused', async () => {
    const page = await newPage();
    await logIn(page, server.url, adminEmail, adminPassword);
    await openCustomer(page);
    await page.getByRole('button', { name: 'Disable' }).click();
    const dialog = page.getByRole('dialog', { name: `Disable ${customer.name}?` });
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('Chargeback on the last invoice');
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await page.getByText(`${customer.name} is disabled.`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('This user is disabled').waitFor();
    await page.getByText('Reason: Chargeback on the last invoice').waitFor();
    await page.getByTestId('user-disabled-badge').waitFor();
    await page.getByRole('button', { name: 'Enable' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotWhole(page, 'admin-user-disabled');

    // The customer's web session is gone and a new sign-in is refused in words.
    const session = await fetch(`${server.url}/api/user`, { headers: { authorization: `Bearer ${customerToken}` } });
    expect(session.status).toBe(401);
    const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: customer.email, password: customer.password }),
    });
    expect(signIn.status).toBe(403);
    expect(((await signIn.json()) as { code: string }).code).toBe('BANNED_USER');

    // The list says so too.
    await page.goto(`${server.url}/admin/users`);
    await page.getByRole('article', { name: customer.name }).getByText('Disabled').waitFor();
    await screenshotWhole(page, 'admin-users-list');
    await page.close();
  });

  it('fits a phone: the tables scroll inside their cards, never the page', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await logIn(page, server.url, adminEmail, adminPassword);
    await openCustomer(page);
    await page.getByRole('table', { name: 'Credit ledger' }).getByText('+5').waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshotWhole(page, 'admin-user-detail-phone');
    await page.close();
    expect(watched.flat()).toEqual([]);
  });
});
