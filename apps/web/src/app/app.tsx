import type { Brand } from '@fixpoint/shared';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { PrerenderedProvider } from '../lib/use-is-hydrated';
import { AppProvider } from './provider';
import { createRouter } from './router';

/**
 * The portal: providers around the router. The server's prerender (src/prerender.tsx) passes its own router (at
 * the dashboard's address), brand and the known visitor; the browser the ones it reads from its page.
 * `isPrerendered`: this render is the prerendered page's, on the server or hydrating it (docs/decisions/0053).
 */
export function App({
  i18n,
  brand,
  isSignedOut,
  isPrerendered = false,
  router: givenRouter,
}: {
  i18n: I18n;
  brand?: Brand;
  isSignedOut?: boolean;
  isPrerendered?: boolean;
  router?: ReturnType<typeof createRouter>;
}) {
  const [router] = useState(() => givenRouter ?? createRouter());
  return (
    <PrerenderedProvider value={isPrerendered}>
      <AppProvider i18n={i18n} brand={brand} isSignedOut={isSignedOut}>
        <RouterProvider router={router} />
      </AppProvider>
    </PrerenderedProvider>
  );
}
