import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../modules/auth/admin-bootstrap';
import { seedNetwork } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>Fixpoint</title>
    <link rel="preload" href="/locales/en/translation.json" as="fetch" crossorigin />
    <script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-Ef56Gh78.js">
    <link rel="modulepreload" crossorigin href="/assets/paths-Ij90Kl12.js">
    <link rel="stylesheet" crossorigin href="/assets/index-Mn34Op56.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

const headings = { en: 'RTK corrections for every rover', de: 'RTK-Korrekturen für jeden Rover', nl: 'RTK-correcties' };
const marketplaceHeadings = { en: 'Network coverage', de: 'Netzabdeckung', nl: 'Netwerkdekking' };

// Stands in for the web build's SSR bundle (apps/web/src/prerender.tsx, built to dist/ssr/prerender.mjs): renders
// the page's heading from the translation the server hands it, and fails for Dutch, as a broken render would.
const fakeBundle = `
export async function prerenderPage({ page, brand, language, translation }) {
  if (language === 'nl') throw new Error('broken render');
  return {
    html: '<main><h1>' + translation[page].heading + '</h1><p>' + brand + '</p></main>',
    title: 'Fixpoint | ' + translation[page].title,
    texts: { [page]: translation[page] },
    parts: [page === 'dashboard' ? 'Dashboard' : 'Marketplace', 'Notifications'],
  };
}

// And its signed-in render: reads the session and the page's API answer through the server, as the real one does.
export async function prerenderSignedIn({ path, brand, language, load }) {
  if (language === 'nl') throw new Error('broken render');
  const session = await (await load('/api/auth/get-session')).json();
  if (!session) return null;
  const page = path === '/' ? '/dashboard' : path;
  const answer = await load(page === '/accounts' ? '/api/accounts' : page === '/dashboard' ? '/api/user' : '/api' + page);
  const data = answer.ok ? await answer.json() : { status: answer.status };
  return {
    html: '<main><h1>' + session.user.email + '</h1><p>' + brand + '</p><pre>' + JSON.stringify(data) + '</pre></main>',
    title: 'Fixpoint | ' + page,
    texts: {},
    parts: [page === '/accounts' ? 'AccountsPage' : 'Dashboard'],
    path: page,
    queries: [{ key: ['page'], data, updatedAt: 1 }],
  };
}`;

function prerenderDataOf(html: string) {
  const json = html.match(/<script type="application\/json" id="fixpoint-prerender">(.*?)<\/script>/)?.[1];
  return json ? JSON.parse(json) : undefined;
}

function writeDist(dist: string) {
  mkdirSync(join(dist, 'ssr'));
  writeFileSync(join(dist, 'index.html'), indexHtml);
  writeFileSync(join(dist, 'ssr', 'prerender.mjs'), fakeBundle);
  // What the build writes: each lazy part's chunk and the chunks it imports (one of them the entry's already).
  const parts = {
    Dashboard: ['/assets/dashboard-Qr78St90.js', '/assets/react-Ef56Gh78.js'],
    AccountsPage: ['/assets/accounts-page-Uv12Wx34.js', '/assets/table-Yz56Ab78.js', '/assets/react-Ef56Gh78.js'],
  };
  writeFileSync(join(dist, 'parts.json'), JSON.stringify(parts));
  for (const [language, heading] of Object.entries(headings)) {
    mkdirSync(join(dist, 'locales', language), { recursive: true });
    const marketplace = marketplaceHeadings[language as keyof typeof marketplaceHeadings];
    const translation = {
      dashboard: { heading, title: language === 'de' ? 'Übersicht' : 'Dashboard' },
      marketplace: { heading: marketplace, title: marketplace },
    };
    writeFileSync(join(dist, 'locales', language, 'translation.json'), JSON.stringify(translation));
  }
}

