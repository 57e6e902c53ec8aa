import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { buildGga } from '@fixpoint/rtcm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchBrowser, type RunningServer, screenshot, startServer, watchConsole } from './harness';
import { callApi, logIn } from './page-helpers';

const adminEmail = 'maps-admin@example.com';
const adminPassword = randomBytes(12).toString('base64url');
const userPassword = randomBytes(12).toString('base64url');

/**
 * The signed-in maps: a user activates an NTRIP account on the demo network, a rover connects to the real caster and
 * reports its position by GGA; /map shows the network's coverage and the rover, /admin/map every station and the
 * connected rover, and another user's map shows neither.
 */
describe('maps in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let rover: Socket | undefined;
  let casterPort: number;

  const api = (path: string, init?: Parameters<typeof callApi>[2]) => callApi(server.url, path, init);

  async function signUp(name: string, email: string) {
    const res = await api('/auth/sign-up/email', {
      method: 'POST',
      body: { name, email, password: userPassword, termsAccepted: true },
    });
    return { token: res.token as string, id: (res.body as unknown as { user: { id: string } }).user.id };
  }

  beforeAll(async () => {
    casterPort = await freePort();
    server = await startServer({
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      CASTER_PORT: String(casterPort),
      CASTER_SESSION_FLUSH_SECONDS: '1',
      AUTH_RATE_LIMIT: '100',
    });
    browser = await launchBrowser();

    const farmer = await signUp('Farmer Map', 'farmer-map@example.com');
    await signUp('Other Map', 'other-map@example.com');
    const admin = await api('/auth/sign-in/email', {
      method: 'POST',
      body: { email: adminEmail, password: adminPassword },
    });
    await api(`/admin/tokens?userId=${farmer.id}&tokenAmount=5`, { method: 'PUT', token: admin.token as string });
    const account = await api('/accounts', { method: 'POST', token: farmer.token, body: { name: 'Tractor 7' } });
    const accountId = account.body.id as string;
    const networks = await api('/networks');
    const demo = (networks.body as unknown as { id: string; code: string }[]).find((n) => n.code === 'DEMO');
    await api(`/tokens?accountId=${accountId}&feedNetworkId=${demo?.id}&days=1`, {
      method: 'POST',
      token: farmer.token,
    });
    const credentials = await api(`/accounts/${accountId}/credentials`, { token: farmer.token });
    const auth = Buffer.from(`${credentials.body.username}:${credentials.body.password}`).toString('base64');

    // A rover near Utrecht: NTRIP 1 request, then its GGA.
    rover = connect(casterPort, '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      rover?.once('connect', resolve);
      rover?.once('error', reject);
    });
    let answer = '';
    rover.on('data', (chunk: Buffer) => {
      if (answer.length < 100) answer += chunk.toString('latin1');
    });
    rover.write(`GET /DEMO_UTR HTTP/1.0\r\nUser-Agent: NTRIP MapTest/1.0\r\nAuthorization: Basic ${auth}\r\n\r\n`);
    const deadline = Date.now() + 15_000;
    while (!answer.startsWith('ICY 200 OK')) {
      if (Date.now() > deadline) throw new Error(`caster answered: ${answer}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    rover.write(`${buildGga({ latitude: 52.05, longitude: 5.2, altitude: 5, geoidSeparation: 43 })}\r\n`);
  });
  afterAll(async () => {
    rover?.destroy();
    await browser?.close();
    await server?.stop();
  });

  it("shows a user their network's coverage and their rover's reported position", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchConsole(page);
    await logIn(page, server.url, 'farmer-map@example.com', userPassword);
    await page.goto(`${server.url}/map`);
    await page.getByRole('heading', { level: 1, name: 'Map' }).waitFor();
    const rovers = page.getByRole('region', { name: 'Rovers' });
    // The caster writes the GGA position with its next session flush (1 s here); the page polls.
    await expect.poll(() => rovers.textContent(), { timeout: 30_000, interval: 1000 }).toContain('52.05000, 5.20000');
    expect(await rovers.textContent()).toContain('Tractor 7');
    expect(await rovers.textContent()).toContain('Connected');
    const map = page.getByTestId('coverage-map');
    await expect.poll(() => map.getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
    expect(await page.getByText('None of your accounts can use a network now').count()).toBe(0);
    await screenshot(page, 'map-user');
    expect(problems).toEqual([]);
    await page.close();
  });

  it("never shows another user's rover, and tells them how to get coverage", async () => {
    const page = await browser.newPage({ viewport: { width: 768, height: 1024 } });
    const problems = watchConsole(page);
    await logIn(page, server.url, 'other-map@example.com', userPassword);
    await page.goto(`${server.url}/map`);
    await page.getByText('None of your accounts can use a network now').waitFor();
    expect(await page.getByRole('region', { name: 'Rovers' }).textContent()).not.toContain('Tractor 7');
    await screenshot(page, 'map-user-768');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the admin every station up and the connected rover, from any other admin path', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchConsole(page);
    await logIn(page, server.url, adminEmail, adminPassword);
    await page.goto(`${server.url}/admin/no-such-page`);
    await page.getByRole('heading', { level: 1, name: 'Network map' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/map');
    await expect.poll(() => page.getByRole('group', { name: 'Stations up' }).textContent()).toContain('4');
    await expect
      .poll(() => page.getByRole('group', { name: 'Rovers connected' }).textContent(), { timeout: 20_000 })
      .toContain('1');
    expect(await page.getByRole('region', { name: 'Rovers' }).textContent()).toContain('Tractor 7');
    await expect
      .poll(() => page.getByTestId('coverage-map').getAttribute('data-ready'), { timeout: 30_000 })
      .toBe('true');
    await screenshot(page, 'map-admin');
    expect(problems).toEqual([]);
    await page.close();
  });
});
