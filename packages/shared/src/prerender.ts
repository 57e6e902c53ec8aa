import { type BrandKey, type Language, languages } from './brands';
import type { TranslationTree } from './i18n';

/**
 * The visitor's pages prerendered on the server (docs/decisions/0053, 0057): the web build's SSR bundle
 * (`dist/ssr/prerender.mjs`) renders each once per language with the app's own components; the server sends it, with
 * this data beside it, to a request for its address that carries no session cookie; the browser hydrates it.
 */
export const prerenderElementId = 'fixpoint-prerender';

/** The pages a visitor gets prerendered, by their address (`/` is the dashboard's too). */
export const prerenderedPages = { dashboard: '/dashboard', marketplace: '/marketplace' } as const;
export type PrerenderedPage = keyof typeof prerenderedPages;

/** The prerendered page at this address, if any. */
export function prerenderedPageAt(path: string): PrerenderedPage | undefined {
  if (path === '/') return 'dashboard';
  return (Object.keys(prerenderedPages) as PrerenderedPage[]).find((page) => prerenderedPages[page] === path);
}

/** What the SSR bundle renders from: the page, the running brand, one language and its whole translation file. */
export interface PrerenderInput {
  page: PrerenderedPage;
  brand: BrandKey;
  language: Language;
  translation: TranslationTree;
}

/** The markup of `#root`, the page's title, and the texts the browser needs to render the same page at once. */
export interface PrerenderOutput {
  html: string;
  title: string;
  texts: TranslationTree;
}

/** The SSR bundle's export `prerenderPage`. */
export type PrerenderPage = (input: PrerenderInput) => Promise<PrerenderOutput>;

/**
 * The JSON beside a prerendered page (`<script type="application/json" id="fixpoint-prerender">`): which page it is,
 * its language and the texts it shows. It is only ever sent for a request without a session cookie, so it also says "signed out".
 */
export interface PrerenderData {
  page: PrerenderedPage;
  language: Language;
  texts: TranslationTree;
  /** index.html's scripts, entry first, which the page's one script (`/hydrate.js`) loads after the first paint. */
  scripts?: string[];
}

const isTree = (value: unknown): value is TranslationTree =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((child) => typeof child === 'string' || isTree(child));

/** The browser's check of that JSON, without zod (docs/decisions/0048); null when it is not what the server writes. */
export function parsePrerenderData(value: unknown): PrerenderData | null {
  if (typeof value !== 'object' || value === null) return null;
  const { page, language, texts } = value as Record<string, unknown>;
  // Not i18n.ts's isLanguage: that module's schemas would join the browser's first load.
  const isLanguage = (languages as readonly unknown[]).includes(language);
  const isPage = typeof page === 'string' && Object.hasOwn(prerenderedPages, page);
  return isPage && isLanguage && isTree(texts)
    ? { page: page as PrerenderedPage, language: language as Language, texts }
    : null;
}
