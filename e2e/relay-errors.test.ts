import { randomBytes } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { encode1005 } from '@fixpoint/rtcm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchBrowser, type RunningServer, screenshot, startServer, watchConsole } from './harness';
import { callApi, logIn } from './page-helpers';

const adminEmail = 'relay-admin@example.com';
const adminPassword = randomBytes(12).toString('base64url');
const userPassword = randomBytes(12).toString('base64url');
const upstreamUser = `relay-${randomBytes(3).toString('hex')}`;
const upstreamPassword = randomBytes(12).toString('base64url');
/** The password the upstream accepts; the networks start with the wrong one above until the admin fixes one. */
const rightPassword = randomBytes(12).toString('base64url');
const rightAuthorization = `Authorization: Basic ${Buffer.from(`${upstreamUser}:${rightPassword}`).toString('base64')}`;
/** What the upstream streams once logged in to: a station ARP message, five times a second. */
const upstreamFrame = encode1005({ stationId: 42, ecef: { x: 3_899_000, y: 396_000, z: 5_015_000 } });

/**
 * An upstream's failure, end to end: a relay network whose upstream caster (a TCP server here) answers
 * `401 Unauthorized`, and one whose upstream port is closed. A rover with an activated account connects to each
 * relayed station over a real socket; the in-process caster dials the upstream, which fails; the admin's feed page
 * of the network shows the failure and its time, and /admin/feed counts it in the network's row.
 */
