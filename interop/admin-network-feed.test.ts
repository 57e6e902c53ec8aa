import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ecefToGeodetic, greatCircleDistance, RtcmFramer } from '@fixpoint/rtcm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchBrowser, type RunningServer, screenshot, startServer, watchConsole } from '../e2e/harness';
import { rtcmTestdata } from './shared-dir';

const admin = { email: 'ops@example.com', password: randomBytes(12).toString('hex') };

/** What the feeder sends each second: a real base's ARP (1005) and MSM7 observations of four systems. */
const sentTypes = [1005, 1077, 1087, 1097, 1127, 1230];
const glonassCapture = join(rtcmTestdata, 'testglo.rtcm3');

/** The first 1005 (station ARP) frame of RTKLIB's testglo.rtcm3 capture. */
function captured1005(): Uint8Array {
  const found = new RtcmFramer().push(readFileSync(glonassCapture)).find((frame) => frame.messageType === 1005);
  if (!found) throw new Error('testglo.rtcm3 has no 1005 frame');
  return found.bytes;
}

/**
 * The known value for that 1005: the ARP that RTKLIB's own decoder reads from the capture, as convbin writes it into
 * the RINEX header's APPROX POSITION XYZ (ECEF, metres).
 */
function arpByRtklib() {
  const dir = mkdtempSync(join(tmpdir(), 'fixpoint-arp-'));
  try {
    execFileSync('convbin', ['-r', 'rtcm3', '-tr', '2009/01/01', '00:00:00', '-o', 'arp.obs', glonassCapture], {
      cwd: dir,
      stdio: 'ignore',
    });
    const line = /^ *(-?\d+\.\d+) +(-?\d+\.\d+) +(-?\d+\.\d+) +APPROX POSITION XYZ/m.exec(
      readFileSync(join(dir, 'arp.obs'), 'utf8'),
    );
    if (!line) throw new Error('convbin wrote no APPROX POSITION XYZ');
    return ecefToGeodetic({ x: Number(line[1]), y: Number(line[2]), z: Number(line[3]) });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const knownArp = arpByRtklib();

/**
 * Issue 8's "done when": an admin creates a network from a template and adds a station in Chromium, a real RTKLIB
 * str2str pushes RTCM into the caster with the source password the page showed once, and the feed page shows the
 * station live: connected, the message types that were sent, and the position decoded from the station ARP message
 * within a metre of the known value.
 */
describe('admin: template, network, station, str2str base, live feed', () => {
  let server: RunningServer;
  let casterPort: number;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let feeder: Server | undefined;
  let base: ChildProcess | undefined;
  let rover: ChildProcess | undefined;
  const feederSockets = new Set<Socket>();

  beforeAll(async () => {
    casterPort = await freePort();
    server = await startServer({
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      CASTER_PORT: String(casterPort),
      CASTER_PUBLIC_HOST: '127.0.0.1',
      DEMO: 'false',
    });
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
    problems = watchConsole(page);
  });
  afterAll(async () => {
    base?.kill('SIGKILL');
    rover?.kill('SIGKILL');
    for (const socket of feederSockets) socket.destroy();
    feeder?.close();
    await browser?.close();
    await server?.stop();
  });

  let networkUrl = '';
  let sourcePassword = '';

  it('creates a hosted template, a network from it and a station whose source password shows once', async () => {
    await page.goto(`${server.url}/login`);
    const login = page.getByRole('dialog');
    await login.getByLabel('E-mail').fill(admin.email);
    await login.locator('input[autocomplete="current-password"]').fill(admin.password);
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();

    await page.goto(`${server.url}/admin/networks`);
    await page.getByRole('heading', { level: 1, name: 'Networks' }).waitFor();
    await page.getByRole('button', { name: 'New template' }).click();
    const template = page.getByRole('dialog', { name: 'New template' });
    await template.getByRole('textbox', { name: 'Template' }).fill('Own base stations');
    await template.getByRole('textbox', { name: 'Credits per day' }).fill('2');
    await template.getByRole('button', { name: 'Create template' }).click();
    await template.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: 'Own base stations' }).waitFor();
    await screenshot(page, 'admin-networks');

    await page.getByRole('button', { name: 'New network' }).click();
    const create = page.getByRole('dialog', { name: 'New network' });
    await create.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: /Own base stations/ }).click();
    expect(await create.getByRole('textbox', { name: 'Credits per day' }).inputValue()).toBe('2');
    await create.getByRole('textbox', { name: 'Code' }).fill('push');
    await create.getByRole('textbox', { name: 'Name', exact: true }).fill('Push Test Network');
    await create.getByRole('button', { name: 'Create network' }).click();
    await page.getByRole('heading', { level: 1, name: 'Push Test Network' }).waitFor();
    networkUrl = page.url();
    expect(networkUrl).toMatch(/\/admin\/networks\/[0-9a-f-]{36}$/);
    expect(await page.getByTestId('publish-state').textContent()).toBe('Hidden');

    await page.getByRole('button', { name: 'Add station' }).first().click();
    const add = page.getByRole('dialog', { name: 'Add station' });
    await add.getByRole('textbox', { name: 'Mountpoint' }).fill('PUSH_BASE1');
    await add.getByRole('textbox', { name: 'Place' }).fill('Roof');
    await add.getByRole('button', { name: 'Add station' }).click();
    const shown = page.getByRole('dialog', { name: 'Source password of PUSH_BASE1' });
    sourcePassword = await shown.getByTestId('source-password').inputValue();
    expect(sourcePassword).toMatch(/^[A-Za-z2-9]{20}$/);
    await shown.getByRole('button', { name: 'Copy source password' }).click();
    const copied = await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );
    expect(copied).toBe(sourcePassword);
    expect(await shown.textContent()).toContain(`ntrips://:${sourcePassword}@127.0.0.1:${casterPort}/PUSH_BASE1`);
    await screenshot(page, 'admin-network-password');
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await shown.waitFor({ state: 'detached' });
    // Shown once: the page no longer has it, and the API never answers it.
    expect(await page.content()).not.toContain(sourcePassword);
    await page.getByRole('article', { name: 'PUSH_BASE1' }).getByText('Waiting for 1005/1006').waitFor();
    await screenshot(page, 'admin-network');
  });

  it('shows the str2str base live on the feed page: message types and the decoded position', async () => {
    const observations = sentTypes
      .slice(1)
      .map((type) => readFileSync(join(rtcmTestdata, 'frames', `${type}_frame.bin`)));
    const second = Buffer.concat([captured1005(), ...observations]);
    feeder = createServer((socket) => {
      feederSockets.add(socket);
      const timer = setInterval(() => socket.write(second), 1000);
      socket.on('close', () => {
        clearInterval(timer);
        feederSockets.delete(socket);
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => feeder?.listen(0, '127.0.0.1', resolve));
    const feederPort = (feeder.address() as AddressInfo).port;
    // str2str retries every second until the caster's station catalog (a short cache) has the new mount.
    base = spawn(
      'str2str',
      [
        '-in',
        `tcpcli://127.0.0.1:${feederPort}`,
        '-out',
        `ntrips://:${sourcePassword}@127.0.0.1:${casterPort}/PUSH_BASE1`,
        '-r',
        '1000',
      ],
      { stdio: 'ignore' },
    );

    await page.goto(networkUrl);
    await page.getByRole('main').getByRole('link', { name: 'Live feed' }).click();
    await page.getByRole('heading', { level: 1, name: 'Push Test Network' }).waitFor();
    const card = page.getByTestId('station-PUSH_BASE1');

    // The page polls; no reload here.
    await expect
      .poll(() => card.getByTestId('station-status').textContent(), { timeout: 40_000, interval: 500 })
      .toMatch(/^Connected since/);
    await expect
      .poll(
        async () =>
          (await card
            .locator('[data-testid="message-types"] tbody tr')
            .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-type'))))) as number[],
        { timeout: 20_000, interval: 500 },
      )
      .toEqual(sentTypes);
    // Rates come with the caster's next state flush (every 5 s).
    await expect
      .poll(() => card.locator('[data-testid="message-types"] tbody tr[data-type="1005"] td').nth(1).textContent(), {
        timeout: 20_000,
        interval: 500,
      })
      .toMatch(/^[1-9]/);

    const decoded = (await card.getByTestId('decoded-position').textContent()) ?? '';
    const match = /^(-?\d+\.\d+), (-?\d+\.\d+)/.exec(decoded);
    expect(match, decoded).not.toBeNull();
    const position = { latitude: Number(match?.[1]), longitude: Number(match?.[2]) };
    expect(greatCircleDistance(position, knownArp)).toBeLessThan(1);
    expect(Number(/([\d.-]+) m$/.exec(decoded)?.[1])).toBeCloseTo(knownArp.height, 0);
    expect(await card.getByText('RTKLIB').count()).toBeGreaterThan(0);
    await screenshot(page, 'admin-feed-network');

    // Not entered by hand: the station's position is the decoded one, marked so on the network page.
    await page.goto(networkUrl);
    const station = page.getByRole('article', { name: 'PUSH_BASE1' });
    await station.getByText('Decoded (RTCM 1005/1006)').waitFor();
    expect(await station.textContent()).toContain(`${knownArp.latitude.toFixed(6)}, ${knownArp.longitude.toFixed(6)}`);

    // Publish it, and let a rover use it: an NTRIP account activated on it, a real str2str rover on the mount.
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => page.getByTestId('publish-state').textContent()).toBe('Published');
    const api = async (method: string, path: string, data?: unknown) => {
      const res = await page.request.fetch(`${server.url}/api${path}`, {
        method,
        data,
        headers: { origin: server.url },
      });
      expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
      return res.json();
    };
    const me = await api('GET', '/user');
    await api('PUT', `/admin/tokens?userId=${me.id}&tokenAmount=10`);
    const account = await api('POST', '/accounts', { name: 'Feed rover' });
    const networkId = networkUrl.split('/').pop();
    await api('POST', `/tokens?accountId=${account.id}&feedNetworkId=${networkId}&days=1`);
    const credentials = await api('GET', `/accounts/${account.id}/credentials`);
    rover = spawn(
      'str2str',
      [
        '-in',
        `ntrip://${credentials.username}:${credentials.password}@127.0.0.1:${casterPort}/PUSH_BASE1`,
        '-out',
        'file:///dev/null',
      ],
      { stdio: 'ignore' },
    );
    await page.goto(networkUrl.replace('/admin/networks/', '/admin/feed/'));
    await card.getByTestId('rovers').getByText(credentials.username).waitFor({ timeout: 20_000 });
    await screenshot(page, 'admin-feed-network-rover');

    await page.goto(`${server.url}/admin/feed`);
    const row = page.getByRole('article', { name: 'Push Test Network' });
    await row.getByText('1 / 1').waitFor();
    expect(await row.textContent()).toMatch(/Rovers1/);
    await screenshot(page, 'admin-feed');
    rover.kill('SIGTERM');

    // The base goes away: the feed says so, with the disconnect in the history.
    base.kill('SIGTERM');
    await page.goto(networkUrl.replace('/admin/networks/', '/admin/feed/'));
    await expect
      .poll(() => page.getByTestId('station-PUSH_BASE1').getByTestId('station-status').textContent(), {
        timeout: 30_000,
        interval: 500,
      })
      .toMatch(/^Disconnected since/);
    expect(await page.getByTestId('outage-history').textContent()).toContain('disconnected');

    // Every page again at the 768 px breakpoint (the screenshots are for a person to look at).
    await page.setViewportSize({ width: 768, height: 1024 });
    for (const [name, url] of [
      ['admin-networks-768', `${server.url}/admin/networks`],
      ['admin-network-768', networkUrl],
      ['admin-feed-768', `${server.url}/admin/feed`],
      ['admin-feed-network-768', networkUrl.replace('/admin/networks/', '/admin/feed/')],
    ] as const) {
      await page.goto(url);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await screenshot(page, name);
    }
    expect(problems).toEqual([]);
  }, 120_000);
  it("imports a relay network's stations from a real caster's sourcetable (this one's), after a preview", async () => {
    // The hosted network was published above: the caster's sourcetable lists published networks only.
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto(`${server.url}/admin/networks`);
    await page.getByRole('button', { name: 'New template' }).click();
    const template = page.getByRole('dialog', { name: 'New template' });
    await template.getByRole('textbox', { name: 'Template', exact: true }).fill('NTRIP 2 caster');
    await template.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Relay' }).click();
    await template.getByRole('button', { name: 'Create template' }).click();
    await template.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'New network' }).click();
    const create = page.getByRole('dialog', { name: 'New network' });
    await create.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: /NTRIP 2 caster/ }).click();
    await create.getByRole('textbox', { name: 'Code' }).fill('RELAY');
    await create.getByRole('textbox', { name: 'Name', exact: true }).fill('Relay Test Network');
    await create.getByRole('textbox', { name: 'Upstream host' }).fill('127.0.0.1');
    await create.getByRole('textbox', { name: 'Upstream port' }).fill(String(casterPort));
    await create.getByRole('button', { name: 'Create network' }).click();
    await page.getByRole('heading', { level: 1, name: 'Relay Test Network' }).waitFor();

    // The caster's catalog is a short cache: the published network shows in its table within seconds.
    const dialog = page.getByRole('dialog', { name: 'Import stations from the upstream sourcetable' });
    await expect
      .poll(
        async () => {
          if (await dialog.count()) {
            await dialog.getByRole('button', { name: 'Cancel' }).click();
            await dialog.waitFor({ state: 'detached' });
          }
          await page.getByRole('button', { name: 'Import from sourcetable' }).click();
          await dialog.getByTestId('import-summary').or(dialog.getByTestId('import-error')).waitFor();
          return dialog.getByTestId('import-row-PUSH_BASE1').count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(1);
    // Mountpoints are unique in the caster: the upstream's names come back with this network's code in front.
    const row = dialog.getByTestId('import-row-PUSH_BASE1');
    expect(await row.textContent()).toContain('RELAY_PUSH_BASE1');
    expect(await row.textContent()).toContain('New');
    expect(await dialog.getByTestId('import-row-PUSH_AUTO').textContent()).toContain('RELAY_PUSH_AUTO');
    await screenshot(page, 'admin-network-import');
    await dialog.getByRole('checkbox', { name: 'Include RELAY_PUSH_AUTO' }).uncheck();
    await dialog.getByRole('button', { name: 'Apply 1 change' }).click();
    expect(await dialog.getByTestId('import-result').textContent()).toBe('Done: 1 created, 0 updated.');
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    const station = page.getByRole('article', { name: 'RELAY_PUSH_BASE1' });
    await station.waitFor();
    // Positions in a sourcetable have two decimals.
    expect(await station.textContent()).toContain(
      `${knownArp.latitude.toFixed(2)}0000, ${knownArp.longitude.toFixed(2)}0000`,
    );
    expect(await station.textContent()).toContain('PUSH_BASE1');
    expect(await page.getByRole('article', { name: 'RELAY_PUSH_AUTO' }).count()).toBe(0);
    expect(problems).toEqual([]);
  }, 90_000);
});
