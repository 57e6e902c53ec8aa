import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes } from './security-headers';

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
