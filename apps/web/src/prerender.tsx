// The server's prerender of the visitor's pages (docs/decisions/0053, 0057): built by `npm run build` as an SSR bundle
// (dist/ssr/prerender.mjs) beside the browser's, never sent to a browser. The server calls it once per page and
// language at start-up; the browser hydrates what it returns (main.tsx), with the same components, so the two agree.
import {
  getBrand,
  type PrerenderedPage,
  type PrerenderPage,
  prerenderedPages,
  type TranslationTree,
} from '@fixpoint/shared';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from './app/app';
import { initStaticI18n } from './lib/i18n';

/**
 * Texts a page shows once its data arrive, which the server's render (without data) does not read: they travel with
 * the page, so the list that arrives before the whole translation file shows words, not keys.
 */
const laterGroups: Record<PrerenderedPage, string[]> = {
  dashboard: [],
  marketplace: ['cardTable'],
};

export const prerenderPage: PrerenderPage = async ({ page, brand: brandKey, language, translation }) => {
  const brand = getBrand(brandKey);
  const groups = new Set<string>(laterGroups[page]);
  const i18n = initStaticI18n(language, translation, (group) => groups.add(group));
  // A static prerender waits for every lazy part it meets (the page, the notification layer). With no chunk size, no
  // boundary is sent apart to be moved in place by an inline script, which the page's Content-Security-Policy would
  // refuse.
  const { prelude } = await prerender(
    <StrictMode>
      {/* `/` leads to the dashboard (the router's catch-all); the browser takes that address before it hydrates. */}
      <App i18n={i18n} brand={brand} isSignedOut isPrerendered at={prerenderedPages[page]} />
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  return {
    // React puts a preload for each image in front (here the logo), for a page's <head>, which #root is not; the
    // logo comes early in the page anyway.
    html: html.replace(/^(<link [^>]*>)+/, ''),
    title: `${brand.name} | ${i18n.t(`${page}.title`)}`,
    // Whole groups: what the page shows right after hydrating (the phone's menu, the service status) is there too.
    texts: Object.fromEntries([...groups].sort().map((group) => [group, translation[group]])) as TranslationTree,
  };
};
