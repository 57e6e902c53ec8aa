import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { launchBrowser, type RunningServer, screenshot, startServer, watchConsole } from './harness';
import { createAndActivateAccount, waitForApp } from './page-helpers';

const buyer = { email: 'farmer.jo@example.com', name: 'Farmer Jo', password: `pw-${crypto.randomUUID()}` };

/**
 * Issue 12's journey on `npm start`'s defaults (embedded database, demo catalogue, local test provider): a visitor
 * signs up, buys credits and a subscription, declines and cancels, and activates an NTRIP account with the credits.
 */
describe('buying in Chromium with the local test provider', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let problems: string[];

  const dataLayerEvents = (target: Page, event: string) =>
    target.evaluate(
      (name) =>
        ((globalThis as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []).filter((e) => e.event === name),
      event,
    );
  const balance = async () =>
    (await (await page.request.get(`${server.url}/api/credits/ledger`)).json()).balance as number;

  /** Clicks a pricing card's button; the local provider's page opens in a new tab. */
  async function openCheckout(dialogName: string, button: string) {
    const dialog = page.getByRole('dialog', { name: dialogName });
    const [tab] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: button }).click()]);
    await tab.waitForLoadState();
    // The dialog closes once the checkout page is open.
    await dialog.waitFor({ state: 'detached' });
    return tab;
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    problems = watchConsole(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs a visitor up, buys a credit pack on the test page and counts the sale once', async () => {
    await page.goto(`${server.url}/signup`);
    const signUp = page.getByRole('dialog');
    await signUp.getByLabel('E-mail').fill(buyer.email);
    await signUp.getByLabel('Username').fill(buyer.name);
    for (const i of [0, 1]) await signUp.locator('input[autocomplete="new-password"]').nth(i).fill(buyer.password);
    await signUp.getByRole('checkbox').check();
    await signUp.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: `Welcome, ${buyer.name}` }).waitFor();

    const panel = page.getByRole('region', { name: 'Credits and subscriptions' });
    await panel.getByRole('link', { name: 'Buy credits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy credits' });
    await dialog.getByTestId('pricing-card').first().waitFor();
    const names = await dialog.getByTestId('pricing-card').getByRole('heading').allTextContents();
    expect(names).toEqual(['Starter pack', 'Season pack', 'Fleet pack']);
    expect(await dataLayerEvents(page, 'tokenOpenPricingTable')).toHaveLength(1);
    await screenshot(page, 'buying-credits-dialog');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const tab = await openCheckout('Buy credits', 'Purchase: Season pack');
    await tab.getByText('TEST MODE: no money moves and no card is charged').waitFor();
    await screenshot(tab, 'buying-local-provider');
    expect(await seriousAxeViolations(tab)).toEqual([]);
    expect(await balance()).toBe(0);
    await tab.getByRole('button', { name: 'Pay €20.00' }).click();

    await tab.waitForURL(/\/checkout\?checkoutSessionId=/);
    await tab.getByText('Payment received').waitFor();
    await tab.getByText('100 credits were added to your balance.').waitFor();
    await expect.poll(() => tab.getByTestId('checkout-balance').textContent()).toBe('100');
    expect(await balance()).toBe(100);
    const sale = await dataLayerEvents(tab, 'tokenPurchase');
    expect(sale).toEqual([
      { event: 'tokenPurchase', value: 20, currency: 'EUR', transactionId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
    await screenshot(tab, 'buying-checkout-paid');
    expect(await seriousAxeViolations(tab)).toEqual([]);

    // A reload of the return page does not report the sale again.
    await tab.reload();
    await tab.getByText('Payment received').waitFor();
    expect(await dataLayerEvents(tab, 'tokenPurchase')).toHaveLength(0);
    await tab.close();
  });

  it('leaves the balance unchanged on Decline and on Cancel, and says which', async () => {
    await page.goto(`${server.url}/credits?buy=credits`);
    let tab = await openCheckout('Buy credits', 'Purchase: Starter pack');
    await tab.getByRole('button', { name: 'Decline payment' }).click();
    await tab.getByText('Payment declined').waitFor();
    await tab.getByText('The payment was declined. Nothing was charged and your balance is unchanged.').waitFor();
    await tab.close();
    expect(await balance()).toBe(100);

    await page.goto(`${server.url}/credits?buy=credits`);
    tab = await openCheckout('Buy credits', 'Purchase: Starter pack');
    await tab.getByRole('button', { name: 'Cancel' }).click();
    await tab.getByText('Checkout cancelled').waitFor();
    await tab.close();
    expect(await balance()).toBe(100);
    // The history shows the one purchase.
    await page.goto(`${server.url}/credits`);
    await page.getByText('Bought Season pack').waitFor();
    expect(await page.getByTestId('credit-balance').textContent()).toBe('100');
  });

  it('activates an NTRIP account with the bought credits', async () => {
    await createAndActivateAccount(page, server.url, { name: 'Tractor 1', days: 30, balance: 100 });
    expect(await balance()).toBe(70);
  });

  it('buys a subscription from the plan table', async () => {
    await page.goto(`${server.url}/dashboard`);
    await waitForApp(page);
    await page
      .getByRole('region', { name: 'Credits and subscriptions' })
      .getByRole('link', { name: 'Buy a subscription' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Fixpoint Demo Network' });
    await dialog.getByText('Unlimited RTK corrections on the demo network.').waitFor();
    expect(await dialog.getByTestId('pricing-card').getByRole('heading').allTextContents()).toEqual([
      'RTK Monthly',
      'Fleet Monthly',
      'RTK Yearly',
    ]);
    await dialog.getByText('/ month').first().waitFor();
    expect(await dataLayerEvents(page, 'subscriptionOpenPricingTable')).toEqual([
      { event: 'subscriptionOpenPricingTable', network: 'Fixpoint Demo Network' },
    ]);
    await screenshot(page, 'buying-subscription-dialog');

    const tab = await openCheckout('Fixpoint Demo Network', 'Subscribe: RTK Monthly');
    await tab.getByRole('button', { name: 'Pay €29.00 per month' }).click();
    await tab.getByText('Payment received').waitFor();
    await tab.getByText(/Your subscription RTK Monthly is active until/).waitFor();
    expect(await dataLayerEvents(tab, 'subscriptionPurchase')).toEqual([
      { event: 'subscriptionPurchase', value: 29, currency: 'EUR', transactionId: expect.any(String) },
    ]);
    // Onward to the subscription, whose seat gives the NTRIP account the network.
    await tab.getByRole('link', { name: 'Choose the NTRIP accounts it covers' }).click();
    const card = tab.getByRole('article', { name: 'RTK Monthly' });
    await card.getByText('0 of 1 seat filled').waitFor();
    await card.getByRole('button', { name: 'Choose NTRIP accounts' }).click();
    const seats = tab.getByRole('dialog', { name: 'NTRIP accounts for RTK Monthly' });
    await seats.getByRole('combobox', { name: 'NTRIP accounts' }).click();
    await tab.getByRole('option', { name: /^Tractor 1/ }).click();
    // Close the account list, as a person would by clicking beside it.
    await seats.getByText(/can use Fixpoint Demo Network/).click();
    await seats.getByRole('button', { name: 'Save' }).click();
    await card.getByText('1 of 1 seat filled').waitFor();
    await screenshot(tab, 'buying-subscriptions-page');
    expect(await seriousAxeViolations(tab)).toEqual([]);
    await tab.close();
    // A subscription costs no credits.
    expect(await balance()).toBe(70);
    expect(problems).toEqual([]);
  });
});
