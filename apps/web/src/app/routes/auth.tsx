import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  matchRoutes,
  Navigate,
  UNSAFE_RouteContext as RouteContext,
  type RouteObject,
  useLocation,
  useNavigate,
  useRoutes,
} from 'react-router';
import { LoadingFallback } from '../../components/loading-fallback';
import { paths } from '../../config/paths';
import { lazyNamed } from '../../lib/lazy-import';
import { PageTitleOwner, usePageTitle } from '../../lib/use-page-title';
import { type AuthFormMode, isOpenedFromPage, returnToParam, safeReturnPath } from '../../session/return-path';
import { useAuth } from '../../session/use-auth';

// The forms (and @mantine/form) load when the modal opens, not with every first page (docs/decisions/0048).
const AuthModal = lazyNamed(() => import('../../features/auth/components/auth-modal'), 'AuthModal');

/**
 * /login, /signup and /register (one element for the three, so switching keeps the modal and the page under it):
 * the auth modal over the page the visitor came from, `?returnTo=` when it is one a visitor may see (`pages`), else
 * the dashboard. Closing returns to that page; signing in to the return path, also a signed-in page (RequireUser
 * sends visitors here with theirs). Opened from a page in the app (its state says so), both step back in history
 * instead, so Back after them does not reopen the modal. A signed-in visitor goes straight to the return path.
 */
export function AuthRoute({ pages }: { pages: RouteObject[] }) {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  // Set when the modal's sign-in succeeded: the modal, not the redirect below, then decides where to go.
  const [isFinishing, setFinishing] = useState(false);
  const mode: AuthFormMode = location.pathname === paths.login.path ? 'signIn' : 'signUp';
  const { t } = useTranslation();
  // The modal's page, not the one under it, names the tab: "Log in" or "Sign up".
  usePageTitle(mode === 'signIn' ? t('nav.logIn') : t('nav.signUp'));
  const returnPath = safeReturnPath(new URLSearchParams(location.search).get(returnToParam));
  const target = returnPath ?? paths.dashboard.getHref();
  const isTargetUnderneath = matchRoutes(pages, target) !== null;
  const underneath = isTargetUnderneath ? target : paths.dashboard.getHref();
  const isFromPage = isOpenedFromPage(location.state);

  if (auth.status === 'signed-in' && !isFinishing) return <Navigate to={target} replace />;

  const onClose = () => (isFromPage && isTargetUnderneath ? navigate(-1) : navigate(underneath, { replace: true }));
  const onSignedIn = () => (isFromPage ? navigate(-1) : navigate(target, { replace: true }));
  const onModeChange = (next: AuthFormMode) =>
    navigate(
      { pathname: next === 'signIn' ? paths.login.path : paths.signup.path, search: location.search },
      { replace: true, state: location.state },
    );

  return (
    <>
      <PageTitleOwner value>
        <Suspense fallback={<LoadingFallback />}>
          <PageUnderneath pages={pages} at={underneath} />
        </Suspense>
      </PageTitleOwner>
      {(auth.status === 'signed-out' || isFinishing) && (
        <Suspense fallback={null}>
          <AuthModal
            mode={mode}
            onModeChange={onModeChange}
            onClose={onClose}
            onAuthenticated={() => setFinishing(true)}
            onSignedIn={onSignedIn}
          />
        </Suspense>
      )}
    </>
  );
}

// The page under the modal is matched from the site's root, as if its path were the address. React Router only
// allows that for descendant routes under a splat parent; an empty route context makes these top-level routes.
const rootRouteContext = { outlet: null, matches: [], isDataRoute: false };

function PageUnderneath({ pages, at }: { pages: RouteObject[]; at: string }) {
  return (
    <RouteContext.Provider value={rootRouteContext}>
      <PageAt pages={pages} at={at} />
    </RouteContext.Provider>
  );
}

function PageAt({ pages, at }: { pages: RouteObject[]; at: string }) {
  return useRoutes(pages, at);
}
