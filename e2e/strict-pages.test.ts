import { schema } from '@fixpoint/db';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../apps/server/src/testing/test-app';
import { launchBrowser, watchConsole } from './harness';
import { backgroundOf } from './page-helpers';

/**
 * The API docs and the local test provider's checkout page under their strict Content-Security-Policies (issue 28):
 * both work in Chromium and nothing on them is refused (a refusal is a console error). They need no built web app,
 * so the server runs in this process.
 */
describe('pages under their own strict policies', () => {
  let t: TestApp;
  let url: string;
  let browser: Browser;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    problems = watchConsole(page);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows the API docs with their operations and can try one', async () => {
    const answer = await page.goto(`${url}/api/docs`);
    expect(answer?.headers()['content-security-policy']).toContain("default-src 'none'");
    await page.getByText('Fixpoint API').first().waitFor();
    // An operation opens and runs against this server ("Try it out"): its scripts, styles and request are allowed.
    await page.getByText('/api/health', { exact: true }).first().click();
    await page.getByRole('button', { name: 'Try it out' }).click();
    await page.getByRole('button', { name: 'Execute' }).click();
    const status = page.locator('.live-responses-table tbody .response-col_status').first();
    await status.waitFor();
    expect(await status.textContent()).toContain('200');
    expect(problems).toEqual([]);
  });

  it('shows the local checkout page styled, and its Pay button posts the form', async () => {
    const email = `strict.${Date.now()}@example.com`;
    const signUp = await page.request.post(`${url}/api/auth/sign-up/email`, {
      data: { email, name: 'Strict Buyer', password: 'a good password', termsAccepted: true },
    });
    expect(signUp.status()).toBe(200);
    const [product] = await t.database.db
      .insert(schema.products)
      .values({ name: 'Pack', type: 'Token', category: 'credits', amount: 500, currency: 'eur', creditsAmount: 10 })
      .returning();
    const created = await page.request.post(`${url}/api/checkout/product?priceId=${product?.id}`, {
      headers: { origin: url },
    });
    expect({ status: created.status(), body: await created.text() }).toMatchObject({ status: 200 });
    const { checkoutSessionId, url: checkoutUrl } = (await created.json()) as {
      checkoutSessionId: string;
      url: string;
    };
    const answer = await page.goto(`${url}${new URL(checkoutUrl).pathname}`);
    expect(answer?.headers()['content-security-policy']).toContain("form-action 'self'");
    const pay = page.getByRole('button', { name: /Pay/ });
    // The style block applied: the banner's amber, the Pay button in a colour (a browser's default is white or grey).
    expect(await backgroundOf(page.locator('.banner'))).toBe('rgb(245, 159, 0)');
    expect(await backgroundOf(pay)).not.toMatch(/^rgba?\((255, 255, 255|239, 239, 239|0, 0, 0, 0)\)$/);
    expect(problems).toEqual([]);
    await Promise.all([page.waitForURL(/\/checkout/), pay.click()]);
    const state = await page.request.get(`${url}/api/checkout?checkoutSessionId=${checkoutSessionId}`);
    expect(((await state.json()) as { status: string }).status).toBe('paid');
    // Without the built web app the /checkout page itself is not served; only a refused form would matter here.
    expect(problems.filter((problem) => /Content Security Policy/i.test(problem))).toEqual([]);
  });
});
