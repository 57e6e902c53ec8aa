import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { simulatedEpochBytes } from '@fixpoint/caster';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchBrowser, type RunningServer, screenshot, startServer, watchConsole } from './harness';
import { callApi, logIn, waitForApp } from './page-helpers';

const adminEmail = 'alerts-admin@example.com';
const adminPassword = randomBytes(12).toString('base64url');
const userEmail = 'alerts-farmer@example.com';
const userPassword = randomBytes(12).toString('base64url');
const mountpoint = 'DEMO_ALRT';

/** One SOURCE login on a real socket: the socket once the caster said ICY 200 OK, else its answer. */
async function sourceLogin(port: number, password: string): Promise<Socket | string> {
  const socket: Socket = connect({ host: '127.0.0.1', port });
  let answer = '';
  socket.on('data', (chunk: Buffer) => {
    if (answer.length < 100) answer += chunk.toString('latin1');
  });
  socket.on('error', () => {});
  socket.write(`SOURCE ${password} /${mountpoint}\r\nSource-Agent: NTRIP alerts-e2e\r\n\r\n`);
  const deadline = Date.now() + 5_000;
  while (!answer.includes('\r\n') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (answer.startsWith('ICY 200 OK')) return socket;
  socket.destroy();
  return answer;
}

/**
 * A base on a real socket sending an epoch of RTCM every 200 ms until stopped. It logs in again until the caster
 * knows the new station (its catalog is read again every few seconds).
 */
async function connectBase(port: number, password: string) {
  const deadline = Date.now() + 30_000;
  let login = await sourceLogin(port, password);
  while (typeof login === 'string') {
    if (Date.now() > deadline) throw new Error(`caster answered the base: ${login}`);
    await new Promise((r) => setTimeout(r, 500));
    login = await sourceLogin(port, password);
  }
  const socket = login;
  const timer = setInterval(() => {
    socket.write(
      simulatedEpochBytes({ stationId: 9, position: { latitude: 52.1, longitude: 5.1, height: 40 } }, Date.now()),
    );
  }, 200);
  return () => {
    clearInterval(timer);
    socket.destroy();
  };
}

/**
 * Issue 31 in the browser: a person with access to the demo network, whose extra base stops sending. The dashboard's
 * service card says Operational while every station is up, then names the down station; the bell shows one unread
 * notification naming it, which the person marks read.
 */
describe('alerts in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let stopBase: (() => void) | undefined;
  let userToken: string;

  const api = (path: string, init?: Parameters<typeof callApi>[2]) => callApi(server.url, path, init);

  beforeAll(async () => {
    const casterPort = await freePort();
    server = await startServer({
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      CASTER_PORT: String(casterPort),
      CASTER_SOURCE_TIMEOUT_SECONDS: '2',
      // A station's first state may change again after a second (the default holds it two minutes).
      CASTER_ALERT_HOLD_SECONDS: '1',
      CASTER_SESSION_FLUSH_SECONDS: '1',
      AUTH_RATE_LIMIT: '100',
    });
    browser = await launchBrowser();

    const signUp = await api('/auth/sign-up/email', {
      method: 'POST',
      body: { name: 'Farmer Alert', email: userEmail, password: userPassword, termsAccepted: true },
    });
    userToken = signUp.token as string;
    const userId = (signUp.body as unknown as { user: { id: string } }).user.id;
    const admin = await api('/auth/sign-in/email', {
      method: 'POST',
      body: { email: adminEmail, password: adminPassword },
    });
    const adminToken = admin.token as string;
    await api(`/admin/tokens?userId=${userId}&tokenAmount=5`, { method: 'PUT', token: adminToken });
    const networks = (await api('/networks')).body as unknown as { id: string; code: string }[];
    const demo = networks.find((network) => network.code === 'DEMO');
    const account = await api('/accounts', { method: 'POST', token: userToken, body: { name: 'Tractor 9' } });
    await api(`/tokens?accountId=${account.body.id}&feedNetworkId=${demo?.id}&days=1`, {
      method: 'POST',
      token: userToken,
    });
    // One more base on the demo network, fed by this test.
    const created = await api(`/admin/networks/${demo?.id}/stations`, {
      method: 'POST',
      token: adminToken,
      body: { mountpoint, latitude: 52.1, longitude: 5.1, countryCode: 'NLD' },
    });
    stopBase = await connectBase(casterPort, created.body.sourcePassword as string);
  });

  afterAll(async () => {
    stopBase?.();
    await browser?.close();
    await server?.stop();
  });

  const serviceStatus = async () =>
    (await api('/service-status', { token: userToken })).body as unknown as {
      state: string;
      stations: { name: string; state: string }[];
    };

  it('names the down station on the dashboard and in the bell, and marks it read', async () => {
    await expect
      .poll(async () => (await serviceStatus()).stations.find((station) => station.name === mountpoint)?.state, {
        timeout: 30_000,
        interval: 500,
      })
      .toBe('up');
    await expect
      .poll(async () => (await serviceStatus()).state, { timeout: 30_000, interval: 500 })
      .toBe('operational');

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchConsole(page);
    await logIn(page, server.url, userEmail, userPassword);
    await page.goto(`${server.url}/dashboard`);
    await waitForApp(page);
    const card = page.getByRole('group', { name: 'Service' });
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain('Operational');
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    // The base stops: the caster declares it down after its source timeout, and the alert is recorded and told.
    stopBase?.();
    stopBase = undefined;
    await expect
      .poll(async () => (await serviceStatus()).stations.find((station) => station.name === mountpoint)?.state, {
        timeout: 60_000,
        interval: 500,
      })
      .toBe('down');
    await expect
      .poll(
        async () => ((await api('/notifications', { token: userToken })).body as unknown as { unread: number }).unread,
        {
          timeout: 60_000,
          interval: 500,
        },
      )
      .toBe(1);

    await page.reload();
    await waitForApp(page);
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain(`${mountpoint} down`);
    expect(await card.textContent()).not.toContain('Operational');
    expect(await card.getAttribute('data-color')).toBe('error');
    expect(await card.getByRole('listitem').first().textContent()).toMatch(
      new RegExp(`^${mountpoint} \\(Fixpoint Demo Network\\) since `),
    );
    await screenshot(page, 'alerts-dashboard-1280');

    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.click();
    const latest = page.getByRole('list', { name: 'Latest notifications' });
    const item = latest.getByRole('listitem').first();
    await expect.poll(() => item.getAttribute('aria-label')).toMatch(new RegExp(`^Unread: .*${mountpoint}`));
    expect(await item.getByRole('link').getAttribute('href')).toBe('/status');
    await screenshot(page, 'alerts-bell-1280');

    await page.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await expect.poll(() => item.getAttribute('aria-label')).not.toMatch(/^Unread/);
    expect(((await api('/notifications', { token: userToken })).body as unknown as { unread: number }).unread).toBe(0);

    // At 768 px the bell and the card still say it; the notifications and settings pages for the record.
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.keyboard.press('Escape');
    await screenshot(page, 'alerts-dashboard-768');
    await page.goto(`${server.url}/notifications`);
    await page.getByRole('list', { name: 'Notifications' }).waitFor();
    await screenshot(page, 'alerts-notifications-768');
    await page.goto(`${server.url}/settings/notifications`);
    await page.getByRole('table', { name: 'Notification settings' }).waitFor();
    await screenshot(page, 'alerts-settings-768');
    expect(problems).toEqual([]);
  }, 150_000);
});
