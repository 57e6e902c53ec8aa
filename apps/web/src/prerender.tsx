// The server's prerender (docs/decisions/0053, 0057, 0058): built by `npm run build` as an SSR bundle
// (dist/ssr/prerender.mjs) beside the browser's, never sent to a browser. The server calls it once per visitor's page
// and language at start-up, and per request for a signed-in page; the browser hydrates what it returns (main.tsx),
// with the same components, so the two agree.
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type Brand,
  getBrand,
  type Language,
  type PrerenderedPage,
  type PrerenderedQuery,
  type PrerenderPage,
  type PrerenderSignedIn,
  prerenderedPages,
  type SignedInPage,
  signedInPageAt,
  signedInPages,
  type TranslationTree,
} from '@fixpoint/shared';
import { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { accountsQueryOptions } from './api/accounts-api';
import { currentDocumentsQueryOptions } from './api/documents-api';
import { fleetQueryOptions } from './api/fleet-api';
import { healthQueryOptions } from './api/get-health';
import { networksQueryOptions } from './api/networks-api';
import { App } from './app/app';
import { feedNetworkQueryOptions } from './features/admin-feed/api/admin-feed-api';
import { bellLimit, notificationsQueryOptions } from './features/notifications/api/notifications-api';
import { userInvitesQueryOptions } from './features/organizations/api/invites-api';
import { subscriptionPricingTablesQueryOptions, tokenProductsQueryOptions } from './features/pricing/api/pricing-api';
import { setApiTransport } from './lib/api-client';
import { initStaticI18n } from './lib/i18n';
import { LazyPartRecorder } from './lib/lazy-import';
import { authKeys, sessionQueryOptions, userOverviewQueryOptions } from './session/auth-api';
import { personalScope } from './session/owner-scope';

/**
 * Texts a page shows once its data arrive, which the server's render (without data) does not read: they travel with
 * the page, so the list that arrives before the whole translation file shows words, not keys.
 */
const laterGroups: Record<PrerenderedPage, string[]> = {
  dashboard: [],
  marketplace: ['cardTable'],
};

/**
 * What a signed-in page reads on its first screen, with the layout's own reads (the session, the person's overview,
 * the current terms); the same query options as the browser's, so the keys and paths agree. A read left out costs the
 * page a skeleton until the browser has read it, nothing more.
 */
const signedInReads: Record<SignedInPage, (client: QueryClient, parameter: string) => Promise<void>[]> = {
  dashboard: (client) => [
    client.prefetchQuery(healthQueryOptions()),
    client.prefetchQuery(accountsQueryOptions(personalScope)),
    client.prefetchQuery(userInvitesQueryOptions()),
    client.prefetchQuery(subscriptionPricingTablesQueryOptions()),
    client.prefetchQuery(tokenProductsQueryOptions()),
  ],
  accounts: (client) => [
    client.prefetchQuery(accountsQueryOptions(personalScope)),
    client.prefetchQuery(networksQueryOptions()),
    // The health badge on each account (decision 0079).
    client.prefetchQuery(fleetQueryOptions(personalScope)),
  ],
  adminFeedNetwork: (client, networkId) => [client.prefetchQuery(feedNetworkQueryOptions(networkId))],
};

/** Each page's title as its `usePageTitle` sets it. */
const signedInTitles: Record<SignedInPage, (t: TFunction, client: QueryClient, parameter: string) => string> = {
  dashboard: (t) => t('dashboard.title'),
  accounts: (t) => t('accounts.title'),
  adminFeedNetwork: (t, client, networkId) => {
    const name = client.getQueryData(feedNetworkQueryOptions(networkId).queryKey)?.network.name;
    return name ? `${t('adminFeed.title')}: ${name}` : t('adminFeed.title');
  },
};

/** The render's reads go to the server that asked for it, as the person asking (`load`), not to a network. */
const requests = new AsyncLocalStorage<(path: string) => Promise<Response>>();
setApiTransport((input, init) => {
  const load = requests.getStore();
  // Outside a render (a browser test imports this module beside the app), calls go out as they would.
  if (!load) return fetch(input, init);
  if ((init?.method ?? 'GET') !== 'GET') throw new Error('a prerender only reads');
  return load(String(input));
});

/** The app at `at` rendered to HTML, with its title and the translation groups it read. */
async function renderApp({
  brand,
  language,
  translation,
  at,
  groups,
  title,
  props,
}: {
  brand: Brand;
  language: Language;
  translation: TranslationTree;
  at: string;
  groups: Set<string>;
  /** The page's title after the brand's name, as the page's `usePageTitle` sets it. */
  title: (t: TFunction) => string;
  props: { isSignedOut?: boolean; queries?: PrerenderedQuery[] };
}) {
  const i18n = initStaticI18n(language, translation, (group) => groups.add(group));
  const parts = new Set<string>();
  // A static prerender waits for every lazy part it meets (the page, the notification layer). With no chunk size, no
  // boundary is sent apart to be moved in place by an inline script, which the page's Content-Security-Policy would
  // refuse.
  const { prelude } = await prerender(
    <StrictMode>
      <LazyPartRecorder.Provider value={(name) => parts.add(name)}>
        <App i18n={i18n} brand={brand} isPrerendered at={at} {...props} />
      </LazyPartRecorder.Provider>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  return {
    // React puts a preload for each image in front (here the logo), for a page's <head>, which #root is not; the
    // logo comes early in the page anyway.
    html: html.replace(/^(<link [^>]*>)+/, ''),
    title: `${brand.name} | ${title(i18n.t)}`,
    // Whole groups: what the page shows right after hydrating (the phone's menu, the service status) is there too.
    texts: Object.fromEntries([...groups].sort().map((group) => [group, translation[group]])) as TranslationTree,
    parts: [...parts].sort(),
  };
}

export const prerenderPage: PrerenderPage = ({ page, brand, language, translation }) =>
  renderApp({
    brand: getBrand(brand),
    language,
    translation,
    // `/` leads to the dashboard (the router's catch-all); the browser takes that address before it hydrates.
    at: prerenderedPages[page],
    groups: new Set(laterGroups[page]),
    title: (t) => t(`${page}.title`),
    props: { isSignedOut: true },
  });

/**
 * A signed-in page with the person's data (docs/decisions/0058): the layout's and the page's reads through `load`,
 * then the page rendered with their answers (a read that failed is left to the browser). Null when the cookie signs
 * no one in.
 */
export const prerenderSignedIn: PrerenderSignedIn = async ({ path, brand, language, translation, load }) => {
  const page = signedInPageAt(path);
  if (!page) return null;
  const parameter = signedInPages[page].exec(path)?.[1] ?? '';
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await requests.run(load, () =>
    Promise.all([
      client.prefetchQuery(sessionQueryOptions()),
      client.prefetchQuery(userOverviewQueryOptions()),
      client.prefetchQuery(currentDocumentsQueryOptions()),
      // The bell's unread count in the top bar (issue 31).
      client.prefetchQuery(notificationsQueryOptions(personalScope, bellLimit)),
      ...signedInReads[page](client, parameter),
    ]),
  );
  if (!client.getQueryData(authKeys.session())) return null;
  const queries = client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success')
    .map((query) => ({ key: [...query.queryKey], data: query.state.data, updatedAt: query.state.dataUpdatedAt }));
  const at = page === 'dashboard' ? prerenderedPages.dashboard : path;
  const rendered = await renderApp({
    brand: getBrand(brand),
    language,
    translation,
    at,
    groups: new Set(),
    title: (t) => signedInTitles[page](t, client, parameter),
    props: { queries },
  });
  return { ...rendered, path: at, queries };
};
