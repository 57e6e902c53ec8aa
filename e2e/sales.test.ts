import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { launchBrowser, type RunningServer, screenshot, startServer, watchConsole } from './harness';
import { callApi, logIn, waitForApp } from './page-helpers';

const adminEmail = 'sales-admin@example.com';
const adminPassword = randomBytes(12).toString('base64url');
const customer = {
  name: 'Ada Lovelace',
  email: 'ada.sales@example.com',
  password: randomBytes(12).toString('base64url'),
};

// e2e compiles without DOM types: what the page functions below use of the browser.
type BrowserGlobals = { getComputedStyle(element: unknown): { color: string } };

interface Hook {
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

/**
 * The sales automation's webhook: a real HTTP server on a local port that keeps what it receives. `listen(port)`
 * comes back on the same address after `close()`, as a webhook that was down and is up again.
 */
function webhookSink() {
  const received: Hook[] = [];
  let server: Server | undefined;
  return {
    received,
    async listen(port = 0) {
      server = createServer((request, response) => {
        let text = '';
        request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        request.on('end', () => {
          received.push({ headers: request.headers, body: JSON.parse(text) });
          response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        });
      });
      const listening = server;
      await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', resolve));
      return (listening.address() as AddressInfo).port;
    },
    async close() {
      const closing = server;
      server = undefined;
      if (!closing) return;
      closing.closeAllConnections();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
}

/**
 * Issue 15's sales flow in Chromium against the real server, with a real local webhook: a customer asks for a demo
 * from the dashboard's promotion and the lead reaches the webhook; with the webhook down a visitor is still thanked
 * (the lead is stored), the admin sees it pending with the error, and it arrives once the webhook is back; the
 * form's rules in words; axe on both steps.
 */
describe('the sales flow in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let webhookPort: number;
  const sink = webhookSink();
  const watched: string[][] = [];

  /** A page in a fresh browser context (its own cookies and storage), watched for console errors. */
  async function newPage(viewport = { width: 1280, height: 900 }) {
    const page = await (await browser.newContext({ viewport })).newPage();
    watched.push(watchConsole(page));
    return page;
  }

  /** Opens the flow from the dashboard's promotion and checks step 1. */
  async function openFromPromotion(page: Page, path = '/dashboard') {
    await page.goto(`${server.url}${path}`);
    await waitForApp(page);
    const promotion = page.getByRole('complementary', { name: 'Launch your branded RTK platform' });
    await promotion.getByRole('link', { name: 'Learn more' }).click();
    const intro = page.getByRole('dialog', { name: 'Launch Your Branded RTK Platform' });
    await intro.getByText('Step 1 of 2').waitFor();
    return intro;
  }

  async function fillAndSubmit(form: Locator, person: { first: string; last: string; email: string; phone?: string }) {
    await form.getByLabel('First name').fill(person.first);
    await form.getByLabel('Last name').fill(person.last);
    await form.getByLabel('E-mail').fill(person.email);
    await form.getByLabel('Company').fill('Polder Agri');
    if (person.phone) await form.getByLabel('Phone number').fill(person.phone);
    await form.getByLabel('Message').fill('A demo for 40 tractors, please.');
    await form.getByRole('button', { name: 'Submit' }).click();
  }

  const adminRow = (page: Page, email: string) =>
    page.getByTestId('sales-request-row').filter({ has: page.getByRole('link', { name: email }) });

  beforeAll(async () => {
    webhookPort = await sink.listen();
    server = await startServer({
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      AUTH_RATE_LIMIT: '100',
      SALES_WEBHOOK_URL: `http://127.0.0.1:${webhookPort}/hooks/sales`,
    });
    browser = await launchBrowser();
    await callApi(server.url, '/auth/sign-up/email', {
      method: 'POST',
      body: { name: customer.name, email: customer.email, password: customer.password, termsAccepted: true },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sink.close();
  });

  it('sends a lead from the dashboard promotion, thanks, sets the cookie, and the webhook receives it', async () => {
    const page = await newPage();
    await logIn(page, server.url, customer.email, customer.password);
    const intro = await openFromPromotion(page);
    await intro.getByText('Trusted by 200+ fleets in agri-tech, drone and construction').waitFor();
    await screenshot(page, 'sales-step-1');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await intro.getByRole('button', { name: 'Request a Demo' }).click();
    const form = page.getByRole('dialog', { name: 'Contact Sales' });
    await form.getByText('Step 2 of 2').waitFor();
    expect(await form.getByRole('combobox', { name: 'Country code' }).inputValue()).toBe('Netherlands (+31)');
    expect(await form.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);
    await screenshot(page, 'sales-step-2');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await fillAndSubmit(form, { first: 'Ada', last: 'Lovelace', email: customer.email, phone: '06 1234 5678' });
    const thanks = page.getByRole('dialog', { name: 'Thank you!' });
    await thanks.getByText('Your request has been submitted. Our team will reach out soon.').waitFor();
    await screenshot(page, 'sales-thank-you');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const cookie = (await page.context().cookies()).find((c) => c.name === 'form_submitted');
    expect(cookie).toBeDefined();
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(86_400 - 120);
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeLessThanOrEqual(86_400);
    expect(
      await page.evaluate(() =>
        ((globalThis as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []).filter(
          (entry) => entry.event === 'salesRequestSubmitted',
        ),
      ),
    ).toEqual([{ event: 'salesRequestSubmitted', submittedFrom: '/dashboard' }]);

    await expect.poll(() => sink.received.length, { timeout: 15_000 }).toBe(1);
    expect(sink.received[0]?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: customer.email,
      loggedInEmail: customer.email,
      company: 'Polder Agri',
      phoneNumber: '+31 6 12345678',
      submittedFrom: '/dashboard',
      message: 'A demo for 40 tractors, please.',
      gclid: '',
    });

    // While the cookie lasts, the flow opens on the thank-you view instead of step 1.
    await thanks.getByRole('button', { name: 'Close' }).last().click();
    await thanks.waitFor({ state: 'detached' });
    await page
      .getByRole('complementary', { name: 'Launch your branded RTK platform' })
      .getByRole('link', { name: 'Learn more' })
      .click();
    await page.getByRole('dialog', { name: 'Thank you!' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Launch Your Branded RTK Platform' }).count()).toBe(0);
    await page.close();
  });

  it('thanks a visitor while the webhook is down, shows the admin the lead pending with its error, and forwards it once the webhook is back', async () => {
    await sink.close();
    const visitor = await newPage({ width: 390, height: 844 });
    // An ad click brings the visitor; its gclid is kept on landing and goes with the lead.
    const intro = await openFromPromotion(visitor, '/dashboard?gclid=ad-click-42');
    await intro.getByRole('button', { name: 'Request a Demo' }).click();
    const form = visitor.getByRole('dialog', { name: 'Contact Sales' });
    await fillAndSubmit(form, { first: 'Grace', last: 'Hopper', email: 'grace.visitor@example.com' });
    await visitor.getByRole('dialog', { name: 'Thank you!' }).waitFor();
    expect((await visitor.context().cookies()).some((c) => c.name === 'form_submitted')).toBe(true);
    await visitor.close();

    const admin = await newPage({ width: 390, height: 844 });
    await logIn(admin, server.url, adminEmail, adminPassword);
    await admin.goto(`${server.url}/admin/sales-requests`);
    await admin.getByRole('heading', { level: 1, name: 'Sales requests' }).waitFor();
    const row = adminRow(admin, 'grace.visitor@example.com');
    // The first send fails at once (nothing listens); the page shows it after a reload at the latest.
    await expect
      .poll(
        async () => {
          if ((await row.getByText(/^Last error: /).count()) === 0) await admin.reload();
          return row.getByText(/^Last error: /).count();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(1);
    expect(await row.getByTestId('sales-forwarding').textContent()).toBe('Pending');
    expect(await row.getByText(/^Last error: .*ECONNREFUSED/).count()).toBe(1);
    await row.getByText('1 attempt').waitFor();
    await row.getByText(/^Next attempt /).waitFor();
    await row.getByText('After an ad click').waitFor();
    // The table scrolls in its own box at 390 px; the page itself does not.
    expect(await admin.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshot(admin, 'sales-admin-pending');
    expect(await seriousAxeViolations(admin)).toEqual([]);

    // The webhook comes back on the same address; the server's back-off retries after about 30 s.
    await sink.listen(webhookPort);
    await expect
      .poll(() => sink.received.some((hook) => hook.body.email === 'grace.visitor@example.com'), {
        timeout: 75_000,
        interval: 1000,
      })
      .toBe(true);
    const hook = sink.received.find((entry) => entry.body.email === 'grace.visitor@example.com');
    expect(hook?.body).toMatchObject({ loggedInEmail: '', submittedFrom: '/dashboard', gclid: 'ad-click-42' });

    await admin.reload();
    await expect.poll(() => row.getByTestId('sales-forwarding').textContent(), { timeout: 10_000 }).toBe('Forwarded');
    await row.getByText('2 attempts').waitFor();
    await screenshot(admin, 'sales-admin-forwarded');
    await admin.close();
  }, 150_000);

  it('says what is wrong with the form in words and keeps Submit disabled until it is right', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/dashboard?contact=sales`);
    await page
      .getByRole('dialog', { name: 'Launch Your Branded RTK Platform' })
      .getByRole('button', { name: 'Request a Demo' })
      .click();
    const form = page.getByRole('dialog', { name: 'Contact Sales' });
    const submit = form.getByRole('button', { name: 'Submit' });

    await form.getByLabel('First name').focus();
    await form.getByLabel('Last name').focus();
    await form.getByText('Enter your first name.').waitFor();
    await form.getByLabel('E-mail').fill('grace@example');
    await form.getByLabel('Company').focus();
    await form.getByText('Enter your last name.').waitFor();
    await form.getByText('Enter an e-mail address like name@example.com, without spaces.').waitFor();
    await form.getByLabel('Phone number').fill('06-CALL-ME');
    await form.getByLabel('Message').focus();
    await form.getByText('A phone number can hold only digits, +, -, spaces and parentheses.').waitFor();
    await screenshot(page, 'sales-validation');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await form.getByLabel('First name').fill('Grace');
    await form.getByLabel('Last name').fill('Hopper');
    await form.getByLabel('E-mail').fill('grace@example.com');
    expect(await submit.isDisabled()).toBe(true);
    await form.getByLabel('Phone number').fill('');
    await expect.poll(() => submit.isEnabled()).toBe(true);

    const counter = form.getByTestId('sales-message-counter');
    await form.getByLabel('Message').fill('x'.repeat(205));
    expect(await counter.textContent()).toBe('200/200');
    expect(await counter.getAttribute('data-at-limit')).toBe('true');
    // Red at the limit, in Mantine's red 9 (#c92a2a), which keeps 4.5:1 on white.
    expect(
      await counter.evaluate((element) => (globalThis as unknown as BrowserGlobals).getComputedStyle(element).color),
    ).toBe('rgb(201, 42, 42)');

    await form.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('dialog', { name: 'Launch Your Branded RTK Platform' }).waitFor();
    await page.close();
    // Nothing was sent: the form never submitted.
    expect(sink.received.filter((hook) => hook.body.email === 'grace@example.com')).toEqual([]);
  });

  it('left no console errors or failed requests in any page', () => {
    expect(watched.flat()).toEqual([]);
  });
});
