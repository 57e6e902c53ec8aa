import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningServer, screenshot, startServer, watchConsole } from './harness';
import { callApi } from './page-helpers';

// Issue 15: the auth modal returns the visitor to the page they came from, and sign-in/sign-up switch the address.
const rita = { email: 'rita@example.com', name: 'Rita Return', password: 'a long password 1' };

/** The address's path and query, decoded: `/login?returnTo=/marketplace`. */
const address = (page: Page) => {
  const url = new URL(page.url());
  return decodeURIComponent(`${url.pathname}${url.search}`);
};

describe('auth modal return path in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    await callApi(server.url, '/auth/sign-up/email', {
      method: 'POST',
      body: { ...rita, termsAccepted: true },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('logs a visitor in from the marketplace, through sign-up and back, and lands on the marketplace', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchConsole(page);
    await page.goto(`${server.url}/marketplace`);
    const coverage = page.locator('h1', { hasText: 'Network coverage' });
    await coverage.waitFor();
    const logIn = page.getByRole('banner').getByRole('button', { name: 'Log in' });

    // Back from the modal is back on the marketplace, without the modal.
    await logIn.click();
    await page.getByRole('dialog', { name: 'Log in' }).getByLabel('E-mail').waitFor();
    expect(address(page)).toBe('/login?returnTo=/marketplace');
    await page.goBack();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(address(page)).toBe('/marketplace');

    await logIn.click();
    const signIn = page.getByRole('dialog', { name: 'Log in' });
    await signIn.getByLabel('E-mail').waitFor();
    // The marketplace stays under the modal.
    await coverage.waitFor();
    await screenshot(page, 'auth-over-marketplace');

    await signIn.getByRole('button', { name: 'No account yet? Sign up' }).click();
    const signUp = page.getByRole('dialog', { name: 'Create your account' });
    await signUp.getByLabel('Username').waitFor();
    expect(address(page)).toBe('/signup?returnTo=/marketplace');
    await signUp.getByRole('button', { name: 'Already have an account? Log in' }).click();
    await signIn.getByLabel('E-mail').waitFor();
    expect(address(page)).toBe('/login?returnTo=/marketplace');

    await signIn.getByLabel('E-mail').fill(rita.email);
    await signIn.locator('input[autocomplete="current-password"]').fill(rita.password);
    await signIn.getByRole('button', { name: 'Log in' }).click();
    await signIn.waitFor({ state: 'detached' });
    await page.getByRole('banner').getByRole('button', { name: 'Account' }).waitFor();
    expect(address(page)).toBe('/marketplace');
    await coverage.waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('signs a visitor who opened a signed-in page in to that page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${server.url}/subscriptions`);
    const signIn = page.getByRole('dialog', { name: 'Log in' });
    await signIn.getByLabel('E-mail').waitFor();
    expect(address(page)).toBe('/login?returnTo=/subscriptions');

    await signIn.getByLabel('E-mail').fill(rita.email);
    await signIn.locator('input[autocomplete="current-password"]').fill(rita.password);
    await signIn.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Subscriptions' }).waitFor();
    expect(address(page)).toBe('/subscriptions');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('ignores a return path to another site', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/login?returnTo=//evil.example/marketplace`);
    const signIn = page.getByRole('dialog', { name: 'Log in' });
    await signIn.getByLabel('E-mail').fill(rita.email);
    await signIn.locator('input[autocomplete="current-password"]').fill(rita.password);
    await signIn.getByRole('button', { name: 'Log in' }).click();
    await signIn.waitFor({ state: 'detached' });
    expect(new URL(page.url()).origin).toBe(server.url);
    expect(address(page)).toBe('/dashboard');
    await context.close();
  });
});
