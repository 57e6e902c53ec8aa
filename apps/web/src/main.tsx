import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/device.css';
import { prerenderedPageAt } from '@fixpoint/shared';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/router';
import { brand, webConfig } from './config/brand';
import { paths } from './config/paths';
import { applyBrand } from './lib/brand/apply-brand';
import { EarlyInputRelease } from './lib/early-input';
import { initI18n } from './lib/i18n';
import { loadLazyParts } from './lib/lazy-import';
import { readPrerendered } from './lib/prerendered';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

applyBrand(brand, webConfig);

const prerendered = readPrerendered();
const i18n = initI18n(undefined, { lng: brand.staticLanguage, prerendered: prerendered ?? undefined });
// The same page in the browser: its language (a visitor may have chosen another than their browser asks for; the
// first of i18next's languages, `de` for `de-DE`) and its address (not with an anchor; `/` is the dashboard's, where
// the router sends it as the server did). A signed-in page's dates are written in the server's time zone: a browser in
// another renders the page anew, with the answers the server read (docs/decisions/0058).
const signedIn = prerendered?.signedIn;
const pathOf = (pathname: string) => (pathname === '/' ? paths.dashboard.getHref() : pathname);
const isSamePage =
  prerendered !== null &&
  i18n.languages?.[0] === prerendered.language &&
  window.location.hash === '' &&
  (signedIn
    ? pathOf(window.location.pathname) === signedIn.path &&
      Intl.DateTimeFormat().resolvedOptions().timeZone === signedIn.timeZone
    : prerenderedPageAt(window.location.pathname) === prerendered.page);
const app = (
  <StrictMode>
    <App
      i18n={i18n}
      isSignedOut={prerendered !== null && !signedIn}
      isPrerendered={isSamePage}
      queries={signedIn?.queries}
    />
    <EarlyInputRelease />
  </StrictMode>
);

if (isSamePage) {
  if (window.location.pathname === '/') {
    window.history.replaceState(window.history.state, '', `${paths.dashboard.getHref()}${window.location.search}`);
  }
  // As a transition, hydrating yields to the browser every few milliseconds instead of holding the main thread for
  // the whole page (a default-priority hydration runs in one task); a click meanwhile hydrates its part first. It
  // starts once the page's lazy parts are here, so that it meets none still loading (docs/decisions/0059). Their
  // loads start in a task of their own: the preload links Vite inserts for their chunks (about fifty) would lengthen
  // the entry's evaluation, the longest task of the page's start.
  setTimeout(() => {
    preloadPage(window.location.pathname);
    void loadLazyParts(prerendered.parts ?? []).then(() =>
      startTransition(() => {
        hydrateRoot(root, app);
      }),
    );
  });
} else {
  // The page's own chunk starts loading now, beside the app's first scripts, not when the router reaches it.
  preloadPage(window.location.pathname);
  // Anything else renders in the browser alone, replacing what the server sent.
  createRoot(root).render(app);
}
