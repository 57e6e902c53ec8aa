import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
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

/** The newest link matching `pattern` in a mail to `to` in the server's outbox (no SMTP_URL: .eml files). */
function outboxLink(dataDir: string, to: string, pattern: RegExp) {
  const dir = join(dataDir, 'outbox');
  const mails = readdirSync(dir)
    .sort()
    .map((name) =>
      readFileSync(join(dir, name), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((mail) => mail.includes(`To: ${to}`));
  const link = mails
    .reverse()
    .map((mail) => mail.match(pattern)?.[0])
    .find(Boolean);
  expect(link).toBeTruthy();
  return link as string;
}

/** A same-origin JSON call from the page, as the portal makes it (cookie and Origin included). */
function call(page: Page, path: string, body?: unknown) {
  return page.evaluate(
    async ({ path, body }) => {
      const res = await fetch(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
    },
    { path, body },
  );
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

  /** Continue with Google from the login dialog as `login` at the provider, until the popup hands over. */
  async function continueWithGoogle(login: string) {
    await page.goto(`${server.url}/login`);
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('dialog').getByRole('button', { name: 'Continue with Google' }).click(),
    ]);
    const closed = popup.isClosed() ? Promise.resolve() : popup.waitForEvent('close');
    await popup.waitForLoadState().catch(() => undefined);
    // Signed in at the provider already (a second try in this browser): no login form.
    if (
      !popup.isClosed() &&
      (await popup
        .locator('input[name="login"]')
        .count()
        .catch(() => 0)) > 0
    ) {
      await popup.locator('input[name="login"]').fill(login);
      await popup.locator('input[name="password"]').fill('anything');
      await popup.getByRole('button', { name: 'Sign-in' }).click();
    }
    await popup
      .getByRole('button', { name: 'Continue' })
      .click()
      .catch((error: Error) => {
        if (!popup.isClosed()) throw error;
      });
    await closed;
  }

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

  it('signs into the existing account of a verified address, which keeps its password', async () => {
    page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}/`);
    const password = 'margaret password 1';
    const signUp = await call(page, '/api/auth/sign-up/email', {
      email: 'margaret@example.com',
      name: 'Margaret Hamilton',
      password,
      termsAccepted: true,
    });
    expect(signUp.status).toBe(200);
    const id = (await call(page, '/api/user')).json?.id;
    await page.goto(outboxLink(server.dataDir, 'margaret@example.com', /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/));
    expect((await call(page, '/api/user')).json).toMatchObject({ id, emailVerified: true });
    await page.context().clearCookies();

    await continueWithGoogle('margaret');
    await page.getByRole('heading', { name: 'Welcome, Margaret Hamilton' }).waitFor();
    expect((await call(page, '/api/user')).json).toMatchObject({ id, email: 'margaret@example.com' });
    await page.context().clearCookies();
    const byPassword = await call(page, '/api/auth/sign-in/email', { email: 'margaret@example.com', password });
    expect(byPassword.status).toBe(200);
    expect(byPassword.json?.user).toMatchObject({ id });
  }, 60_000);

  it('does not link Google to an address nobody has proven; its owner takes the account back with a reset', async () => {
    page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}/`);
    // A stranger signed up first with Hedy's address and a password of their own.
    const strangerPassword = 'stranger password 1';
    const signUp = await call(page, '/api/auth/sign-up/email', {
      email: 'hedy@example.com',
      name: 'Not Hedy',
      password: strangerPassword,
      termsAccepted: true,
    });
    expect(signUp.status).toBe(200);
    await page.context().clearCookies();

    // Hedy continues with Google: refused, with what to do; she is not signed in to the stranger's account.
    await continueWithGoogle('hedy');
    await page.getByText('There is already an account with this e-mail address').waitFor();
    await screenshot(page, 'google-account-not-linked');
    expect((await call(page, '/api/user')).status).toBe(401);
    const stranger = await call(page, '/api/auth/sign-in/email', {
      email: 'hedy@example.com',
      password: strangerPassword,
    });
    expect(stranger.json?.user).toMatchObject({ emailVerified: false });
    await page.context().clearCookies();

    // She resets the password from her mailbox: that proves the address, and the stranger's password is gone.
    await page.goto(`${server.url}/`);
    const asked = await call(page, '/api/auth/request-password-reset', {
      email: 'hedy@example.com',
      redirectTo: `${server.url}/reset-password`,
    });
    expect(asked.status).toBe(200);
    const link = outboxLink(server.dataDir, 'hedy@example.com', /https?:\/\/\S+\/api\/auth\/reset-password\/[\w-]+/);
    const token = new URL(link).pathname.split('/').at(-1);
    expect((await call(page, '/api/auth/reset-password', { token, newPassword: 'hedy password 1' })).status).toBe(200);
    const old = await call(page, '/api/auth/sign-in/email', { email: 'hedy@example.com', password: strangerPassword });
    expect(old.status).toBe(401);

    await continueWithGoogle('hedy');
    await page.getByRole('heading', { name: 'Welcome, Not Hedy' }).waitFor();
    expect((await call(page, '/api/user')).json).toMatchObject({ email: 'hedy@example.com', emailVerified: true });
  }, 90_000);
});
