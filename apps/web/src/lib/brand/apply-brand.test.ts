import { brands } from '@fixpoint/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { applyBrand } from './apply-brand';
import { createBrandTheme } from './theme';

afterEach(() => {
  document.head.innerHTML = '';
  window.dataLayer = undefined;
});

describe('applyBrand', () => {
  it('sets the favicon and theme colour and loads nothing for a brand without a container', () => {
    document.head.innerHTML = '<link rel="icon" href="/favicon.svg" />';
    applyBrand(brands.akkerpunt, { brand: 'akkerpunt', analyticsScriptUrl: null });
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/brands/akkerpunt/favicon.svg');
    expect(document.querySelectorAll('link[rel="icon"]')).toHaveLength(1);
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#2e7d32');
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(window.dataLayer).toBeUndefined();
  });

  it("loads the tag manager with the brand's container id and starts its data layer, once", () => {
    applyBrand(brands.skyfix, { brand: 'skyfix', analyticsScriptUrl: null });
    applyBrand(brands.skyfix, { brand: 'skyfix', analyticsScriptUrl: null });
    const scripts = document.querySelectorAll<HTMLScriptElement>('script#tag-manager');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-SKYFIX1');
    expect(scripts[0]?.async).toBe(true);
    expect(window.dataLayer).toEqual([expect.objectContaining({ event: 'gtm.js' })]);
  });

  it('loads the configured analytics script', () => {
    applyBrand(brands.fixpoint, { brand: 'fixpoint', analyticsScriptUrl: '/stats/script.js' });
    expect(document.querySelector<HTMLScriptElement>('script#web-analytics')?.getAttribute('src')).toBe(
      '/stats/script.js',
    );
    expect(document.querySelector('script#tag-manager')).toBeNull();
  });
});

describe('createBrandTheme', () => {
  it("makes the brand colour the primary palette's shade 6, with ten shades from light to dark", () => {
    const theme = createBrandTheme(brands.baupunkt);
    expect(theme.primaryColor).toBe('brand');
    const palette = theme.colors?.brand ?? [];
    expect(palette).toHaveLength(10);
    expect(palette[6]).toBe('#c2410c');
    const lightness = palette.map((hex) => {
      const value = Number.parseInt(hex.slice(1), 16);
      return ((value >> 16) & 255) + ((value >> 8) & 255) + (value & 255);
    });
    for (let i = 1; i < 10; i++) expect(lightness[i]).toBeLessThan(lightness[i - 1] as number);
    expect(palette[0]).toMatch(/^#[0-9a-f]{6}$/);
  });
});
