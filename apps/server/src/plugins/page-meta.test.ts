import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta
      name="description"
      content="A GNSS correction platform providing accurate real-time RTK and RINEX post-processing data on demand."
    />
    <title>Fixpoint</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

// Stands in for the web build's SSR bundle: a visitor's pages with their built-in titles, and a signed-in page.
const fakeBundle = `
export async function prerenderPage({ page }) {
  return { html: '<main><h1>' + page + '</h1></main>', title: 'Fixpoint | ' + page, texts: {}, parts: [] };
}
export async function prerenderSignedIn({ path, load }) {
  const session = await (await load('/api/auth/get-session')).json();
  if (!session) return null;
  return { html: '<main><h1>' + path + '</h1></main>', title: 'Fixpoint | Built-in', texts: {}, parts: [], path, queries: [] };
}`;

const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];
const descriptionOf = (html: string) => html.match(/<meta\s+name="description"\s+content="([^"]*)"/)?.[1];

describe("an admin's page metadata reaches the page's <title> and description (decision 0074)", () => {
  const dist = mkdtempSync(join(tmpdir(), 'fixpoint-dist-'));
  let t: TestApp;
  let admin: { headers: Record<string, string> };
  beforeAll(async () => {
    mkdirSync(join(dist, 'ssr'));
    mkdirSync(join(dist, 'locales', 'en'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), indexHtml);
    writeFileSync(join(dist, 'ssr', 'prerender.mjs'), fakeBundle);
    writeFileSync(join(dist, 'locales', 'en', 'translation.json'), '{}');
    t = await createTestApp({ WEB_DIST_DIR: dist });
    admin = await signInAdmin(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const put = (page: string, payload: { title: string; description: string }) =>
    t.app.inject({ method: 'PUT', url: `/api/meta/pages/${page}`, payload, headers: admin.headers });

  let builtEtag: string | undefined;
  it('leaves every page as built while no admin has set any', async () => {
    const dashboard = await t.app.inject({ url: '/dashboard' });
    builtEtag = dashboard.headers.etag as string;
    expect(titleOf(dashboard.body)).toBe('Fixpoint | dashboard');
    expect(dashboard.body).not.toContain('fixpoint-page-meta');
    expect(titleOf((await t.app.inject({ url: '/help' })).body)).toBe('Fixpoint');
  });

  it('sends the prerendered dashboard, the help page and the settings tabs with what the admin set', async () => {
    expect(
      (await put('dashboard', { title: 'RTK in minutes', description: 'Corrections <for> every rover.' })).statusCode,
    ).toBe(200);
    expect((await put('help', { title: 'Connect your rover', description: '' })).statusCode).toBe(200);
    expect(
      (await put('settings', { title: 'Your account', description: 'Name, password, invoices.' })).statusCode,
    ).toBe(200);

    const dashboard = await t.app.inject({ url: '/dashboard' });
    expect(dashboard.body).toContain('<h1>dashboard</h1>');
    expect(titleOf(dashboard.body)).toBe('Fixpoint | RTK in minutes');
    expect(descriptionOf(dashboard.body)).toBe('Corrections &lt;for&gt; every rover.');
    // Its own ETag: a browser holding the page as it was gets the new one.
    expect(dashboard.headers.etag).not.toBe(builtEtag);
    expect(
      (await t.app.inject({ url: '/dashboard', headers: { 'if-none-match': dashboard.headers.etag as string } }))
        .statusCode,
    ).toBe(304);

    // A page the browser renders: index.html with the title, and the default description where none was given.
    const help = await t.app.inject({ url: '/help' });
    expect(titleOf(help.body)).toBe('Fixpoint | Connect your rover');
    expect(descriptionOf(help.body)).toMatch(/^A GNSS correction platform/);
    expect(titleOf((await t.app.inject({ url: '/settings/billing' })).body)).toBe('Fixpoint | Your account');
    // Pages without metadata of their own keep theirs, but carry every page's for the browser's later pages.
    const marketplace = (await t.app.inject({ url: '/marketplace' })).body;
    expect(titleOf(marketplace)).toBe('Fixpoint | marketplace');
    const json = marketplace.match(/<script type="application\/json" id="fixpoint-page-meta">(.*?)<\/script>/)?.[1];
    expect(JSON.parse(json ?? '{}')).toEqual({
      dashboard: { title: 'RTK in minutes', description: 'Corrections \u003cfor> every rover.' },
      help: { title: 'Connect your rover', description: '' },
      settings: { title: 'Your account', description: 'Name, password, invoices.' },
    });
    expect(json).not.toContain('<');
  });

  it("puts it into a signed-in person's page rendered on the server too", async () => {
    await put('accounts', { title: 'Your rovers', description: 'Every rover and its access.' });
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'meta@example.com', name: 'Meta Reader', password: 'a good password', termsAccepted: true },
    });
    const cookie = [signUp.headers['set-cookie'] ?? []]
      .flat()
      .map((c) => c.split(';')[0])
      .join('; ');
    const accounts = await t.app.inject({ url: '/accounts', headers: { cookie } });
    expect(accounts.body).toContain('<h1>/accounts</h1>');
    expect(titleOf(accounts.body)).toBe('Fixpoint | Your rovers');
    expect(descriptionOf(accounts.body)).toBe('Every rover and its access.');
  });
});
