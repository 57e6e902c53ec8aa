import { describe, expect, it } from 'vitest';
import {
  brandKeySchema,
  brandKeys,
  brands,
  defaultBrandKey,
  getBrand,
  renderIndexHtml,
  webConfigElementId,
  webConfigSchema,
} from './brands';

const builtIndex = `<!doctype html>
<html lang="en">
  <head>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>Fixpoint</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('brand registry', () => {
  it('has the default brand and at least three reseller brands, each complete', () => {
    expect(brandKeys[0]).toBe(defaultBrandKey);
    expect(brandKeys.length).toBeGreaterThanOrEqual(4);
    for (const key of brandKeys) {
      const brand = getBrand(key);
      expect(brand.key).toBe(key);
      expect(brand.name.length).toBeGreaterThan(0);
      expect(brand.logo).toBe(`/brands/${key}/logo.svg`);
      expect(brand.favicon).toBe(`/brands/${key}/favicon.svg`);
      expect(brand.primaryColor).toMatch(/^#[0-9a-f]{6}$/);
      expect(brand.cardPayment.colorPrimary).toBe(brand.primaryColor);
      // No brand sends people to an address of its own that does not exist: terms and help are the portal's pages.
      expect(brand.termsUrl).toBeUndefined();
      expect(brand.helpUrl).toBeUndefined();
      expect(brand.domain).toBe(`${key}.example`);
    }
    expect(new Set(brandKeys.map((key) => getBrand(key).primaryColor)).size).toBe(brandKeys.length);
  });

  it('shows promotion only for the default brand and defaults to the dark map for it and one other', () => {
    expect(brandKeys.filter((key) => getBrand(key).showPromotion)).toEqual([defaultBrandKey]);
    const dark = brandKeys.filter((key) => getBrand(key).darkMap);
    expect(dark).toHaveLength(2);
    expect(dark).toContain(defaultBrandKey);
  });

  it('has reseller brands with a static language and one with a tag-manager container', () => {
    expect(brandKeys.some((key) => getBrand(key).staticLanguage)).toBe(true);
    expect(brandKeys.filter((key) => getBrand(key).tagManagerId)).toEqual(['skyfix']);
    expect(brands.fixpoint).not.toHaveProperty('staticLanguage');
  });

  it('rejects an unknown key with a branding error naming the allowed keys', () => {
    expect(brandKeySchema.parse('skyfix')).toBe('skyfix');
    const result = brandKeySchema.safeParse('acme');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      `Branding error: unknown brand "acme". Allowed brands: ${brandKeys.join(', ')}.`,
    );
    // Inherited object keys are not brands.
    expect(brandKeySchema.safeParse('toString').success).toBe(false);
  });
});

describe('renderIndexHtml', () => {
  function configIn(html: string) {
    const match = html.match(new RegExp(`<script type="application/json" id="${webConfigElementId}">(.*?)</script>`));
    return webConfigSchema.parse(JSON.parse(match?.[1] ?? 'null'));
  }

  it('sets title, favicon and theme colour, and embeds the runtime config', () => {
    const html = renderIndexHtml(builtIndex, { brand: 'skyfix', analyticsScriptUrl: '/stats.js' });
    expect(html).toContain('<title>SkyFix</title>');
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="/brands/skyfix/favicon.svg" />');
    expect(html).not.toContain('href="/favicon.svg"');
    expect(html).toContain('<meta name="theme-color" content="#6d28d9" />');
    expect(html).toContain('<html lang="en">');
    expect(configIn(html)).toEqual({ brand: 'skyfix', analyticsScriptUrl: '/stats.js' });
  });

  it("sets the html language of a brand's static language", () => {
    expect(renderIndexHtml(builtIndex, { brand: 'baupunkt', analyticsScriptUrl: null })).toContain('<html lang="de">');
  });

  it('keeps hostile values inert: no early script end, no replacement patterns', () => {
    const url = "https://x.example/a.js?q=</script><script>alert(1)</script>&r=$'$&";
    const html = renderIndexHtml(builtIndex, { brand: 'fixpoint', analyticsScriptUrl: url });
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(configIn(html).analyticsScriptUrl).toBe(url);
    expect(html.indexOf('</head>')).toBeGreaterThan(html.indexOf(webConfigElementId));
  });
});
