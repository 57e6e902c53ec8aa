import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>Fixpoint</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const bigScript = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ row: i, text: 'RTK corrections' })))};`;

function webConfigOf(html: string) {
  const json = html.match(/<script type="application\/json" id="fixpoint-config">(.*?)<\/script>/)?.[1];
  return json ? JSON.parse(json) : undefined;
}

describe('serving the built web app', () => {
  const dist = mkdtempSync(join(tmpdir(), 'fixpoint-dist-'));
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), indexHtml);
    writeFileSync(join(dist, 'assets', 'index-3f2a1b.js'), 'console.log(1)');
    // What the build writes beside each asset (vite-plugin-compression2).
    writeFileSync(join(dist, 'assets', 'app-9c8d7e.js'), bigScript);
    writeFileSync(join(dist, 'assets', 'app-9c8d7e.js.br'), brotliCompressSync(bigScript));
    writeFileSync(join(dist, 'assets', 'app-9c8d7e.js.gz'), gzipSync(bigScript));
    writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ url: '/assets/index-3f2a1b.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed copy the browser accepts, and says that the answer varies by it', async () => {
    const br = await t.app.inject({
      url: '/assets/app-9c8d7e.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);
    const gz = await t.app.inject({ url: '/assets/app-9c8d7e.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bigScript);
    const plain = await t.app.inject({ url: '/assets/app-9c8d7e.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });

  it('compresses index.html and API answers over 1 KB, and lets index.html be revalidated by its ETag', async () => {
    const page = await t.app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'br' } });
    const etag = page.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ url: '/marketplace', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const docs = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(docs.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(docs.rawPayload).toString()).openapi).toMatch(/^3\./);
    // Small answers are not worth it.
    const health = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('revalidates other files', async () => {
    const res = await t.app.inject({ url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/', '/dashboard', '/admin/feed/42', '/settings/billing?tab=1'])(
    'answers %s with index.html',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('brands every page with the default brand when BRAND is unset, /index.html included', async () => {
    for (const url of ['/', '/index.html', '/accounts']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Fixpoint</title>');
      expect(res.body).toContain('href="/brands/fixpoint/favicon.svg"');
      expect(res.body).not.toContain('href="/favicon.svg"');
      expect(webConfigOf(res.body)).toEqual({ brand: 'fixpoint', analyticsScriptUrl: null });
    }
  });

  it('keeps API misses and non-GET page requests as JSON 404s', async () => {
    for (const [method, url] of [
      ['GET', '/api/unknown'],
      ['DELETE', '/dashboard'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });
});

describe('without a web build', () => {
  it('says how to build it', async () => {
    const t = await createTestApp({ WEB_DIST_DIR: '/nonexistent-dist' });
    const res = await t.app.inject({ url: '/dashboard' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    await t.close();
  });
});

describe('a reseller brand', () => {
  const dist = mkdtempSync(join(tmpdir(), 'fixpoint-dist-'));
  let t: TestApp;
  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), indexHtml);
    t = await createTestApp({
      WEB_DIST_DIR: dist,
      BRAND: 'akkerpunt',
      ANALYTICS_SCRIPT_URL: 'https://stats.example/script.js?site=a&b=</script>',
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("serves index.html with the brand's title, favicon, static language and runtime config", async () => {
    const res = await t.app.inject({ url: '/dashboard' });
    expect(res.body).toContain('<title>Akkerpunt</title>');
    expect(res.body).toContain('<html lang="nl">');
    expect(res.body).toContain('href="/brands/akkerpunt/favicon.svg"');
    expect(res.body).toContain('<meta name="theme-color" content="#2e7d32" />');
    // A `<` in a value cannot close the inline script early.
    expect(res.body.match(/<\/script>/g)).toHaveLength(1);
    expect(webConfigOf(res.body)).toEqual({
      brand: 'akkerpunt',
      analyticsScriptUrl: 'https://stats.example/script.js?site=a&b=</script>',
    });
  });

  it('sends security headers: a CSP on the portal page, nosniff, no framing and a referrer policy everywhere', async () => {
    const page = await t.app.inject({ url: '/dashboard' });
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('worker-src');
    expect(csp).not.toContain("'unsafe-eval'");
    for (const answer of [page, await t.app.inject({ url: '/api/health' })]) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // Served over http here: no HSTS.
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends HSTS when the portal is served over https', async () => {
    const secure = await createTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL: 'https://portal.example.com' });
    try {
      const answer = await secure.app.inject({ url: '/api/health' });
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
    }
  });
});
