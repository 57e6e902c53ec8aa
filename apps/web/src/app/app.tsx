import type { Brand, PrerenderedQuery } from '@fixpoint/shared';
import type { i18n as I18n } from 'i18next';
import { BrowserRouter, MemoryRouter } from 'react-router';
import { PrerenderedProvider } from '../lib/use-is-hydrated';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/**
 * The portal: providers around the router. The server's prerender (src/prerender.tsx) passes the address it renders
 * (the dashboard's), the brand and the known visitor; the browser the ones it reads from its page.
 * `isPrerendered`: this render is the prerendered page's, on the server or hydrating it (docs/decisions/0053).
 * The router is declarative (decision 0054): no loaders or actions, and 14 KB less on every first load.
 */
export function App({
  i18n,
  brand,
  isSignedOut,
  isPrerendered = false,
  queries,
  at,
}: {
  i18n: I18n;
  brand?: Brand;
  isSignedOut?: boolean;
  isPrerendered?: boolean;
  /** The answers a signed-in page was rendered with on the server (docs/decisions/0058). */
  queries?: PrerenderedQuery[];
  /** Render at this address in memory (the server's prerender) instead of the browser's. */
  at?: string;
}) {
  return (
    <PrerenderedProvider value={isPrerendered}>
      <AppProvider i18n={i18n} brand={brand} isSignedOut={isSignedOut} queries={queries}>
        {at === undefined ? (
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        ) : (
          <MemoryRouter initialEntries={[at]}>
            <AppRoutes />
          </MemoryRouter>
        )}
      </AppProvider>
    </PrerenderedProvider>
  );
}