describe('relay upstream errors on the admin feed in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let upstream: Server;
  let upstreamPort: number;
  const upstreamHeads: string[] = [];
  const rovers: Socket[] = [];
  let adminToken: string;
  let casterPort: number;
  let roverAuth: string;
  const networkIds: Record<string, string> = {};

  const api = (path: string, init?: Parameters<typeof callApi>[2]) => callApi(server.url, path, init);

  /** A relay network (published, public) with one station relaying `UP_<code>` from 127.0.0.1:`port`. */
  async function relayNetwork(templateId: string, code: string, port: number) {
    const network = await api('/admin/networks', {
      method: 'POST',
      token: adminToken,
      body: {
        templateId,
        code,
        name: `Relay ${code}`,
        isPublished: true,
        visibility: 'public',
        upstreamHost: '127.0.0.1',
        upstreamPort: port,
        upstreamVersion: 2,
        upstreamUsername: upstreamUser,
        upstreamPassword,
      },
    });
    const networkId = network.body.id as string;
    await api(`/admin/networks/${networkId}/stations`, {
      method: 'POST',
      token: adminToken,
      body: { mountpoint: `${code}_A`, upstreamMountpoint: `UP_${code}`, latitude: 52.1, longitude: 5.1 },
    });
    networkIds[code] = networkId;
    return networkId;
  }

  /**
   * A rover on the caster's port, logged in to `mountpoint` (NTRIP 1, the caster answers ICY 200). The caster
   * reloads its catalog every 2 s, so a mount created just now may still be unknown: then it tries again.
   */
  async function roverOn(mountpoint: string) {
    const deadline = Date.now() + 15_000;
    let answer = '';
    for (;;) {
      const rover = connect(casterPort, '127.0.0.1');
      rovers.push(rover);
      await new Promise<void>((resolve, reject) => {
        rover.once('connect', resolve);
        rover.once('error', reject);
      });
      answer = '';
      let closed = false;
      rover.on('data', (chunk: Buffer) => {
        if (answer.length < 100) answer += chunk.toString('latin1');
      });
      rover.on('close', () => (closed = true));
      rover.write(
        `GET /${mountpoint} HTTP/1.0\r\nUser-Agent: NTRIP RelayTest/1.0\r\nAuthorization: Basic ${roverAuth}\r\n\r\n`,
      );
      while (!answer.startsWith('ICY 200 OK') && !closed && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      if (answer.startsWith('ICY 200 OK')) return rover;
      rover.destroy();
      if (Date.now() > deadline) throw new Error(`caster answered: ${answer}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  /** The station's error as the admin API has it, once the caster has written one. */
  async function stationError(networkId: string) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const feed = await api(`/admin/feed/${networkId}`, { token: adminToken });
      const [station] = (
        feed.body as unknown as { stations: { lastError: string | null; lastErrorAt: string | null }[] }
      ).stations;
      if (station?.lastError && station.lastErrorAt) return { message: station.lastError, at: station.lastErrorAt };
      if (Date.now() > deadline) throw new Error('no upstream error was recorded');
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  beforeAll(async () => {
    // The upstream caster: reads the request head and refuses a wrong login, as a caster does, or streams RTCM.
    upstream = createServer((socket) => {
      socket.on('error', () => {});
      let head = '';
      socket.on('data', (chunk: Buffer) => {
        if (head.includes('\r\n\r\n')) return;
        head += chunk.toString('latin1');
        if (!head.includes('\r\n\r\n')) return;
        upstreamHeads.push(head);
        if (head.includes(rightAuthorization)) {
          socket.write('HTTP/1.1 200 OK\r\nContent-Type: gnss/data\r\nCache-Control: no-store\r\n\r\n');
          const timer = setInterval(() => socket.write(upstreamFrame), 200);
          socket.on('close', () => clearInterval(timer));
          return;
        }
        socket.end(
          'HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Basic realm="upstream"\r\nContent-Length: 0\r\n\r\n',
        );
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const address = upstream.address();
    upstreamPort = typeof address === 'object' && address ? address.port : 0;
    // Nothing listens here: connection refused.
    const closedPort = await freePort();

    casterPort = await freePort();
    server = await startServer({
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      CASTER_PORT: String(casterPort),
      AUTH_RATE_LIMIT: '100',
      // One dial per minute after the first: the error and its time stay put while the page is checked.
      CASTER_RELAY_BACKOFF_MIN_SECONDS: '60',
      CASTER_RELAY_BACKOFF_MAX_SECONDS: '60',
    });
    browser = await launchBrowser();

    const admin = await api('/auth/sign-in/email', {
      method: 'POST',
      body: { email: adminEmail, password: adminPassword },
    });
    adminToken = admin.token as string;
    const template = await api('/admin/network-templates', {
      method: 'POST',
      token: adminToken,
      body: { name: 'Upstream caster', kind: 'relay', ntripVersion: 2, authentication: 'basic', dailyPrice: 1 },
    });
    const templateId = template.body.id as string;
    const refused = await relayNetwork(templateId, 'UPAUTH', upstreamPort);
    const closed = await relayNetwork(templateId, 'UPDOWN', closedPort);

    const signUp = await api('/auth/sign-up/email', {
      method: 'POST',
      body: { name: 'Relay Rover', email: 'relay-rover@example.com', password: userPassword, termsAccepted: true },
    });
    const user = { token: signUp.token as string, id: (signUp.body as unknown as { user: { id: string } }).user.id };
    await api(`/admin/tokens?userId=${user.id}&tokenAmount=5`, { method: 'PUT', token: adminToken });
    const account = await api('/accounts', { method: 'POST', token: user.token, body: { name: 'Relay Tractor' } });
    const accountId = account.body.id as string;
    for (const networkId of [refused, closed]) {
      await api(`/tokens?accountId=${accountId}&feedNetworkId=${networkId}&days=1`, {
        method: 'POST',
        token: user.token,
      });
    }
    const credentials = await api(`/accounts/${accountId}/credentials`, { token: user.token });
    roverAuth = Buffer.from(`${credentials.body.username}:${credentials.body.password}`).toString('base64');
  });

  afterAll(async () => {
    for (const rover of rovers) rover.destroy();
    await browser?.close();
    await server?.stop();
    await new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve()));
  });

  it("shows the upstream's 401 with its time on the network's feed page and counts it on /admin/feed", async () => {
    await roverOn('UPAUTH_A');
    const error = await stationError(networkIds.UPAUTH as string);
    expect(error.message).toBe('401 Unauthorized');
    // The relay asked for the upstream mount with the network's upstream credentials.
    expect(upstreamHeads[0]).toMatch(/^GET \/UP_UPAUTH HTTP\/1\.1\r\n/);
    expect(upstreamHeads[0]).toContain(
      `Authorization: Basic ${Buffer.from(`${upstreamUser}:${upstreamPassword}`).toString('base64')}`,
    );

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchConsole(page);
    await logIn(page, server.url, adminEmail, adminPassword);
    await page.goto(`${server.url}/admin/feed/${networkIds.UPAUTH}`);
    const alert = page.getByTestId('upstream-error');
    await alert.waitFor();
    const text = (await alert.textContent({ timeout: 5_000 })) ?? '';
    expect(text).toContain('Upstream error');
    expect(text).toContain('401 Unauthorized');
    // The time as the page writes it (en, this machine's time zone), whitespace kinds aside.
    const when = new Date(error.at).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'medium' });
    const spaces = (value: string) => value.replace(/\s+/gu, ' ');
    expect(spaces(text)).toContain(spaces(when));
    // The upstream never let it connect: not "disconnected since" the error.
    expect(await page.getByText('Never connected').count()).toBe(1);
    await screenshot(page, 'feed-upstream-401');

    await page.goto(`${server.url}/admin/feed`);
    // Each network is a card named after it (the page's default grid view).
    const card = page.getByRole('article', { name: 'Relay UPAUTH' });
    await expect.poll(() => card.textContent({ timeout: 5_000 }), { timeout: 10_000 }).toContain('1 upstream error');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows a closed upstream port as connection refused', async () => {
    await roverOn('UPDOWN_A');
    const error = await stationError(networkIds.UPDOWN as string);
    expect(error.message).toBe('connection refused');

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchConsole(page);
    await logIn(page, server.url, adminEmail, adminPassword);
    await page.goto(`${server.url}/admin/feed/${networkIds.UPDOWN}`);
    const alert = page.getByTestId('upstream-error');
    await expect.poll(() => alert.textContent({ timeout: 5_000 }), { timeout: 10_000 }).toContain('connection refused');
    const when = new Date(error.at).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'medium' });
    expect(((await alert.textContent({ timeout: 5_000 })) ?? '').replace(/\s+/gu, ' ')).toContain(
      when.replace(/\s+/gu, ' '),
    );

    await page.goto(`${server.url}/admin/feed`);
    // Both networks now have a station whose upstream failed and that is not connected.
    for (const name of ['Relay UPDOWN', 'Relay UPAUTH']) {
      await expect
        .poll(() => page.getByRole('article', { name }).textContent({ timeout: 5_000 }), { timeout: 10_000 })
        .toContain('1 upstream error');
    }
    await screenshot(page, 'feed-upstream-errors');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('reconnects the running link when the admin fixes the upstream password, with the rover kept', async () => {
    // A rover already waits on the refused upstream (the first test's); its socket must start receiving RTCM.
    const rover = await roverOn('UPAUTH_A');
    let received = Buffer.alloc(0);
    rover.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
    });

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchConsole(page);
    await logIn(page, server.url, adminEmail, adminPassword);
    await page.goto(`${server.url}/admin/networks/${networkIds.UPAUTH}`);
    const settings = page.getByRole('region', { name: 'Settings' });
    await settings.getByLabel('Upstream password').fill(rightPassword);
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.getByText('Saved.').waitFor();

    // Within seconds (the catalog cache, then the relay's settings check), without the 60 s back-off or a new rover.
    await expect
      .poll(() => received.includes(Buffer.from(upstreamFrame)), { timeout: 15_000, interval: 250 })
      .toBe(true);
    expect(rover.destroyed).toBe(false);
    expect(upstreamHeads.at(-1)).toContain(rightAuthorization);

    await page.goto(`${server.url}/admin/feed/${networkIds.UPAUTH}`);
    await expect
      .poll(() => page.getByTestId('station-UPAUTH_A').getByTestId('station-status').textContent(), {
        timeout: 15_000,
        interval: 500,
      })
      .toMatch(/^Connected since/);
    await page.goto(`${server.url}/admin/feed`);
    await expect
      .poll(() => page.getByRole('article', { name: 'Relay UPAUTH' }).textContent({ timeout: 5_000 }), {
        timeout: 10_000,
      })
      .toContain('All online');
    await screenshot(page, 'feed-upstream-fixed');
    expect(problems).toEqual([]);
    await page.close();
  });
});
