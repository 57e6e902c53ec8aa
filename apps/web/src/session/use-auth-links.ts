import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type AuthFormMode, authHref, isAuthPath, openedFromPage, returnToParam } from './return-path';

/**
 * Where Log in and Sign up lead from the page the visitor is on: the auth modal with this page as its return path,
 * and the state that lets closing it step back to this page (`<Button component={Link} {...links.to('signIn')}>`),
 * or `links.open('signUp')` for a button. On an auth address itself the return path stays what it was.
 */
export function useAuthLinks() {
  const location = useLocation();
  const navigate = useNavigate();
  const isOnAuthPage = isAuthPath(location.pathname);
  const here = isOnAuthPage
    ? new URLSearchParams(location.search).get(returnToParam)
    : `${location.pathname}${location.search}${location.hash}`;
  const state: unknown = isOnAuthPage ? location.state : openedFromPage;

  const to = useCallback((mode: AuthFormMode) => ({ to: authHref(mode, here), state }), [here, state]);
  const open = useCallback(
    (mode: AuthFormMode) => navigate(authHref(mode, here), { state, replace: isOnAuthPage }),
    [navigate, here, state, isOnAuthPage],
  );
  return { to, open };
}
