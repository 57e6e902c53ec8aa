import { ActionIcon, AppShell, ScrollArea, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
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
import { useAuth } from '../../features/auth/hooks/use-auth';
import { CreateOrganizationDialogs } from '../../features/organizations/components/create-organization-dialogs';
import { PurchaseDialogs } from '../../features/pricing/components/purchase-dialogs';
import { SalesDialogs } from '../../features/sales/components/sales-dialogs';
import { useBrand } from '../../lib/brand/brand-context';
import { LoadingFallback } from '../loading-fallback';
import { AppFooter } from './app-footer';
import classes from './app-layout.module.css';
import { AreaSwitch } from './area-switch';
import { ContextSwitcher } from './context-switcher';
import { MobileHeader } from './mobile-header';
import { NavEntries } from './nav-entries';
import { PromoBox } from './promo-box';
import { TopBar } from './top-bar';
import { useNavContext } from './use-nav-context';
import { useSideMenu } from './use-side-menu';

/** The portal's shell (spec 2): top bar, collapsible side menu, content and footer. */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menu = useSideMenu();
  const auth = useAuth();
  const isSignedIn = auth.status === 'signed-in';
  const isAdmin = auth.isAdmin === true;
  const isAdminArea = isAdmin && isAdminPath(pathname);
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

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: menu.width, breakpoint: 'sm', collapsed: { mobile: !menu.isMobileOpen } }}
      footer={{ height: 44 }}
      padding="lg"
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
            <AreaSwitch isCollapsed={menu.isCollapsed} />
          </AppShell.Section>
        )}
        {hasContexts && (
          <AppShell.Section>
            <ContextSwitcher
              teams={teams ?? []}
              current={context}
              onChoose={context.choose}
              isCollapsed={menu.isCollapsed}
            />
          </AppShell.Section>
        )}
        <AppShell.Section grow component={ScrollArea} scrollbarSize={6} type="hover">
          <NavEntries entries={entries} isCollapsed={menu.isCollapsed} activeUrl={current} />
        </AppShell.Section>
        {auth.status === 'signed-out' && (
          <AppShell.Section pt="sm">
            <PromoBox isCollapsed={menu.isCollapsed} />
          </AppShell.Section>
        )}
        {!menu.isMobile && (
          <AppShell.Section pt="sm">
            <Tooltip label={collapseLabel} position="right" withArrow disabled={!menu.isCollapsed}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                onClick={menu.toggleCollapsed}
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
            </Tooltip>
          </AppShell.Section>
        )}
      </AppShell.Navbar>

      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        <Suspense fallback={<LoadingFallback />}>
          <Outlet />
        </Suspense>
        {isSignedIn && <PurchaseDialogs />}
        {isSignedIn && <CreateOrganizationDialogs />}
        <SalesDialogs />
      </AppShell.Main>

      <AppShell.Footer>
        <AppFooter />
      </AppShell.Footer>
    </AppShell>
  );
}
