import type { Brand, PrerenderedQuery } from '@fixpoint/shared';
import { MantineProvider } from '@mantine/core';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, Suspense, useEffect, useMemo, useReducer, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { LoadingFallback } from '../components/loading-fallback';
import { brand as runtimeBrand } from '../config/brand';
import { shouldRetryQuery } from '../lib/api-client';
import { BrandProvider } from '../lib/brand/brand-context';
import { createBrandTheme, cssVariablesResolver } from '../lib/brand/theme';
import { lazyNamed } from '../lib/lazy-import';
import { authKeys } from '../session/auth-api';
import { rereadSessionOnUnauthorized } from '../session/session-expiry';

// The notification layer (and its transitions) loads after the first page; notifications shown before it has
// mounted wait in their store and appear with it (docs/decisions/0048).
const Notifications = lazyNamed(() => import('@mantine/notifications'), 'Notifications');

export function AppProvider({
  i18n,
  children,
  env,
  brand = runtimeBrand,
  isSignedOut = false,
  queries = [],
}: {
  i18n: I18n;
  children: ReactNode;
  env?: 'test';
  /** The running brand unless a test (or the server's prerender) renders another. */
  brand?: Brand;
  /**
   * Known to be signed out without asking: the server prerendered this page for a request without a session cookie
   * (docs/decisions/0053), so the first render is the visitor's, as the prerendered HTML is.
   */
  isSignedOut?: boolean;
  /** Answers the server read to render this signed-in page (docs/decisions/0058): the first render shows them. */
  queries?: PrerenderedQuery[];
}) {
  const [queryClient] = useState(() => {
    const client: QueryClient = new QueryClient({
      queryCache: new QueryCache({ onError: rereadSessionOnUnauthorized(() => client) }),
      defaultOptions: { queries: { staleTime: 30_000, retry: env === 'test' ? false : shouldRetryQuery } },
    });
    // As old as can be: the session is still read once in the background, so a page that was not what the server
    // sends today (a copy from the browser's cache, a sign-in in another tab since) puts itself right.
    if (isSignedOut) client.setQueryData(authKeys.session(), null, { updatedAt: 0 });
    for (const { key, data, updatedAt } of queries) client.setQueryData(key, data, { updatedAt });
    return client;
  });
  const closeLabel = useTranslatedText(i18n, 'errors.close');
  const theme = useMemo(() => createBrandTheme(brand, { closeLabel }), [brand, closeLabel]);
  return (
    <I18nextProvider i18n={i18n}>
      <BrandProvider brand={brand}>
        <MantineProvider theme={theme} env={env} cssVariablesResolver={cssVariablesResolver}>
          <Suspense fallback={null}>
            <Notifications />
          </Suspense>
          <QueryClientProvider client={queryClient}>
            <Suspense fallback={<LoadingFallback />}>{children}</Suspense>
          </QueryClientProvider>
        </MantineProvider>
      </BrandProvider>
    </I18nextProvider>
  );
}

/** A text for the theme, which sits above the Suspense boundary: re-read when translations load or change. */
function useTranslatedText(i18n: I18n, key: string) {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    i18n.on('languageChanged', rerender);
    i18n.on('loaded', rerender);
    return () => {
      i18n.off('languageChanged', rerender);
      i18n.off('loaded', rerender);
    };
  }, [i18n]);
  return i18n.t(key);
}
