import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { launchBrowser, type RunningServer, screenshot, startServer, watchConsole } from './harness';
import { createAndActivateAccount } from './page-helpers';

const owner = { email: 'olga.owner@example.com', name: 'Olga Owner', password: `pw-${crypto.randomUUID()}` };
const driver = { email: 'dirk.driver@example.com', name: 'Dirk Driver', password: `pw-${crypto.randomUUID()}` };

/** A `datetime-local` value, in the browser's (and this process's) time zone. */
const localInput = (date: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

async function signUp(page: Page, person: typeof owner) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail').fill(person.email);
  await dialog.getByLabel('Username').fill(person.name);
  for (const i of [0, 1]) await dialog.locator('input[autocomplete="new-password"]').nth(i).fill(person.password);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Sign up' }).click();
  await page.getByRole('heading', { name: `Welcome, ${person.name}` }).waitFor();
}

/**
 * Issue 14 in Chromium on `npm start`'s defaults (embedded database, demo: the beta open to all, the local test
 * provider): create an organisation through every failure code, invite a driver by e-mail, who signs up from the
 * link and accepts; buy credits for the organisation, create and activate its NTRIP account and lend it to the driver,
 * who finds it in their own list. (The rover cut at the lending's end runs with str2str in the interop suite.)
 */
describe('organisations in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let driverContext: BrowserContext;
  let driverPage: Page;
  let problems: string[];
  let orgUrl = '';

  /** Opens the creation form from the dashboard's Organisations card and submits a name. */
  async function submitName(name: string) {
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('link', { name: 'Create organisation' }).last().click();
    const form = page.getByRole('dialog', { name: 'Create an organisation' });
    await form.getByLabel('Organisation name').fill(name);
    await form.getByRole('button', { name: 'Create' }).click();
  }
  async function expectFailure(text: string) {
    const failed = page.getByRole('dialog', { name: 'Organisation Creation Failed' });
    await failed.getByText(text).waitFor();
    return failed;
  }

  beforeAll(async () => {
    server = await startServer({ ORG_MAX_PER_USER: '2' });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    problems = watchConsole(page);
    driverContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    driverPage = await driverContext.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates an organisation, with each failure code in its dialog and Try Again prefilled', async () => {
    await page.goto(`${server.url}/signup`);
    await signUp(page, owner);

    await submitName('   ');
    await expectFailure('The organization name can not be empty.');
    await submitName('a-b');
    const failed = await expectFailure(
      'The organization name has to be at least 3 characters long. Excluding special characters.',
    );
    await screenshot(page, 'organisations-creation-failed');
    await failed.getByRole('button', { name: 'Try Again' }).click();
    const retry = page.getByRole('dialog', { name: 'Create an organisation' });
    expect(await retry.getByLabel('Organisation name').inputValue()).toBe('a-b');
    await retry.getByLabel('Organisation name').fill('Green Acres');
    await retry.getByRole('button', { name: 'Create' }).click();

    const created = page.getByRole('dialog', { name: 'Organisation Created' });
    await created.getByText('The organisation Green Acres has been created.').waitFor();
    const events = await page.evaluate(() =>
      ((globalThis as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []).filter(
        (e) => e.event === 'organizationCreated',
      ),
    );
    expect(events).toEqual([expect.objectContaining({ name: 'Green Acres' })]);
    await created.getByRole('button', { name: 'Visit Organisation' }).click();
    await page.waitForURL(/\/org\/[0-9a-f-]{36}$/);
    orgUrl = page.url();
    await page.getByRole('heading', { name: 'Green Acres' }).waitFor();
    await screenshot(page, 'organisations-overview');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await submitName('GREEN ACRES');
    await expectFailure('This name is already taken.');
    await submitName('Second Farm');
    await page.getByRole('dialog', { name: 'Organisation Created' }).waitFor();
    await submitName('Third Farm');
    await expectFailure('You have reached the maximum amount of organizations you can create.');

    // The dashboard's card lists both; the side menu switches between them and the personal profile.
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('link', { name: 'Green Acres' }).waitFor();
    await page.getByRole('link', { name: 'Second Farm' }).waitFor();
  }, 90_000);

  it('invites a driver by e-mail, who signs up from the link and accepts', async () => {
    await page.goto(`${orgUrl}/members`);
    await page.getByLabel('E-mail address').fill(driver.email);
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.getByRole('cell', { name: driver.email, exact: true }).waitFor();

    const outbox = join(server.dataDir, 'outbox');
    const mail = readdirSync(outbox)
      .map((file) => readFileSync(join(outbox, file), 'utf8'))
      .find((text) => text.includes(driver.email));
    const link = mail?.match(/http:\/\/\S+\/signup/)?.[0];
    expect(link).toBe(`${server.url}/signup`);

    await driverPage.goto(link as string);
    await signUp(driverPage, driver);
    const card = driverPage.getByRole('region', { name: 'Invitations' });
    await card.getByText('Green Acres').waitFor();
    await screenshot(driverPage, 'organisations-invitation');
    await card.getByRole('button', { name: 'Accept the invitation of Green Acres' }).click();
    await driverPage.getByText('You joined Green Acres.').waitFor();

    await page.reload();
    await page.getByRole('cell', { name: driver.name, exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: driver.email, exact: true }).count()).toBe(1);
  }, 60_000);

  it('buys credits for the organisation, activates its account and lends it to the driver', async () => {
    await page.goto(orgUrl);
    await page.getByRole('link', { name: 'Buy credits' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Buy credits' });
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      dialog.getByRole('button', { name: 'Purchase: Season pack' }).click(),
    ]);
    await tab.waitForLoadState();
    await tab.getByRole('button', { name: 'Pay €20.00' }).click();
    await tab.waitForURL(new RegExp(`${orgUrl}/checkout\\?checkoutSessionId=`));
    await tab.getByText('Payment received').waitFor();
    await tab.close();
    const orgId = orgUrl.split('/').at(-1) as string;
    const org = await (await page.request.get(`${server.url}/api/org/${orgId}`)).json();
    expect(org.tokenAmount).toBe(100);
    expect((await (await page.request.get(`${server.url}/api/user`)).json()).tokenAmount).toBe(0);

    const drawer = await createAndActivateAccount(page, server.url, {
      name: 'Loaner',
      days: 3,
      balance: 100,
      scope: `/org/${orgId}`,
    });
    const until = new Date(Date.now() + 2 * 86_400_000);
    await drawer.getByRole('combobox', { name: 'Member' }).click();
    await page.getByRole('option', { name: new RegExp(driver.name) }).click();
    await drawer.getByLabel('Until').fill(localInput(until));
    await drawer.getByRole('button', { name: 'Lend to a member' }).click();
    await drawer.getByText(new RegExp(`^Lent to ${driver.name} until`)).waitFor();
    await screenshot(page, 'organisations-lending');

    await driverPage.goto(`${server.url}/accounts`);
    await driverPage
      .getByText(/^Green Acres · until/)
      .first()
      .waitFor();
    await driverPage.getByRole('button', { name: 'Manage' }).first().click();
    const lent = driverPage.getByRole('dialog', { name: 'Loaner' });
    await lent.getByText(/Green Acres lent you this account until/).waitFor();
    await expect.poll(() => lent.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await screenshot(driverPage, 'organisations-lent-account');
    expect(await seriousAxeViolations(driverPage)).toEqual([]);

    // The refused creations answered 4xx on purpose; nothing else may have gone wrong.
    expect(problems.filter((problem) => !/status of 40[09]/.test(problem))).toEqual([]);
  }, 90_000);
});
