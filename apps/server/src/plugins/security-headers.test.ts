import { createHash } from 'node:crypto';
import { schema } from '@fixpoint/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import {
  apiDocsContentSecurityPolicy,
  contentSecurityPolicy,
  inlineScriptHashes,
  inlineStyleHashes,
  standalonePageContentSecurityPolicy,
} from './security-headers';

const config = { brand: 'fixpoint', analyticsScriptUrl: null } as const;
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe("the portal page's inline scripts", () => {
  const script = '\n      window.early = [];\n    ';
  const html = `<!doctype html><html><head>
    <script>${script}</script>
    <script type="application/json" id="fixpoint-config">{"brand":"fixpoint"}</script>
    <script type="module" src="/assets/index-1a2b.js"></script>
  </head><body><div id="root"></div></body></html>`;

  it('allows the inline script by the hash of its exact text, and nothing else that is written in the page', () => {
    expect(inlineScriptHashes(html)).toEqual([sha256(script)]);
    const csp = contentSecurityPolicy(config, inlineScriptHashes(html));
    expect(csp).toContain(`script-src 'self' ${sha256(script)} https://js.stripe.com`);
    // A changed script is another hash: the browser would refuse it.
    expect(inlineScriptHashes(html.replace('early', 'late'))).not.toEqual([sha256(script)]);
  });

  it('allows no inline script where the page has none', () => {
    expect(contentSecurityPolicy(config, inlineScriptHashes('<div id="root"></div>'))).toContain(
      "script-src 'self' https://js.stripe.com",
    );
  });
});

/** Pages the server writes beside the portal carry their own strict policies (issue 28). */
describe('the API docs and the local checkout page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the API docs under a policy that allows only its own scripts, styles and requests', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/static/swagger-initializer.js']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode).toBeLessThan(400);
      expect(page.headers['content-security-policy']).toBe(apiDocsContentSecurityPolicy);
    }
    expect(apiDocsContentSecurityPolicy).toContain(
      "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'",
    );
    expect(apiDocsContentSecurityPolicy).toContain("frame-ancestors 'none'");
    expect(apiDocsContentSecurityPolicy).not.toMatch(/script-src[^;]*unsafe/);
  });

  it("serves the local checkout page under a policy that allows its own style block by hash and its form's post", async () => {
    const buyer = await signUpUser(t, 'Strict Buyer');
    const [product] = await t.database.db
      .insert(schema.products)
      .values({ name: 'Pack', type: 'Token', category: 'credits', amount: 500, currency: 'eur', creditsAmount: 10 })
      .returning();
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/checkout/product?priceId=${product?.id}`,
      headers: buyer.headers,
    });
    const page = await t.app.inject({ url: new URL(created.json().url).pathname, headers: buyer.headers });
    expect(page.statusCode).toBe(200);
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.body)?.[1] ?? '';
    expect(page.headers['content-security-policy']).toBe(
      `default-src 'none'; style-src ${sha256(style)}; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    );
  });

  it('hashes each style block of a page, and a changed block is another hash', () => {
    const html = '<style>a{}</style><p>x</p><style media="print">b{}</style>';
    expect(inlineStyleHashes(html)).toEqual([sha256('a{}'), sha256('b{}')]);
    expect(standalonePageContentSecurityPolicy(html)).toContain(`style-src ${sha256('a{}')} ${sha256('b{}')};`);
    expect(inlineStyleHashes(html.replace('a{}', 'a{color:red}'))).not.toContain(sha256('a{}'));
  });
});
