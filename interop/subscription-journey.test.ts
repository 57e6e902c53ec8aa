import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchBrowser, type RunningServer, screenshot, startServer, watchConsole } from '../e2e/harness';
import { waitForApp } from '../e2e/page-helpers';
import { demoAutoRover, fileSize, keepsGrowing, until } from './processes';
import { createScratchDatabase } from './scratch-database';

const buyer = {
  email: 'fleet.fenna@example.com',
  name: 'Fleet Fenna',
  password: `pw-${randomBytes(8).toString('hex')}`,
};

/**
 * Issue 13's journey: buy a subscription with the local provider in Chromium, put an NTRIP account in its seat, and
 * a real str2str rover receives corrections with it; cancel (access stays until the period end), resume, cancel
 * again, then drive the clock past the period end: the caster cuts the rover within a second and the page says
 * cancelled. The server runs on PostgreSQL so the test can move the subscription's period as time passing would.
 */
describe('a subscription from purchase to its end, in Chromium and with RTKLIB', () => {
  const workDir = mkdtempSync(join(tmpdir(), 'fixpoint-subscription-'));
  const output = join(workDir, 'rover.rtcm3');
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let db: Awaited<ReturnType<typeof createScratchDatabase>>['client'];
  let server: RunningServer;
  let casterPort: number;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let rover: ChildProcess | undefined;
  let subscriptionId = '';
  let accountId = '';

  const card = () => page.getByRole('article', { name: 'RTK Monthly' });
  const isReceiving = () => keepsGrowing(output);
  /** The pending dialog (spec 4) tells how a change went; its Close returns to the page. */
  async function closeOutcome(title: string) {
    const outcome = page.getByRole('dialog', { name: title });
    await outcome.getByRole('button', { name: 'Close', exact: true }).last().click();
    await outcome.waitFor({ state: 'detached' });
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase('fixpoint_subscription');
    db = scratch.client;
    casterPort = await freePort();
    server = await startServer({
      DATABASE_URL: scratch.url,
      SECRET_KEY: randomBytes(32).toString('hex'),
      DEMO: 'true',
      CASTER_PORT: String(casterPort),
      CASTER_PUBLIC_HOST: '127.0.0.1',
    });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    problems = watchConsole(page);
  }, 120_000);
  afterAll(async () => {
    rover?.kill('SIGKILL');
    await browser?.close();
    await server?.stop();
    await scratch?.drop();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('buys a subscription with the local provider and seats an NTRIP account in it', async () => {
    await page.goto(`${server.url}/signup`);
    const signUp = page.getByRole('dialog');
    await signUp.getByLabel('E-mail').fill(buyer.email);
    await signUp.getByLabel('Username').fill(buyer.name);
    await signUp.locator('input[autocomplete="new-password"]').nth(0).fill(buyer.password);
    await signUp.locator('input[autocomplete="new-password"]').nth(1).fill(buyer.password);
    await signUp.getByRole('checkbox').check();
    await signUp.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: `Welcome, ${buyer.name}` }).waitFor();

    await page.goto(`${server.url}/subscriptions`);
    await page.getByRole('link', { name: 'Buy a subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fixpoint Demo Network' });
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      dialog.getByRole('button', { name: 'Subscribe: RTK Monthly' }).click(),
    ]);
    await tab.waitForLoadState();
    await tab.getByRole('button', { name: 'Pay €29.00 per month' }).click();
    await tab.getByText(/Your subscription RTK Monthly is active until/).waitFor();
    await tab.close();

    // A new NTRIP account takes the seat from its drawer. The page comes rendered from the server (decision 0058):
    // its buttons work once the scripts have taken it over.
    await page.goto(`${server.url}/accounts`);
    await waitForApp(page);
    await page.getByRole('button', { name: 'Create account' }).first().click();
    const create = page.getByRole('dialog', { name: 'Create account' });
    await create.getByLabel('Name').fill('Tractor 1');
    await create.getByRole('button', { name: 'Create account' }).click();
    const drawer = page.getByRole('dialog', { name: 'Tractor 1' });
    const seat = drawer.getByTestId('account-seat').filter({ hasText: 'RTK Monthly' });
    await seat.getByRole('button', { name: 'Use a seat' }).click();
    await seat.getByRole('button', { name: 'Leave seat' }).waitFor();
    await drawer.getByText(/^until .*days left\)$/).waitFor();
    accountId = (await db.query(`select id from ntrip_accounts where name = 'Tractor 1'`)).rows[0]?.id;
    await screenshot(page, 'subscription-journey-seat');
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/subscriptions`);
    await card().getByText('1 of 1 seat filled').waitFor();
    const { rows } = await db.query('select id from subscriptions');
    subscriptionId = rows[0]?.id;
    expect(subscriptionId).toBeTruthy();
  }, 60_000);

  it('lets a str2str rover receive corrections through the seat', async () => {
    const credentials = await (await page.request.get(`${server.url}/api/accounts/${accountId}/credentials`)).json();
    rover = demoAutoRover(credentials, casterPort, output);
    await until(() => fileSize(output) > 500, 20_000, 'RTCM at the rover');
  }, 30_000);

  it('keeps access after cancelling at period end, and after resuming', async () => {
    await card().getByRole('button', { name: 'Cancel at period end' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel at the end of the period?' });
    await confirm.getByRole('button', { name: 'Cancel at period end' }).click();
    await closeOutcome('Subscription cancelled');
    await card().getByTestId('subscription-status').getByText('Ends at period end').waitFor();
    expect(await isReceiving()).toBe(true);

    await card().getByRole('button', { name: 'Resume' }).click();
    await closeOutcome('Subscription resumed');
    await card().getByTestId('subscription-status').getByText('Active').waitFor();
    expect(await isReceiving()).toBe(true);
    await screenshot(page, 'subscription-journey-resumed');
  }, 30_000);

  it('cuts the rover within a second of the period end once cancelled, and shows the subscription cancelled', async () => {
    await card().getByRole('button', { name: 'Cancel at period end' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel at the end of the period?' })
      .getByRole('button', { name: 'Cancel at period end' })
      .click();
    await closeOutcome('Subscription cancelled');
    await card().getByTestId('subscription-status').getByText('Ends at period end').waitFor();

    // Drive the clock: the month has passed but for 3 seconds. The period and its seat's window move as time would.
    const { rows } = await db.query(
      `with moved as (
         update subscriptions set current_period_start = now() - interval '1 month',
           current_period_end = date_trunc('milliseconds', now() + interval '3 seconds')
         where id = $1 returning current_period_end)
       update access_windows set ends_at = (select current_period_end from moved)
       where source = 'subscription' and source_ref = $1::text and ends_at > now()
       returning ends_at`,
      [subscriptionId],
    );
    const periodEnd = new Date(rows[0]?.ends_at);
    expect(await isReceiving()).toBe(true);

    const ended = await until(
      async () => {
        const result = await db.query(
          `select ended_at, close_reason from caster_sessions where account_id = $1 and ended_at is not null
           order by ended_at desc limit 1`,
          [accountId],
        );
        return result.rows[0] as { ended_at: Date; close_reason: string } | undefined;
      },
      15_000,
      'the rover session to end',
    );
    expect(new Date(ended.ended_at).getTime() - periodEnd.getTime()).toBeLessThan(1500);
    expect(await isReceiving()).toBe(false);

    await page.reload();
    await card().getByTestId('subscription-status').getByText('Cancelled').waitFor();
    await card()
      .getByText(/^Ended on /)
      .waitFor();
    await screenshot(page, 'subscription-journey-cancelled');
    expect(problems).toEqual([]);
  }, 60_000);
});
