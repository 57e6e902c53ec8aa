import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { LoadingFallback } from '../../../components/loading-fallback';
import { paths } from '../../../config/paths';
import { useAuth } from '../hooks/use-auth';
import { RestrictedAccess } from './restricted-access';

/** Signed-in pages: a visitor is sent to the dashboard (spec 2: every other path redirects there). */
export function RequireUser({ children }: { children: ReactNode }) {
  const auth = useAuth();
  if (auth.status === 'loading') return <LoadingFallback />;
  if (auth.status === 'signed-out') return <Navigate to={paths.dashboard.getHref()} replace />;
  return children;
}

/** Admin pages: spinner while the admin flag loads, a fallback if it is unknown, Restricted Access for users. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const auth = useAuth();
  if (auth.status === 'loading') return <LoadingFallback />;
  if (auth.status === 'signed-out') return <Navigate to={paths.dashboard.getHref()} replace />;
  if (auth.isAdmin === 'loading') return <LoadingFallback />;
  if (auth.isAdmin === undefined) {
    return (
      <Alert color="red" title={t('auth.adminUnknown.title')} maw={560}>
        {t('auth.adminUnknown.message')}
      </Alert>
    );
  }
  if (!auth.isAdmin) return <RestrictedAccess />;
  return children ?? <Outlet />;
}
