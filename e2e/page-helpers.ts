import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './harness';

/**
 * Keeps a page off the internet: requests to other origins never leave the browser. Those listed in `stubs` are
 * answered with the given script; any other is aborted, which watchConsole reports as a failed request.
 * Returns the external urls the page asked for.
 */
export async function keepOffline(page: Page, origin: string, stubs: Record<string, string> = {}) {
  const requested: string[] = [];
  await page.route(
    (url) => url.origin !== origin && url.protocol !== 'data:',
    async (route) => {
      const url = route.request().url();
      requested.push(url);
      const stub = Object.entries(stubs).find(([prefix]) => url.startsWith(prefix))?.[1];
      if (stub === undefined) return route.abort();
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: stub });
    },
  );
  return requested;
}

/**
 * Waits until the page's scripts have taken it over: they and the page's chunk have arrived (the network is idle) and
 * React's root exists. A prerendered page (the visitor's dashboard and marketplace, a signed-in person's dashboard,
 * accounts and an admin's feed: docs/decisions/0053, 0057, 0058) shows before its scripts load; a click on a button
 * React has not hydrated yet is held and answered once the app has settled (0059), so a test that reads the page
 * right after its click waits for the app first.
 */
export async function waitForApp(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => {
    const { document } = globalThis as unknown as { document: { getElementById(id: string): object | null } };
    return Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer$'));
  });
}

/** `#rrggbb` as the browser reports a computed colour. */
export function rgb(hex: string) {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}

// e2e compiles without DOM types: what the page functions below use of the browser.
type BrowserGlobals = { getComputedStyle(element: unknown): { backgroundColor: string } };

/** The computed background colour of an element. */
export const backgroundOf = (locator: Locator) =>
  locator.evaluate((element) => (globalThis as unknown as BrowserGlobals).getComputedStyle(element).backgroundColor);

/** The natural width of a loaded image, 0 until it has loaded. */
export const loadedWidthOf = (locator: Locator) =>
  locator.evaluate((image) => {
    const img = image as unknown as { complete: boolean; naturalWidth: number };
    return img.complete ? img.naturalWidth : 0;
  });

/** Where a box ends on the x axis (an element off screen to the left ends at 0 or before). */
export const rightEdgeOf = (box: { x: number; width: number } | null) => (box ? box.x + box.width : Number.NaN);

/**
 * A screenshot of the whole page as a person would see it on a screen that tall: the viewport grows to the page's
 * height first, so the fixed footer sits at the bottom instead of across the content.
 */
export async function screenshotWhole(page: Page, name: string) {
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  const height = (await page.evaluate('document.documentElement.scrollHeight')) as number;
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
  const path = await screenshot(page, name);
  await page.setViewportSize(viewport);
  return path;
}

/** Logs in through the auth modal at `baseUrl`/login and waits for it to close. */
/**
 * Logs out from the profile menu and waits for the server's answer too: the page shows the visitor at once, before
 * the sign-out has reached the server, and a page loaded meanwhile would still find the session.
 */
export async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account' }).filter({ visible: true }).click();
  const signedOut = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/sign-out');
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).waitFor();
  expect((await signedOut).status()).toBe(200);
}

export async function logIn(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.locator('input[autocomplete="current-password"]').fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * A JSON call to the server's API from the test, with the server's own Origin and an optional bearer token; throws on
 * a non-2xx answer. Returns the body and any new session token.
 */
export async function callApi(
  baseUrl: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      origin: baseUrl,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return {
    body: (await res.json()) as Record<string, unknown> & unknown[],
    token: res.headers.get('set-auth-token'),
  };
}

/**
 * Creates an NTRIP account on the accounts page and spends credits on `days` of the demo network (1 credit a day),
 * checking the cost and balance the dialog shows first; `scope` '/org/<id>' does it for an organisation. Leaves the
 * account's drawer open and returns it.
 */
export async function createAndActivateAccount(
  page: Page,
  baseUrl: string,
  { name, days, balance, scope = '' }: { name: string; days: number; balance: number; scope?: string },
) {
  await page.goto(`${baseUrl}${scope}/accounts`);
  await waitForApp(page);
  await page.getByRole('button', { name: 'Create account' }).first().click();
  const create = page.getByRole('dialog', { name: 'Create account' });
  await create.getByLabel('Name').fill(name);
  await create.getByRole('button', { name: 'Create account' }).click();

  const drawer = page.getByRole('dialog', { name });
  await drawer.getByRole('button', { name: 'Activate or extend' }).click();
  const activate = page.getByRole('dialog', { name: `Activate ${name}` });
  await activate.getByRole('combobox', { name: 'Network' }).click();
  await page.getByRole('option', { name: /Fixpoint Demo Network/ }).click();
  await activate.getByRole('textbox', { name: 'Days' }).fill(String(days));
  await expect.poll(() => activate.getByTestId('activation-cost').textContent()).toBe(`${days} credits`);
  await expect.poll(() => activate.getByTestId('activation-balance').textContent()).toBe(`${balance} credits`);
  await activate.getByRole('button', { name: `Spend ${days} credits` }).click();
  await activate.getByText(/Activated until/).waitFor();
  await activate.getByRole('button', { name: 'Close' }).last().click();
  return drawer;
}
