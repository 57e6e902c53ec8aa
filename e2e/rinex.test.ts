import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import {
  launchBrowser,
  printServerOutputOnFailure,
  type RunningServer,
  screenshot,
  startServer,
  watchConsole,
} from './harness';
import { callApi, logIn } from './page-helpers';

const admin = { email: 'admin@example.com', password: `pw-${crypto.randomUUID()}` };
const surveyor = { email: 'surveyor.sam@example.com', name: 'Surveyor Sam', password: `pw-${crypto.randomUUID()}` };

/**
 * Issue 17's journey on `npm start`'s defaults (embedded database, demo network recorded as it streams): a surveyor
 * with credits picks a demo station, takes the last 15 minutes, sees the price, pays, watches the job and downloads a
 * zip with a RINEX 3.04 observation file. The demo stations stream no ephemerides, so the zip holds no navigation
 * file and the job says so (decision 0071).
 */
describe('RINEX on demand in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let token: string;
  printServerOutputOnFailure(() => server);

  const balance = async () => ((await callApi(server.url, '/user', { token })).body.tokenAmount as number) ?? 0;

  beforeAll(async () => {
    // Segments every 2 s so the demo stations' last minutes are in the archive while the test runs.
    server = await startServer({
      ARCHIVE_FLUSH_SECONDS: '2',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 1000 }, acceptDownloads: true });
    problems = watchConsole(page);

    await callApi(server.url, '/auth/sign-up/email', {
      method: 'POST',
      body: { email: surveyor.email, name: surveyor.name, password: surveyor.password, termsAccepted: true },
    });
    token = (
      await callApi(server.url, '/auth/sign-in/email', {
        method: 'POST',
        body: { email: surveyor.email, password: surveyor.password },
      })
    ).token as string;
    const adminToken = (await callApi(server.url, '/auth/sign-in/email', { method: 'POST', body: admin }))
      .token as string;
    const userId = (await callApi(server.url, '/user', { token })).body.id as string;
    const grant = await fetch(`${server.url}/api/admin/tokens?userId=${userId}&tokenAmount=10`, {
      method: 'PUT',
      headers: { origin: server.url, authorization: `Bearer ${adminToken}` },
    });
    expect(grant.status).toBe(200);
    // The demo stations start with the server; wait until a few segments of theirs are stored.
    const recordedMs = async () => {
      const { stations } = (await callApi(server.url, '/rinex/stations', { token })).body as unknown as {
        stations: { mountpoint: string; firstDataAt: string | null; lastDataAt: string | null }[];
      };
      const ams = stations.find((s) => s.mountpoint === 'DEMO_AMS');
      return ams?.firstDataAt && ams.lastDataAt ? Date.parse(ams.lastDataAt) - Date.parse(ams.firstDataAt) : 0;
    };
    const deadline = Date.now() + 30_000;
    while ((await recordedMs()) < 8_000) {
      if (Date.now() > deadline) throw new Error('the demo station was not recorded within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('buys the last 15 minutes of a demo station and downloads a valid RINEX zip', async () => {
    await logIn(page, server.url, surveyor.email, surveyor.password);
    await page.getByRole('navigation').getByRole('link', { name: 'RINEX' }).first().click();
    await page.getByRole('heading', { name: 'RINEX on demand' }).waitFor();

    await page.getByPlaceholder('Search by mountpoint, network or country').click();
    await page.getByRole('option', { name: /DEMO_AMS/ }).click();
    await page.getByRole('heading', { name: 'Recorded data of DEMO_AMS' }).waitFor();
    await page.getByRole('button', { name: 'Last 15 minutes' }).click();
    // Only what was recorded is charged: a few seconds to minutes of 15, at 2 credits an hour, is 1 credit.
    await page.getByText(/of 15 minutes recorded: you pay for what is recorded\./).waitFor();
    await page.getByText('1 credit', { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'rinex-price');

    await page.getByRole('button', { name: 'Create RINEX' }).click();
    const job = page.getByRole('region', { name: 'RINEX file' });
    const download = job.getByRole('link', { name: 'Download', exact: true });
    await download.waitFor({ timeout: 30_000 });
    expect(await balance()).toBe(9);
    await screenshot(page, 'rinex-ready');

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^DEMO00NLD_S_\d{11}_15M_01S\.zip$/);
    const entries = unzipSync(new Uint8Array(readFileSync(await file.path())));
    const names = Object.keys(entries).sort();
    expect(names).toEqual([expect.stringMatching(/_15M_01S_MO\.rnx$/)]);
    const observation = new TextDecoder().decode(entries[names[0] as string]);
    const lines = observation.split('\n');
    expect(lines[0]).toBe('     3.04           OBSERVATION DATA    M: Mixed            RINEX VERSION / TYPE');
    expect(observation).toContain(`${'DEMO_AMS'.padEnd(60)}MARKER NAME`);
    // The simulator streams GPS, GLONASS, Galileo and BeiDou MSM4 with a 1006 every 10 s.
    for (const system of ['G', 'R', 'E', 'C']) expect(observation).toMatch(new RegExp(`^${system} +\\d+ C`, 'm'));
    expect(observation.match(/^> \d{4} /gm)?.length ?? 0).toBeGreaterThan(5);
    expect(lines.find((line) => line.includes('APPROX POSITION XYZ'))).not.toContain('        0.0000        0.0000');
    await job.getByText('No navigation file: the stream carried no ephemerides.', { exact: false }).waitFor();

    // The history lists it with its download, and someone else cannot fetch it.
    await page.getByRole('heading', { name: 'Your RINEX files' }).waitFor();
    const { jobs } = (await callApi(server.url, '/rinex', { token })).body as unknown as { jobs: { id: string }[] };
    const stranger = await fetch(`${server.url}/api/rinex/${jobs[0]?.id}/download`);
    expect(stranger.status).toBe(401);
    expect(problems).toEqual([]);
  });
});
