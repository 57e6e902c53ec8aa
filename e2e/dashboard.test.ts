import { statSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningServer, screenshot, startServer, watchConsole } from './harness';

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
});
