import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  launchBrowser,
  printServerOutputOnFailure,
  type RunningServer,
  screenshot,
  startServer,
  watchConsole,
} from '../e2e/harness';
import { createAndActivateAccount, logOut } from '../e2e/page-helpers';
import { demoAutoRover, framesIn } from './processes';

const admin = { email: 'boss@example.com', password: 'admin password 9' };
const farmer = { email: 'jo@example.com', name: 'Farmer Jo', password: 'farmer password 1' };

/**
 * Issue 7's journey: an admin grants credits; the user creates an NTRIP account, activates it on the demo network
 * for 3 days and copies the credentials; a real RTKLIB str2str rover logs in with them and receives RTCM from the
 * caster; the session then shows on the account page with its bytes.
 */
describe('from credits to corrections, in Chromium and with RTKLIB', () => {
  let server: RunningServer;
  let casterPort: number;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  const workDir = mkdtempSync(join(tmpdir(), 'fixpoint-journey-'));
  printServerOutputOnFailure(() => server);

  beforeAll(async () => {
    casterPort = await freePort();
    server = await startServer({
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      CASTER_PORT: String(casterPort),
      CASTER_PUBLIC_HOST: '127.0.0.1',
    });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
    problems = watchConsole(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  async function logIn(email: string, password: string) {
    await page.goto(`${server.url}/login`);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.locator('input[autocomplete="current-password"]').fill(password);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
  }

  it('signs the farmer up and lets the admin grant credits', async () => {
    await page.goto(`${server.url}/signup`);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail').fill(farmer.email);
    await dialog.getByLabel('Username').fill(farmer.name);
    await dialog.locator('input[autocomplete="new-password"]').nth(0).fill(farmer.password);
    await dialog.locator('input[autocomplete="new-password"]').nth(1).fill(farmer.password);
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: `Welcome, ${farmer.name}` }).waitFor();
    await logOut(page);

    await logIn(admin.email, admin.password);
    await page.goto(`${server.url}/admin/users`);
    const card = page.locator('[data-record-id], .mantine-Card-root').filter({ hasText: farmer.email }).first();
    await card.getByRole('button', { name: 'Grant credits' }).click();
    const grant = page.getByRole('dialog');
    await grant.getByRole('textbox', { name: 'Credits' }).fill('10');
    await grant.getByLabel('Reason').fill('Pilot season');
    await grant.getByRole('button', { name: 'Grant credits' }).click();
    await expect.poll(() => grant.getByTestId('grant-result').textContent()).toContain('The balance is now 10');
    await grant.getByRole('button', { name: 'Close' }).last().click();
    await grant.waitFor({ state: 'detached' });
    await logOut(page);
  });

  let username = '';
  let password = '';

  it('creates an account, activates it for 3 days on the demo network and copies its credentials', async () => {
    await logIn(farmer.email, farmer.password);
    const drawer = await createAndActivateAccount(page, server.url, { name: 'Tractor 1', days: 3, balance: 10 });

    await drawer.getByText(/until .*\(3 days left\)/).waitFor();
    username = (await drawer.getByTestId('credential-username').inputValue()) ?? '';
    await drawer.getByRole('button', { name: 'Copy: Password' }).click();
    password = await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );
    expect(username).toMatch(/^fx-/);
    expect(password).toMatch(/^[A-Za-z2-9]{16}$/);
    expect(await drawer.getByTestId('credential-rtklib').textContent()).toContain(`@127.0.0.1:${casterPort}/DEMO_AUTO`);
    await screenshot(page, 'journey-account');
  });

  it('lets a real str2str rover receive RTCM with those credentials, and shows the session with its bytes', async () => {
    const out = join(workDir, 'rover.rtcm3');
    const rover = demoAutoRover({ username, password }, casterPort, out);
    // str2str writes what it receives as it comes: a few seconds on a quiet machine, longer on a busy one.
    await expect.poll(() => framesIn(out).length, { timeout: 30_000, interval: 500 }).toBeGreaterThan(5);
    rover.kill('SIGINT');
    await new Promise((resolve) => rover.once('exit', resolve));

    const frames = framesIn(out);
    const types = new Set(frames.map((frame) => frame.messageType));
    expect(types.has(1006) || [...types].some((type) => type >= 1071 && type <= 1127)).toBe(true);

    await expect
      .poll(
        async () => {
          await page.reload();
          const drawerButton = page.getByRole('button', { name: 'Manage' }).first();
          await drawerButton.click();
          const cell = page.getByRole('dialog', { name: 'Tractor 1' }).getByTestId('session-bytes').first();
          // The drawer reads its sessions after it opens: give the table a moment before reading it.
          await cell.waitFor({ timeout: 5_000 }).catch(() => undefined);
          return (await cell.count()) > 0 ? await cell.textContent() : '';
        },
        { timeout: 30_000, interval: 2000 },
      )
      .toMatch(/[1-9][\d.]* (B|KB|MB)/);
    await screenshot(page, 'journey-session');
    expect(problems).toEqual([]);
  }, 60_000);
});
