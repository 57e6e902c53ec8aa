import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../apps/server/src/testing/smtp-sink';
import { launchBrowser, type RunningServer, screenshot, startServer, watchConsole } from './harness';
import { logOut } from './page-helpers';

const email = 'ada@example.com';
const firstPassword = 'first password 1';
const newPassword = 'second password 2';
const adminEmail = 'boss@example.com';
const adminPassword = 'admin password 9';

describe('identity journey in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    problems = watchConsole(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  async function logIn(address: string, password: string) {
    await page.goto(`${server.url}/login`);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail').fill(address);
    await dialog.locator('input[autocomplete="current-password"]').fill(password);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  it('signs up, signs out and signs in again', async () => {
    await page.goto(`${server.url}/signup`);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Username').fill('Ada Lovelace');
    const [password, confirm] = [0, 1].map((i) => dialog.locator('input[autocomplete="new-password"]').nth(i));
    await password?.fill(firstPassword);
    await confirm?.fill(firstPassword);
    await dialog.getByRole('checkbox').check();
    await screenshot(page, 'auth-sign-up');
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Welcome, Ada Lovelace' }).waitFor();
    const dataLayer = await page.evaluate(
      () => (globalThis as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? [],
    );
    expect(dataLayer).toContainEqual(expect.objectContaining({ event: 'login', userRole: 'user' }));

    await logOut(page);
    await logIn(email, firstPassword);
    await page.getByRole('heading', { name: 'Welcome, Ada Lovelace' }).waitFor();
    await logOut(page);
  });

  it('resets a forgotten password through the e-mailed link', async () => {
    await page.goto(`${server.url}/login`);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await dialog.getByText('Check your inbox').waitFor();

    // The reset mail, not the sign-up's verification mails.
    const isReset = (m: { to: string[]; raw: string }) => m.to.includes(email) && m.raw.includes('reset-password');
    await expect.poll(() => smtp.received.some(isReset)).toBe(true);
    const body = (smtp.received.find(isReset)?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = body.match(/https?:\/\/\S+\/api\/auth\/reset-password\/\S+/)?.[0];
    expect(link).toContain(server.url);
    await page.goto(link as string);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.locator('input[autocomplete="new-password"]').nth(0).fill(newPassword);
    await page.locator('input[autocomplete="new-password"]').nth(1).fill(newPassword);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Your password has been changed').waitFor();

    await logIn(email, newPassword);
    await page.getByRole('heading', { name: 'Welcome, Ada Lovelace' }).waitFor();
  });

  it('shows Restricted Access on an admin page and the server refuses the admin API', async () => {
    await page.goto(`${server.url}/admin/users`);
    await page.getByText('You do not have the permissions to view this page.').waitFor();
    await screenshot(page, 'auth-restricted');
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const res = await fetch(`${server.url}/api/admin/users`, { headers: { cookie } });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('FORBIDDEN');
    await logOut(page);
  });

  it('lets the configured admin see every user', async () => {
    // A browser of the admin's own: whatever the previous pages still had in flight when they logged out is theirs,
    // and a retry starts signed out, as the first try did.
    const own = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await own.newPage();
    problems = watchConsole(page);
    await logIn(adminEmail, adminPassword);
    await page.goto(`${server.url}/admin/users`);
    // The users list shows cards first (the card-table's grid view).
    await page.getByRole('article', { name: 'Ada Lovelace' }).getByText(email).waitFor();
    await screenshot(page, 'admin-users');
    expect(problems).toEqual([]);
    await own.close();
  });

  it('asks a new person to confirm their address until they open the mailed link (Resend sends a new one)', async () => {
    const newcomer = 'grace@example.com';
    const own = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const tab = await own.newPage();
    const tabProblems = watchConsole(tab);
    await tab.goto(`${server.url}/signup`);
    const dialog = tab.getByRole('dialog');
    await dialog.getByLabel('E-mail').fill(newcomer);
    await dialog.getByLabel('Username').fill('Grace Hopper');
    await dialog.locator('input[autocomplete="new-password"]').nth(0).fill(firstPassword);
    await dialog.locator('input[autocomplete="new-password"]').nth(1).fill(firstPassword);
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await tab.getByRole('heading', { name: 'Welcome, Grace Hopper' }).waitFor();

    // Until the mailed link is opened the dashboard asks for it; Resend mails a new one (decision 0061).
    const banner = tab.getByRole('status').filter({ hasText: 'Confirm your e-mail address' });
    await banner.waitFor();
    await screenshot(tab, 'auth-verify-banner');
    await smtp.waitFor(newcomer);
    await banner.getByRole('button', { name: 'Resend' }).click();
    await banner.getByText(`We sent a new link to ${newcomer}.`).waitFor();
    const mails = () => smtp.received.filter((m) => m.to.includes(newcomer));
    await expect.poll(() => mails().length).toBe(2);
    const newest = (mails().at(-1)?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = newest.match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/)?.[0];
    expect(link).toContain(server.url);

    // The link, opened from the mail, lands on the dashboard without the banner.
    await tab.goto(link as string);
    await tab.getByRole('heading', { name: 'Welcome, Grace Hopper' }).waitFor();
    expect(new URL(tab.url()).pathname).toBe('/dashboard');
    // The overview has loaded (the balance says 0), so the banner would show by now.
    await tab.getByText('Buy credits to activate an NTRIP account.').waitFor();
    expect(await tab.getByText('Confirm your e-mail address').count()).toBe(0);
    expect(tabProblems).toEqual([]);
    await own.close();
  });
});
