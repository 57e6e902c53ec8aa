import {
  type Brand,
  defaultBrandKey,
  getBrand,
  parseWebConfig,
  type WebConfig,
  webConfigElementId,
} from '@fixpoint/shared';

const defaultWebConfig: WebConfig = { brand: defaultBrandKey, analyticsScriptUrl: null };

/**
 * The runtime settings the server put into index.html (docs/decisions/0015): one build serves every brand. Without
 * them (a plain Vite build, unit tests, the server's prerender, which passes its brand to the app) the default brand
 * runs and no analytics script loads.
 */
export function readWebConfig(doc: Document | undefined = globalThis.document): WebConfig {
  const text = doc?.getElementById(webConfigElementId)?.textContent;
  if (!text) return defaultWebConfig;
  let config: WebConfig | null = null;
  try {
    config = parseWebConfig(JSON.parse(text));
  } catch {
    // not JSON: handled below like any other invalid config
  }
  if (config) return config;
  console.warn('Ignoring an invalid runtime config in index.html');
  return defaultWebConfig;
}

export const webConfig = readWebConfig();

/** The running brand. Components read it through useBrand() (features/brand) so tests can render other brands. */
export const brand: Brand = getBrand(webConfig.brand);
