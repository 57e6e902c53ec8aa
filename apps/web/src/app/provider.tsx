import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { LoadingFallback } from '../components/loading-fallback';
import { brand } from '../config/brand';

/**
 * The spec's mobile width is 768 px inclusive, so `sm` starts one pixel above it: at 768 px the side menu is
 * already the mobile drawer. postcss.config.cjs carries the same values for CSS modules.
 */
export const breakpoints = { xs: '36em', sm: '48.0625em', md: '62em', lg: '75em', xl: '88em' };

export const theme = createTheme({ primaryColor: brand.primaryColor, defaultRadius: 'md', breakpoints });

export function AppProvider({ i18n, children, env }: { i18n: I18n; children: ReactNode; env?: 'test' }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: env === 'test' ? false : 1 } } }),
  );
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env={env}>
        <Notifications />
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={<LoadingFallback />}>{children}</Suspense>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