describe("a visitor's dashboard and marketplace, prerendered (docs/decisions/0053, 0057)", () => {
  const dist = mkdtempSync(join(tmpdir(), 'fixpoint-dist-'));
  let t: TestApp;
  let sessionCookie: string;
  beforeAll(async () => {
    writeDist(dist);
    t = await createTestApp({ WEB_DIST_DIR: dist });
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'prerender@example.com', name: 'Pre Render', password: 'a good password', termsAccepted: true },
    });
    const setCookie = [signUp.headers['set-cookie'] ?? []].flat();
    sessionCookie = setCookie.map((cookie) => cookie.split(';')[0]).join('; ');
    expect(sessionCookie).toMatch(/session_token=/);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/dashboard'])('answers %s without a session cookie with the dashboard in the HTML', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(`<div id="root"><main><h1>${headings.en}</h1><p>fixpoint</p></main></div>`);
    expect(res.body).toContain('<html lang="en" data-mantine-color-scheme="light">');
    expect(res.body).toContain('<title>Fixpoint | Dashboard</title>');
    // The page carries its texts: no preload of the translation file.
    expect(res.body).not.toContain('rel="preload" href="/locales/');
    // Its scripts load once it has painted: one script tag, the rest listed for it, with the chunks of the lazy parts
    // it is made of, each once (a part the build does not list, here Notifications, is left to the browser).
    expect(prerenderDataOf(res.body)).toEqual({
      page: 'dashboard',
      language: 'en',
      texts: { dashboard: expect.any(Object) },
      scripts: [
        '/assets/index-Ab12Cd34.js',
        '/assets/react-Ef56Gh78.js',
        '/assets/paths-Ij90Kl12.js',
        '/assets/dashboard-Qr78St90.js',
      ],
      parts: ['Dashboard', 'Notifications'],
    });
    expect(res.body.match(/<script type="module"[^>]*>/g)).toEqual(['<script type="module" src="/hydrate.js">']);
    expect(res.body).not.toContain('modulepreload');
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-Mn34Op56.css">');
    // Branded as index.html is; data, not script: the CSP stays as it is.
    expect(res.body).toContain('id="fixpoint-config"');
    expect(res.headers['content-security-policy']).toContain("script-src 'self' https://js.stripe.com");
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers.vary).toMatch(/accept-language/i);
  });

  it('answers /marketplace without a session cookie with the marketplace, in the language asked for', async () => {
    const res = await t.app.inject({ url: '/marketplace', headers: { 'accept-language': 'de-DE' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<div id="root"><main><h1>${marketplaceHeadings.de}</h1><p>fixpoint</p></main></div>`);
    expect(res.body).toContain(`<title>Fixpoint | ${marketplaceHeadings.de}</title>`);
    expect(prerenderDataOf(res.body)).toMatchObject({ page: 'marketplace', language: 'de' });
    expect(res.headers.vary).toMatch(/cookie/i);
    // Its own ETag, not the dashboard's.
    const dashboard = await t.app.inject({ url: '/dashboard', headers: { 'accept-language': 'de-DE' } });
    expect(res.headers.etag).not.toBe(dashboard.headers.etag);
  });

  it('answers a signed-in browser with its own dashboard or index.html, never the visitor content', async () => {
    for (const url of ['/', '/dashboard', '/marketplace']) {
      const res = await t.app.inject({ url, headers: { cookie: `theme=dark; ${sessionCookie}` } });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(headings.en);
      expect(res.body).not.toContain(marketplaceHeadings.en);
      expect(res.headers.vary).toMatch(/cookie/i);
      if (url === '/marketplace') {
        expect(res.body).toContain('<div id="root"></div>');
        expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>');
        expect(res.body).not.toContain('fixpoint-prerender');
      } else {
        // The person's dashboard (decision 0058), `/` rendered at the dashboard's address as for a visitor.
        expect(res.body).toContain('<h1>prerender@example.com</h1>');
        expect(res.body).toContain('"username":"Pre Render"');
        expect(prerenderDataOf(res.body)).toMatchObject({ page: 'dashboard', signedIn: { path: '/dashboard' } });
        expect(res.headers['cache-control']).toBe('private, no-cache');
      }
    }
  });

  it('prerenders in the language the browser asks for, English when it asks for none of ours', async () => {
    const german = await t.app.inject({ url: '/', headers: { 'accept-language': 'fr-CH, de;q=0.8, en;q=0.5' } });
    expect(german.body).toContain(`<h1>${headings.de}</h1>`);
    expect(german.body).toContain('<html lang="de" data-mantine-color-scheme="light">');
    expect(german.body).toContain('<title>Fixpoint | Übersicht</title>');
    expect(prerenderDataOf(german.body).language).toBe('de');
    const french = await t.app.inject({ url: '/', headers: { 'accept-language': 'fr' } });
    expect(french.body).toContain(`<h1>${headings.en}</h1>`);
  });

  it('falls back to index.html for a language whose render failed', async () => {
    const dutch = await t.app.inject({ url: '/', headers: { 'accept-language': 'nl' } });
    expect(dutch.statusCode).toBe(200);
    expect(dutch.body).toContain('<div id="root"></div>');
  });

  it('revalidates each page by its own ETag', async () => {
    const visitor = await t.app.inject({ url: '/' });
    const etag = visitor.headers.etag as string;
    expect((await t.app.inject({ url: '/dashboard', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    // The same ETag from a signed-in browser is not its page's.
    const signedIn = await t.app.inject({ url: '/', headers: { 'if-none-match': etag, cookie: sessionCookie } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers.etag).not.toBe(etag);
    const german = await t.app.inject({ url: '/', headers: { 'if-none-match': etag, 'accept-language': 'de' } });
    expect(german.statusCode).toBe(200);
  });

  it('leaves other pages, addresses with a query and the SSR bundle itself alone', async () => {
    const network = '/marketplace/5d1c0a4e-7f0b-4c2a-9a57-6e7f0c1d2e3f';
    for (const url of [
      network,
      '/accounts',
      '/marketplace?lng=de',
      '/dashboard?contact=sales',
      '/?lng=de',
      '/index.html',
      '/ssr/prerender.mjs',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<div id="root"></div>');
    }
    expect((await t.app.inject({ url: network })).headers.vary).toBeUndefined();
  });
});

describe("signed-in pages rendered with the person's data (docs/decisions/0058)", () => {
  const dist = mkdtempSync(join(tmpdir(), 'fixpoint-dist-'));
  let t: TestApp;
  const cookies: Record<'ann' | 'ben' | 'admin', string> = { ann: '', ben: '', admin: '' };
  let networkId: string;
  const cookieOf = (headers: Record<string, unknown>) =>
    [headers['set-cookie'] ?? []]
      .flat()
      .map((cookie) => String(cookie).split(';')[0])
      .join('; ');
  beforeAll(async () => {
    writeDist(dist);
    t = await createTestApp({ WEB_DIST_DIR: dist });
    const password = randomBytes(12).toString('hex');
    for (const name of ['ann', 'ben'] as const) {
      const signUp = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email: `${name}@example.com`, name, password, termsAccepted: true },
      });
      cookies[name] = cookieOf(signUp.headers);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/accounts',
        headers: { authorization: `Bearer ${signUp.headers['set-auth-token']}` },
        payload: { name: `${name} rover` },
      });
      expect(created.statusCode).toBe(201);
    }
    const admin = { email: 'boss@example.com', password: randomBytes(12).toString('hex') };
    await ensureAdmin({ auth: t.app.auth, db: t.database.db }, admin);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: admin });
    cookies.admin = cookieOf(signIn.headers);
    networkId = (await seedNetwork(t.database.db, { name: 'Alpha Feed' }, 2)).id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("answers /accounts with the person's own accounts, for no cache but theirs", async () => {
    for (const [name, other] of [
      ['ann', 'ben'],
      ['ben', 'ann'],
    ] as const) {
      const res = await t.app.inject({ url: '/accounts', headers: { cookie: cookies[name] } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<div id="root"><main><h1>${name}@example.com</h1><p>fixpoint</p>`);
      expect(res.body).toContain(`${name} rover`);
      expect(res.body).not.toContain(`${other} rover`);
      expect(res.body).not.toContain(`${other}@example.com`);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers.vary).toMatch(/cookie/i);
      expect(res.headers['content-security-policy']).toContain("script-src 'self' https://js.stripe.com");
      const data = prerenderDataOf(res.body);
      expect(data).toMatchObject({
        page: 'accounts',
        language: 'en',
        signedIn: { path: '/accounts', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
      });
      expect(data.signedIn.queries[0].data).toEqual([expect.objectContaining({ name: `${name} rover` })]);
      expect(data.parts).toEqual(['AccountsPage']);
      expect(data.scripts.slice(3)).toEqual(['/assets/accounts-page-Uv12Wx34.js', '/assets/table-Yz56Ab78.js']);
      // Scripts load after the first paint, as on the visitor's pages.
      expect(res.body.match(/<script type="module"[^>]*>/g)).toEqual(['<script type="module" src="/hydrate.js">']);
    }
  });

  it("reads the API as the person asking: a user's read of an admin feed is refused, the admin's is not", async () => {
    const path = `/admin/feed/${networkId}`;
    const user = await t.app.inject({ url: path, headers: { cookie: cookies.ann } });
    expect(user.body).toContain('{"status":403}');
    expect(user.body).not.toContain('Alpha Feed');
    const admin = await t.app.inject({ url: path, headers: { cookie: cookies.admin } });
    expect(admin.body).toContain('<h1>boss@example.com</h1>');
    expect(admin.body).toContain('Alpha Feed');
    expect(prerenderDataOf(admin.body)).toMatchObject({ page: 'adminFeedNetwork', signedIn: { path } });
  });

  it('leaves the page to the browser for a cookie that signs no one in, a query, another page or a failed render', async () => {
    const [cookieName = ''] = cookies.ann.split('=');
    for (const [url, headers] of [
      ['/accounts', { cookie: `${cookieName}=forged.${randomBytes(16).toString('base64url')}` }],
      ['/accounts?network=x', { cookie: cookies.ann }],
      ['/credits', { cookie: cookies.ann }],
      ['/admin/feed/not-a-network', { cookie: cookies.admin }],
      ['/accounts', { cookie: cookies.ann, 'accept-language': 'nl' }],
    ] as const) {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('fixpoint-prerender');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });
});

describe("a brand's static language", () => {
  const dist = mkdtempSync(join(tmpdir(), 'fixpoint-dist-'));
  let t: TestApp;
  beforeAll(async () => {
    writeDist(dist);
    t = await createTestApp({ WEB_DIST_DIR: dist, BRAND: 'baupunkt' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('is the only one prerendered, whatever the browser asks for', async () => {
    const res = await t.app.inject({ url: '/', headers: { 'accept-language': 'en-GB, en' } });
    expect(res.body).toContain(`<h1>${headings.de}</h1><p>baupunkt</p>`);
    expect(res.body).toContain('<html lang="de" data-mantine-color-scheme="light">');
    expect(res.headers.vary).toMatch(/^cookie/i);
    expect(res.headers.vary).not.toMatch(/accept-language/i);
  });
});
