import type { Brand, WebConfig } from '@fixpoint/shared';
import { loadAnalyticsScript, loadTagManager } from '../analytics';

/**
 * Start-up work of a brand outside React (spec 1): favicon and theme colour (the server already wrote them into
 * index.html; this keeps a plain Vite build right too), the tag manager when the brand has a container, and the
 * web-analytics script when one is configured. Colours reach the components through the Mantine theme.
 */
export function applyBrand(brand: Brand, config: WebConfig, doc: Document = document) {
  let icon = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!icon) {
    icon = doc.createElement('link');
    icon.rel = 'icon';
    doc.head.appendChild(icon);
  }
  icon.type = 'image/svg+xml';
  icon.setAttribute('href', brand.favicon);

  let themeColor = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!themeColor) {
    themeColor = doc.createElement('meta');
    themeColor.name = 'theme-color';
    doc.head.appendChild(themeColor);
  }
  themeColor.content = brand.primaryColor;

  if (brand.tagManagerId) loadTagManager(brand.tagManagerId, doc);
  if (config.analyticsScriptUrl) loadAnalyticsScript(config.analyticsScriptUrl, doc);
}
