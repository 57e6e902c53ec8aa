import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchBrowser, type RunningServer, screenshot, startServer, watchConsole } from '../e2e/harness';
import {
  buyOrganisationCredits,
  createOrganisation,
  inviteBySignUp,
  lendAccount,
  person,
  signUp,
} from '../e2e/org-steps';
import { createAndActivateAccount } from '../e2e/page-helpers';
import { demoAutoRover, fileSize, keepsGrowing, until } from './processes';
import { createScratchDatabase } from './scratch-database';

const owner = person('fleet.fenna@example.com', 'Fleet Fenna');
const driver = person('drone.daan@example.com', 'Drone Daan');

/**
 * Issue 14's journey with a real rover: an owner creates an organisation in Chromium, invites a driver who signs up
 * from the e-mail and accepts, buys credits for the organisation on the local provider, creates and activates an
 * organisation NTRIP account and lends it to the driver until a time. A str2str rover connects with the driver's
 * credentials and receives corrections until the lending ends, then the caster cuts it within a second and refuses
 * it. The server runs on PostgreSQL so the test can bring the lending's end closer, as time passing would.
 */
describe('an organisation lends an account to a member, in Chromium and with RTKLIB', () => {
  const workDir = mkdtempSync(join(tmpdir(), 'fixpoint-org-'));
  const output = join(workDir, 'rover.rtcm3');
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let db: Awaited<ReturnType<typeof createScratchDatabase>>['client'];
  let server: RunningServer;
  let casterPort: number;
  let browser: Browser;
  let page: Page;
  let driverPage: Page;
  let problems: string[];
  let rover: ChildProcess | undefined;
  let orgUrl = '';
  let accountId = '';

  const isReceiving = () => keepsGrowing(output);
  beforeAll(async () => {
    scratch = await createScratchDatabase('fixpoint_org');
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
    driverPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  }, 120_000);
  afterAll(async () => {
    rover?.kill('SIGKILL');
    await browser?.close();
    await server?.stop();
    await scratch?.drop();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('creates the organisation, signs the invited driver up, buys credits and lends an account', async () => {
    await page.goto(`${server.url}/signup`);
    await signUp(page, owner);
    orgUrl = await createOrganisation(page, server.url, 'Polder Drones');
    await inviteBySignUp(page, driverPage, { orgUrl, dataDir: server.dataDir, who: driver, orgName: 'Polder Drones' });
    await buyOrganisationCredits(page, orgUrl);
    const orgId = orgUrl.split('/').at(-1) as string;
    const drawer = await createAndActivateAccount(page, server.url, {
      name: 'Drone 7',
      days: 2,
      balance: 100,
      scope: `/org/${orgId}`,
    });
    await lendAccount(page, drawer, driver, new Date(Date.now() + 3_600_000));
    accountId = (await db.query(`select id from ntrip_accounts where name = 'Drone 7'`)).rows[0]?.id;
    expect(accountId).toBeTruthy();
  }, 120_000);

  it("lets the driver's str2str rover receive corrections with the lent account", async () => {
    await driverPage.goto(`${server.url}/accounts`);
    await driverPage
      .getByText(/^Polder Drones · until/)
      .first()
      .waitFor();
    const credentials = await (
      await driverPage.request.get(`${server.url}/api/accounts/${accountId}/credentials`)
    ).json();
    rover = demoAutoRover(credentials, casterPort, output);
    await until(() => fileSize(output) > 500, 20_000, 'RTCM at the rover');
    expect(await isReceiving()).toBe(true);
  }, 40_000);

  it('cuts the rover within a second of the lending ending, and refuses it after', async () => {
    // Drive the clock: the hour has passed but for 3 seconds.
    const { rows } = await db.query(
      `update ntrip_accounts set lent_until = date_trunc('milliseconds', now() + interval '3 seconds')
       where id = $1 returning lent_until`,
      [accountId],
    );
    const lentUntil = new Date(rows[0]?.lent_until);
    await db.query(`update account_lendings set ends_at = $2 where account_id = $1 and ends_at > now()`, [
      accountId,
      lentUntil,
    ]);
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
    expect(new Date(ended.ended_at).getTime() - lentUntil.getTime()).toBeLessThan(1500);
    expect(ended.close_reason).toBe('window-ended');
    // str2str keeps retrying; the caster refuses each login now.
    expect(await isReceiving()).toBe(false);
    const refused = await until(
      async () =>
        (
          await db.query(
            `select reason from login_failures f join ntrip_accounts a on a.username = f.username
             where a.id = $1 and f.at > $2`,
            [accountId, lentUntil],
          )
        ).rows[0] as { reason: string } | undefined,
      30_000,
      'a refused login after the lending',
    );
    expect(refused.reason).toBe('no-access');

    // The driver no longer finds the account; the organisation sees the driver's hours in its usage.
    await driverPage.reload();
    await driverPage.getByText('No NTRIP accounts yet. Create one for each rover.').waitFor();
    const orgId = orgUrl.split('/').at(-1) as string;
    const usage = await (await page.request.get(`${server.url}/api/org/${orgId}/usage`)).json();
    const daan = usage.members.find((member: { email: string }) => member.email === driver.email);
    expect(daan.sessions).toBeGreaterThanOrEqual(1);
    expect(daan.bytes).toBeGreaterThan(500);
    await page.goto(`${orgUrl}/usage`);
    await page.getByRole('cell', { name: /Drone Daan/ }).waitFor();
    await screenshot(page, 'organisation-journey-usage');
    expect(problems).toEqual([]);
  }, 90_000);
});
