/**
 * Page metadata as it reaches the browser (docs/decisions/0074): which page an address is, for the titles and
 * descriptions an admin sets with `PUT /api/meta/pages/{page}`. Free of zod: the browser's first load reads it.
 */

/** Default page description (spec 1). */
export const defaultDescription =
  'A GNSS correction platform providing accurate real-time RTK and RINEX post-processing data on demand.';

/** The pages whose title and description an admin may set, with the addresses each covers. */
export const metaPagePaths = {
  dashboard: ['/', '/dashboard'],
  marketplace: ['/marketplace'],
  map: ['/map'],
  accounts: ['/accounts'],
  subscriptions: ['/subscriptions'],
  credits: ['/credits'],
  settings: ['/settings', '/settings/*'],
  checkout: ['/checkout'],
  rinex: ['/rinex'],
  status: ['/status'],
  help: ['/help'],
  terms: ['/legal/terms'],
  privacy: ['/legal/privacy'],
  login: ['/login'],
  signup: ['/signup', '/register'],
} as const satisfies Record<string, readonly string[]>;

export type MetaPage = keyof typeof metaPagePaths;

/** The page an address is (its path, without query), or undefined for pages without metadata of their own. */
export function metaPageAt(path: string): MetaPage | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return (Object.keys(metaPagePaths) as MetaPage[]).find((page) =>
    (metaPagePaths[page] as readonly string[]).some((pattern) =>
      pattern.endsWith('/*') ? clean.startsWith(pattern.slice(0, -1)) : clean === pattern,
    ),
  );
}

/** What an admin set for a page. */
export interface StoredPageMeta {
  title: string;
  description: string;
}

/** Every page's stored metadata by page key: only the pages an admin has set. */
export type StoredPageMetas = Record<string, StoredPageMeta>;

/** The JSON element the server writes into every page it sends when an admin has set any metadata. */
export const pageMetaElementId = 'fixpoint-page-meta';

/** The browser's check of what the server wrote: entries that are not two strings are dropped. */
export function parseStoredPageMetas(value: unknown): StoredPageMetas {
  if (typeof value !== 'object' || value === null) return {};
  const out: StoredPageMetas = {};
  for (const [page, meta] of Object.entries(value as Record<string, unknown>)) {
    const { title, description } = (meta ?? {}) as Record<string, unknown>;
    if (typeof title === 'string' && typeof description === 'string') out[page] = { title, description };
  }
  return out;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A page as sent with the admin's metadata: `<title>` (brand, ' | ', the admin's title) and the description meta of
 * the page at `path` when an admin set them, and all stored metadata as JSON for the browser's later pages. The page
 * comes back unchanged when nothing is stored.
 */
export function applyPageMeta(html: string, path: string, brandName: string, metas: StoredPageMetas): string {
  if (Object.keys(metas).length === 0) return html;
  const page = metaPageAt(path);
  const meta = page ? metas[page] : undefined;
  let out = html;
  if (meta) {
    out = out.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(`${brandName} | ${meta.title}`)}</title>`);
    // An empty description leaves the default one.
    if (meta.description) {
      out = out.replace(
        /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
        () => `<meta name="description" content="${escapeHtml(meta.description)}" />`,
      );
    }
  }
  const json = JSON.stringify(metas).replace(/</g, '\\u003c');
  const element = `<script type="application/json" id="${pageMetaElementId}">${json}</script>`;
  return out.includes('</head>') ? out.replace('</head>', () => `  ${element}\n  </head>`) : `${element}\n${out}`;
}
