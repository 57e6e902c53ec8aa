import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useIsHydrated } from '../../lib/use-is-hydrated';

/** Spec 9: the mobile width, inclusive (docs/decisions/0006); the desktop menu starts one pixel above it. */
export const mobileQuery = '(max-width: 48em)';
export const sideMenuWidth = { open: 260, collapsed: 60 } as const;
export const collapsedStorageKey = 'fixpoint.sideMenu.collapsed';

/**
 * Spec 2 side-menu state: on desktop open (260 px) or collapsed (60 px), remembered on the device; at mobile width
 * a drawer behind the menu toggle, closed on entering that width and on each page change. While a prerendered page
 * hydrates, the menu is the server's (open, desktop; CSS already hides it on a phone), then the device's.
 */
export function useSideMenu() {
  const isHydrated = useIsHydrated();
  const [isCollapsedStored, setCollapsed] = useLocalStorage({
    key: collapsedStorageKey,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const isMobileNow = useMediaQuery(mobileQuery, false, { getInitialValueInEffect: false });
  const isMobile = isHydrated && isMobileNow;
  const isCollapsed = isHydrated && isCollapsedStored;
  const [isMobileOpen, setMobileOpen] = useState(false);
  // Only what the person does moves the menu: the device's state taking over from the server's render, on a reload,
  // is there at once instead of sliding from open to collapsed.
  const [isAnimated, setAnimated] = useState(false);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the effect of a page change.
  useEffect(() => setMobileOpen(false), [pathname]);
  // On entering the mobile width, not on hydrating at it: a tap on the toggle made before hydration, given back while
  // the page is still the server's render (docs/decisions/0059), must leave the drawer open once it is the phone's.
  useEffect(() => {
    if (isMobileNow) setMobileOpen(false);
  }, [isMobileNow]);

  return {
    isMobile,
    isMobileOpen,
    /** Labels show in the mobile drawer and in the open desktop menu. */
    isCollapsed: !isMobile && isCollapsed,
    width: isCollapsed ? sideMenuWidth.collapsed : sideMenuWidth.open,
    /** For the shell: Mantine's own duration once the person has moved the menu, none before. */
    transitionDuration: isAnimated ? undefined : 0,
    toggleMobile: useCallback(() => {
      setAnimated(true);
      setMobileOpen((open) => !open);
    }, []),
    closeMobile: useCallback(() => setMobileOpen(false), []),
    toggleCollapsed: useCallback(() => {
      setAnimated(true);
      setCollapsed((collapsed) => !collapsed);
    }, [setCollapsed]),
  };
}
