import { ActionIcon, AppShell } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { type FocusEvent, type MouseEvent, Suspense, useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { LoadingFallback, NavLoadingFallback } from '../../components/loading-fallback';
import {
  activeUrl,
  adminNavigation,
  linkUrls,
  orgNavigation,
  userNavigation,
  visitorNavigation,
  withPromotion,
} from '../../config/navigation';
import { isAdminPath } from '../../config/paths';
import { SalesDialogs } from '../../features/sales/components/sales-dialogs';
import { useBrand } from '../../lib/brand/brand-context';
import { useCreateOrganizationDialog } from '../../lib/create-organization-dialog';
import { lazyNamed } from '../../lib/lazy-import';
import { usePurchaseDialogs } from '../../lib/purchase-dialogs';
import { useAuth } from '../../session/use-auth';
import { AppFooter } from './app-footer';
import classes from './app-layout.module.css';
import { MobileHeader } from './mobile-header';
import { NavEntries } from './nav-entries';
import { PromoBox } from './promo-box';
import { SideTooltip } from './side-tooltip';
import { TopBar } from './top-bar';
import { useNavContext } from './use-nav-context';
import { useSideMenu } from './use-side-menu';

// The signed-in parts of the shell load with a signed-in page, not with a visitor's first one (docs/decisions/0048);
// the purchase and organisation dialogs (their forms' schemas) only once the address opens them.
const PurchaseDialogs = lazyNamed(
  () => import('../../features/pricing/components/purchase-dialogs'),
  'PurchaseDialogs',
);
const AreaSwitch = lazyNamed(() => import('./area-switch'), 'AreaSwitch');
const ContextSwitcher = lazyNamed(() => import('./context-switcher'), 'ContextSwitcher');
const CreateOrganizationDialogs = lazyNamed(
  () => import('../../features/organizations/components/create-organization-dialogs'),
  'CreateOrganizationDialogs',
);

/** The portal's shell (spec 2): top bar, collapsible side menu, content and footer. */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menu = useSideMenu();
  const auth = useAuth();
  const isSignedIn = auth.status === 'signed-in';
  const isAdmin = auth.isAdmin === true;
  const isAdminArea = isAdmin && isAdminPath(pathname);
  const isBuying = usePurchaseDialogs().open !== null;
  const isCreatingOrganization = useCreateOrganizationDialog().isOpen;
  const teams = Array.isArray(auth.teams) ? auth.teams : undefined;
  // Issue 14: the personal menu, or an organisation's (by role and status), with the switcher between them.
  const context = useNavContext({ teams, isSignedIn });
  const brand = useBrand();
  const entries = !isSignedIn
    ? visitorNavigation
    : isAdminArea
      ? adminNavigation
      : withPromotion(
          context.orgId ? orgNavigation(context.orgId, context, pathname) : userNavigation,
          brand.showPromotion,
        );
  const hasContexts = isSignedIn && !isAdminArea && teams !== undefined && (teams.length > 0 || context.orgId !== null);
  const current = activeUrl(linkUrls(entries), pathname);
  const collapseLabel = menu.isCollapsed ? t('nav.expandMenu') : t('nav.collapseMenu');
  // Collapsing wraps the button in its tooltip (a remount, twice: at once, and when the tooltip's chunk arrives):
  // a button toggled from the keyboard takes the focus back each time, until the focus moves elsewhere.
  const keepsToggleFocus = useRef(false);
  const toggleRef = useCallback((node: HTMLButtonElement | null) => {
    if (node && keepsToggleFocus.current) node.focus();
  }, []);
  const toggleMenu = (event: MouseEvent<HTMLButtonElement>) => {
    keepsToggleFocus.current = document.activeElement === event.currentTarget;
    menu.toggleCollapsed();
  };
  const leaveToggle = (event: FocusEvent<HTMLButtonElement>) => {
    if (event.relatedTarget) keepsToggleFocus.current = false;
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: menu.width, breakpoint: 'sm', collapsed: { mobile: !menu.isMobileOpen } }}
      footer={{ height: 44 }}
      padding="lg"
      transitionDuration={menu.transitionDuration}
    >
      <a href="#main-content" className={classes.skipLink}>
        {t('nav.skipToContent')}
      </a>
      <AppShell.Header>
        <TopBar isMobileOpen={menu.isMobileOpen} onToggleMobile={menu.toggleMobile} />
      </AppShell.Header>

      <AppShell.Navbar
        id="side-menu"
        p={menu.isCollapsed ? 6 : 'sm'}
        aria-label={t('nav.sideMenu')}
        component="nav"
        data-collapsed={menu.isCollapsed || undefined}
        // The closed mobile drawer is only moved off screen: keep it out of the tab order and screen readers.
        inert={menu.isMobile && !menu.isMobileOpen}
      >
        {menu.isMobile && (
          <AppShell.Section>
            <MobileHeader />
          </AppShell.Section>
        )}
        {isAdmin && (
          <AppShell.Section>
            <Suspense fallback={null}>
              <AreaSwitch isCollapsed={menu.isCollapsed} />
            </Suspense>
          </AppShell.Section>
        )}
        {hasContexts && (
          <AppShell.Section>
            <Suspense fallback={null}>
              <ContextSwitcher
                teams={teams ?? []}
                current={context}
                onChoose={context.choose}
                isCollapsed={menu.isCollapsed}
              />
            </Suspense>
          </AppShell.Section>
        )}
        <AppShell.Section grow className={classes.navScroll}>
          {auth.status === 'loading' ? (
            <NavLoadingFallback />
          ) : (
            <NavEntries entries={entries} isCollapsed={menu.isCollapsed} activeUrl={current} />
          )}
        </AppShell.Section>
        {auth.status === 'signed-out' && (
          <AppShell.Section pt="sm">
            <PromoBox isCollapsed={menu.isCollapsed} />
          </AppShell.Section>
        )}
        {!menu.isMobile && (
          <AppShell.Section pt="sm">
            <SideTooltip label={collapseLabel} disabled={!menu.isCollapsed}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                ref={toggleRef}
                onClick={toggleMenu}
                onBlur={leaveToggle}
                aria-label={collapseLabel}
                aria-expanded={!menu.isCollapsed}
                aria-controls="side-menu"
                ml={menu.isCollapsed ? 'auto' : undefined}
                mr={menu.isCollapsed ? 'auto' : undefined}
              >
                {menu.isCollapsed ? (
                  <IconLayoutSidebarLeftExpand size={20} />
                ) : (
                  <IconLayoutSidebarLeftCollapse size={20} />
                )}
              </ActionIcon>
            </SideTooltip>
          </AppShell.Section>
        )}
      </AppShell.Navbar>

      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        <Suspense fallback={<LoadingFallback />}>
          <Outlet />
        </Suspense>
        {isSignedIn && (isBuying || isCreatingOrganization) && (
          <Suspense fallback={null}>
            {isBuying && <PurchaseDialogs />}
            {isCreatingOrganization && <CreateOrganizationDialogs />}
          </Suspense>
        )}
        <SalesDialogs />
      </AppShell.Main>

      <AppShell.Footer>
        <AppFooter />
      </AppShell.Footer>
    </AppShell>
  );
}
