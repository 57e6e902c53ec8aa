import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingFallback } from '../../../components/loading-fallback';
import { authHref } from '../../../session/return-path';
import { useAuth } from '../../../session/use-auth';
import { RestrictedAccess } from './restricted-access';

/**
 * A visitor on a signed-in page goes to the sign-in modal with that page to return to: over the dashboard, which
 * closing it leads to, and to the page once signed in. Spec 2 sends a visitor's every other path to the dashboard;
 * a known page that needs signing in is kept as the return path instead (issue 15), unknown paths still redirect.
 */
function ToSignIn() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={authHref('signIn', `${pathname}${search}${hash}`)} replace />;
}

/** Signed-in pages: the page-shaped skeleton while the auth state loads, the sign-in modal for a visitor. */
export function RequireUser({ children }: { children: ReactNode }) {
  const auth = useAuth();
  if (auth.status === 'loading') return <LoadingFallback />;
  if (auth.status === 'signed-out') return <ToSignIn />;
  return children;
}

/**
 * Admin pages: the sign-in modal for a visitor, the skeleton while the admin flag loads, a fallback if it is unknown,
 * Restricted Access for users.
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const auth = useAuth();
  if (auth.status === 'loading') return <LoadingFallback />;
  if (auth.status === 'signed-out') return <ToSignIn />;
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
