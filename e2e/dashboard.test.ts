import { statSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningServer, screenshot, startServer, watchConsole } from './harness';
import { callApi, logIn } from './page-helpers';

describe('dashboard in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens the logged-out dashboard with live status and no console error', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchConsole(page);
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { level: 1, name: 'RTK corrections for every rover' }).waitFor();
    // Prerendered: the scripts take the router's address after the first paint.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard');
    await expect.poll(() => page.getByTestId('service-status').getAttribute('data-state')).toBe('ok');
    expect(await page.title()).toBe('Fixpoint | Dashboard');
    const file = await screenshot(page, 'dashboard-desktop');
    expect(statSync(file).size).toBeGreaterThan(10_000);
    expect(problems).toEqual([]);
  });

  it('keeps the side menu behind a toggle at 768 px', async () => {
    const page = await browser.newPage({ viewport: { width: 768, height: 1024 } });
    const problems = watchConsole(page);
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect.poll(() => toggle.isVisible()).toBe(true);
    await screenshot(page, 'dashboard-768');
    expect(problems).toEqual([]);
  });

  it("shows each rover's access whole at 390 and 768 px: a block per row, its state badge uncut", async () => {
    const email = 'rovers@example.com';
    const password = 'a good password';
    const { token } = await callApi(server.url, '/auth/sign-up/email', {
      method: 'POST',
      body: { email, name: 'Rover Owner', password, termsAccepted: true },
    });
    await callApi(server.url, '/accounts', {
      method: 'POST',
      token: token ?? '',
      body: { name: 'Combine harvester north field 01' },
    });
    // Up to 768 px inclusive is the mobile layout (theme.ts): there the table gives way to blocks.
    for (const width of [390, 768]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await logIn(page, server.url, email, password);
      await page.goto(`${server.url}/dashboard`);
      const item = page.getByTestId('access-item');
      await item.waitFor();
      expect(await item.textContent()).toContain('Combine harvester north field 01');
      const badge = item.locator('.mantine-Badge-root');
      const isWhole = await badge.evaluate((el) =>
        [el, ...el.querySelectorAll('*')].every((node) => node.scrollWidth <= node.clientWidth),
      );
      expect(isWhole).toBe(true);
      const box = await item.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      expect(await page.getByTestId('access-row').isVisible()).toBe(false);
      await screenshot(page, `dashboard-access-${width}`);
      await page.close();
    }
  });
});
