import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchBrowser, type RunningServer, screenshot, startServer, watchConsole } from './harness';

const clientSecret = randomBytes(16).toString('hex');

/** A local OpenID Connect provider standing in for Google's endpoints (no test reaches the internet). */
async function startOidcProvider(port: number, redirectUri: string) {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'fixpoint-test',
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        claims: async () => ({ sub, email: `${sub}@example.com`, email_verified: true, name: 'Grace Hopper' }),
      };
    },
  });
  const server: Server = await new Promise((resolve) => {
    const s = provider.listen(port, '127.0.0.1', () => resolve(s));
  });
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('Google sign-in in a popup', () => {
  let oidc: Awaited<ReturnType<typeof startOidcProvider>>;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    const serverPort = await freePort();
    oidc = await startOidcProvider(await freePort(), `http://127.0.0.1:${serverPort}/api/auth/callback/google`);
    server = await startServer(
      {
        GOOGLE_CLIENT_ID: 'fixpoint-test',
        GOOGLE_CLIENT_SECRET: clientSecret,
        GOOGLE_DISCOVERY_URL: `${oidc.issuer}/.well-known/openid-configuration`,
      },
      { port: serverPort },
    );
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    problems = watchConsole(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await oidc?.close();
  });

  it('signs in through a 500x600 popup that returns to the opener', async () => {
    // A retry starts signed out, as the first try did.
    await page.context().clearCookies();
    await page.goto(`${server.url}/login`);
    const dialog = page.getByRole('dialog');
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      dialog.getByRole('button', { name: 'Continue with Google' }).click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.viewportSize()).toEqual({ width: 500, height: 600 });
    await popup.locator('input[name="login"]').fill('grace');
    await popup.locator('input[name="password"]').fill('anything');
    await popup.getByRole('button', { name: 'Sign-in' }).click();
    // Listen before clicking: the popup can hand over and close before a later listener is attached.
    const closed = popup.isClosed() ? Promise.resolve() : popup.waitForEvent('close');
    await popup
      .getByRole('button', { name: 'Continue' })
      .click()
      .catch((error: Error) => {
        if (!popup.isClosed()) throw error;
      });
    await closed;

    await page.getByRole('heading', { name: 'Welcome, Grace Hopper' }).waitFor();
    const me = await page.evaluate(async () => (await fetch('/api/user')).json());
    expect(me).toMatchObject({ email: 'grace@example.com', isAdmin: false });
    await screenshot(page, 'google-signed-in');
    expect(problems).toEqual([]);
  });

  it('says so when the user closes the popup', async () => {
    // A fresh browser profile: no session at the provider, so the popup waits for the user.
    const context = await browser.newContext();
    page = await context.newPage();
    await page.goto(`${server.url}/login`);
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('dialog').getByRole('button', { name: 'Continue with Google' }).click(),
    ]);
    await popup.close();
    await page.getByText('The sign-in popup was closed before signing in finished.').waitFor({ timeout: 15_000 });
  }, 30_000);
});
