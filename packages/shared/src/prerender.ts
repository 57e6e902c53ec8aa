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

/**
 * The signed-in pages the server renders per request, with the person's data (docs/decisions/0058): a request with a
 * session cookie for one of these addresses. Each pattern's one group is the page's parameter.
 */
export const signedInPages = {
  // `/` is the dashboard's too, as for a visitor.
  dashboard: /^\/(?:dashboard)?$/,
  accounts: /^\/accounts$/,
  adminFeedNetwork: /^\/admin\/feed\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/,
} as const;
export type SignedInPage = keyof typeof signedInPages;

/** The signed-in page at this address, if any. */
export function signedInPageAt(path: string): SignedInPage | undefined {
  return (Object.keys(signedInPages) as SignedInPage[]).find((page) => signedInPages[page].test(path));
}

/** An answer the server's render of a signed-in page read, to seed the browser's query cache with. */
export interface PrerenderedQuery {
  key: unknown[];
  data: unknown;
  /** When the server read it (epoch ms): the browser reads it again once it is older than its query allows. */
  updatedAt: number;
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
  /** The lazy parts (code-split components, by name) the page is made of: the browser loads them before hydrating. */
  parts: string[];
}

/** The SSR bundle's export `prerenderPage`. */
export type PrerenderPage = (input: PrerenderInput) => Promise<PrerenderOutput>;

/**
 * A signed-in page's render: its address, and how the SSR bundle reaches the API as the person asking (the server
 * answers the request itself, with their cookie; GET only).
 */
export interface SignedInPrerenderInput extends Omit<PrerenderInput, 'page'> {
  path: string;
  load: (path: string) => Promise<Response>;
}

/** The signed-in page, its address (the dashboard's for `/`), and the answers it was rendered with. */
export interface SignedInPrerenderOutput extends PrerenderOutput {
  path: string;
  queries: PrerenderedQuery[];
}

/** The SSR bundle's export `prerenderSignedIn`: null when the cookie signs no one in (the browser renders the page). */
export type PrerenderSignedIn = (input: SignedInPrerenderInput) => Promise<SignedInPrerenderOutput | null>;

/**
 * The JSON beside a prerendered page (`<script type="application/json" id="fixpoint-prerender">`): which page it is,
 * its language and the texts it shows. A visitor's page is only ever sent for a request without a session cookie, so
 * without `signedIn` it also says "signed out".
 */
export interface PrerenderData {
  page: PrerenderedPage | SignedInPage;
  language: Language;
  texts: TranslationTree;
  /** index.html's scripts, entry first, which the page's one script (`/hydrate.js`) loads after the first paint. */
  scripts?: string[];
  /** The lazy parts the page is made of, which the browser loads before it hydrates (docs/decisions/0059). */
  parts?: string[];
  /** A signed-in page's (decision 0058). */
  signedIn?: {
    /** The address rendered. */
    path: string;
    /** The server's time zone, in which the page's dates are written: a browser in another renders the page anew. */
    timeZone: string;
    queries: PrerenderedQuery[];
  };
}

const isTree = (value: unknown): value is TranslationTree =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((child) => typeof child === 'string' || isTree(child));

/** The browser's check of that JSON, without zod (docs/decisions/0048); null when it is not what the server writes. */
export function parsePrerenderData(value: unknown): PrerenderData | null {
  if (typeof value !== 'object' || value === null) return null;
  const { page, language, texts, parts, signedIn } = value as Record<string, unknown>;
  // Not i18n.ts's isLanguage: that module's schemas would join the browser's first load.
  const isLanguage = (languages as readonly unknown[]).includes(language);
  const isVisitorPage = typeof page === 'string' && Object.hasOwn(prerenderedPages, page);
  const isSignedInPage = typeof page === 'string' && Object.hasOwn(signedInPages, page);
  const isParts = parts === undefined || (Array.isArray(parts) && parts.every((part) => typeof part === 'string'));
  if (!isLanguage || !isTree(texts) || !isParts) return null;
  const data = {
    page: page as PrerenderedPage | SignedInPage,
    language: language as Language,
    texts,
    ...(parts !== undefined && { parts: parts as string[] }),
  };
  if (isVisitorPage && signedIn === undefined) return data;
  const session = parseSignedIn(signedIn);
  return isSignedInPage && session ? { ...data, signedIn: session } : null;
}

const isQuery = (value: unknown): value is PrerenderedQuery =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as PrerenderedQuery).key) &&
  Number.isFinite((value as PrerenderedQuery).updatedAt);

function parseSignedIn(value: unknown): PrerenderData['signedIn'] | null {
  if (typeof value !== 'object' || value === null) return null;
  const { path, timeZone, queries } = value as Record<string, unknown>;
  const isValid =
    typeof path === 'string' && typeof timeZone === 'string' && Array.isArray(queries) && queries.every(isQuery);
  return isValid ? { path, timeZone, queries: queries as PrerenderedQuery[] } : null;
}
