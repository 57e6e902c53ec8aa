import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { useAuth } from './use-auth';

/**
 * Logging out from a menu: to the dashboard first, and only once it shows, the session ends (`logout`). A signed-in
 * page that saw its session end would ask to sign in again (RequireUser). Navigations are transitions (the
 * declarative router, decision 0054), so `navigate()` returns before the page has changed: the address the router
 * has committed says when it has.
 */
export function useLogOut() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [isLeaving, setLeaving] = useState(false);
  const dashboard = paths.dashboard.getHref();

  useEffect(() => {
    if (!isLeaving || pathname !== dashboard) return;
    setLeaving(false);
    // In a later task: the dashboard starts its reads in the effects of the render this one belongs to, and logout
    // cancels what is in flight then, so that none of them is answered 401 after the session ends. A failed sign-out
    // leaves the session as the server has it (logout reads it again).
    setTimeout(() => logout().catch(() => undefined));
  }, [isLeaving, pathname, dashboard, logout]);

  return () => {
    setLeaving(true);
    navigate(dashboard);
  };
}
