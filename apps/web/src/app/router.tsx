import { isValidElement, type ReactNode } from 'react';
import { matchRoutes, Navigate, type RouteObject, useParams, useRoutes } from 'react-router';
import { RouteErrorBoundary } from '../components/error-page';
import { paths } from '../config/paths';
import { RequireAdmin, RequireUser } from '../features/auth/components/guards';
import { lazyNamed } from '../lib/lazy-import';
import { AuthRoute } from './routes/auth';
import { DashboardRoute } from './routes/dashboard';
import { AppLayout } from './shell/app-layout';

const ResetPasswordRoute = lazyNamed(() => import('./routes/reset-password'), 'ResetPasswordRoute');
// Signed-in and admin pages load as their own chunks; a chunk that fails to load shows the error page's reload offer.
const SettingsRoute = lazyNamed(() => import('./routes/settings'), 'SettingsRoute');
const AccountsRoute = lazyNamed(() => import('./routes/accounts'), 'AccountsRoute');
const CreditsRoute = lazyNamed(() => import('./routes/credits'), 'CreditsRoute');
const SubscriptionsRoute = lazyNamed(() => import('./routes/subscriptions'), 'SubscriptionsRoute');
const RinexRoute = lazyNamed(() => import('./routes/rinex'), 'RinexRoute');
const CheckoutRoute = lazyNamed(() => import('./routes/checkout'), 'CheckoutRoute');
const AdminAccountsRoute = lazyNamed(() => import('./routes/admin/accounts'), 'AdminAccountsRoute');
// The marketplace, maps and status pages: maplibre-gl (about 290 KB gzip) loads only with them.
const MarketplaceRoute = lazyNamed(() => import('./routes/marketplace'), 'MarketplaceRoute');
const NetworkRoute = lazyNamed(() => import('./routes/marketplace'), 'NetworkRoute');
const MapRoute = lazyNamed(() => import('./routes/map'), 'MapRoute');
const AdminMapRoute = lazyNamed(() => import('./routes/admin/map'), 'AdminMapRoute');
const FleetRoute = lazyNamed(() => import('./routes/fleet'), 'FleetRoute');
const AdminFleetRoute = lazyNamed(() => import('./routes/admin/fleet'), 'AdminFleetRoute');
const StatusRoute = lazyNamed(() => import('./routes/status'), 'StatusRoute');
// The help centre and the legal documents (docs/decisions/0074).
const HelpRoute = lazyNamed(() => import('./routes/help'), 'HelpRoute');
const TermsRoute = lazyNamed(() => import('./routes/legal'), 'TermsRoute');
const PrivacyRoute = lazyNamed(() => import('./routes/legal'), 'PrivacyRoute');
const AdminUsersRoute = lazyNamed(() => import('./routes/admin/users'), 'AdminUsersRoute');
const AdminUserRoute = lazyNamed(() => import('./routes/admin/user'), 'AdminUserRoute');
const AdminNetworksRoute = lazyNamed(() => import('./routes/admin/networks'), 'AdminNetworksRoute');
const AdminNetworkRoute = lazyNamed(() => import('./routes/admin/network'), 'AdminNetworkRoute');
const AdminProductsRoute = lazyNamed(() => import('./routes/admin/products'), 'AdminProductsRoute');
const AdminPaymentsRoute = lazyNamed(() => import('./routes/admin/payments'), 'AdminPaymentsRoute');
const AdminSubscriptionsRoute = lazyNamed(() => import('./routes/admin/subscriptions'), 'AdminSubscriptionsRoute');
const AdminInvoiceSettingsRoute = lazyNamed(
  () => import('./routes/admin/billing-settings'),
  'AdminInvoiceSettingsRoute',
);
const AdminTaxSettingsRoute = lazyNamed(() => import('./routes/admin/billing-settings'), 'AdminTaxSettingsRoute');
const AdminAccountManagementRoute = lazyNamed(() => import('./routes/admin/settings'), 'AdminAccountManagementRoute');
const AdminDocumentsRoute = lazyNamed(() => import('./routes/admin/settings'), 'AdminDocumentsRoute');
const AdminOrganizationsRoute = lazyNamed(() => import('./routes/admin/organizations'), 'AdminOrganizationsRoute');
const AdminSalesRequestsRoute = lazyNamed(() => import('./routes/admin/sales-requests'), 'AdminSalesRequestsRoute');
const AdminAuditLogRoute = lazyNamed(() => import('./routes/admin/audit-log'), 'AdminAuditLogRoute');
const AdminArchiveRoute = lazyNamed(() => import('./routes/admin/archive'), 'AdminArchiveRoute');
const AdminFeedRoute = lazyNamed(() => import('./routes/admin/feed'), 'AdminFeedRoute');
const AdminFeedNetworkRoute = lazyNamed(() => import('./routes/admin/feed-network'), 'AdminFeedNetworkRoute');
// An organisation's pages (issue 14): its frame and overview, usage (with the charts), members; the rest are the
// personal pages above, scoped by the address.
const OrgRoute = lazyNamed(() => import('./routes/org'), 'OrgRoute');
const OrgOverviewRoute = lazyNamed(() => import('./routes/org'), 'OrgOverviewRoute');
const OrgUsageRoute = lazyNamed(() => import('./routes/org-usage'), 'OrgUsageRoute');
const OrgBillingRoute = lazyNamed(() => import('./routes/org-billing'), 'OrgBillingRoute');
const OrgMembersRoute = lazyNamed(() => import('./routes/org-members'), 'OrgMembersRoute');
const NotificationsRoute = lazyNamed(() => import('./routes/notifications'), 'NotificationsRoute');
const OrgApiKeysRoute = lazyNamed(() => import('./routes/api-keys'), 'OrgApiKeysRoute');
const OrgWebhooksRoute = lazyNamed(() => import('./routes/webhooks'), 'OrgWebhooksRoute');
const OrgNotificationSettingsRoute = lazyNamed(() => import('./routes/notifications'), 'OrgNotificationSettingsRoute');

/** Any other path of an organisation leads to its overview. */
function ToOrgOverview() {
  const { orgId = '' } = useParams();
  return <Navigate to={paths.org.overview.getHref(orgId)} replace />;
}

/** The pages a visitor may see; the auth modal shows over one of them (the one it returns to). */
const visitorPages: RouteObject[] = [
  { path: paths.dashboard.path, element: <DashboardRoute /> },
  { path: paths.marketplace.path, element: <MarketplaceRoute /> },
  { path: paths.network.path, element: <NetworkRoute /> },
  { path: paths.status.path, element: <StatusRoute /> },
  { path: paths.help.path, element: <HelpRoute /> },
  { path: paths.legal.terms.path, element: <TermsRoute /> },
  { path: paths.legal.privacy.path, element: <PrivacyRoute /> },
];

export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <AppLayout />
      </RouteErrorBoundary>
    ),
    children: [
      ...visitorPages,
      {
        // One element for the three addresses: switching between them keeps the modal and the page under it.
        element: <AuthRoute pages={visitorPages} />,
        children: [paths.login.path, paths.signup.path, paths.register.path].map((path) => ({ path, element: null })),
      },
      { path: paths.resetPassword.path, element: <ResetPasswordRoute /> },
      {
        path: paths.map.path,
        element: (
          <RequireUser>
            <MapRoute />
          </RequireUser>
        ),
      },
      {
        path: paths.accounts.path,
        element: (
          <RequireUser>
            <AccountsRoute />
          </RequireUser>
        ),
      },
      {
        path: paths.fleet.path,
        element: (
          <RequireUser>
            <FleetRoute />
          </RequireUser>
        ),
      },
      {
        path: paths.credits.path,
        element: (
          <RequireUser>
            <CreditsRoute />
          </RequireUser>
        ),
      },
      {
        path: paths.subscriptions.path,
        element: (
          <RequireUser>
            <SubscriptionsRoute />
          </RequireUser>
        ),
      },
      {
        path: paths.rinex.path,
        element: (
          <RequireUser>
            <RinexRoute />
          </RequireUser>
        ),
      },
      {
        path: paths.checkout.path,
        element: (
          <RequireUser>
            <CheckoutRoute />
          </RequireUser>
        ),
      },
      {
        path: paths.notifications.path,
        element: (
          <RequireUser>
            <NotificationsRoute />
          </RequireUser>
        ),
      },
      {
        path: paths.org.root.path,
        element: (
          <RequireUser>
            <OrgRoute />
          </RequireUser>
        ),
        children: [
          { index: true, element: <OrgOverviewRoute /> },
          { path: paths.org.accounts.path, element: <AccountsRoute /> },
          { path: paths.org.credits.path, element: <CreditsRoute /> },
          { path: paths.org.subscriptions.path, element: <SubscriptionsRoute /> },
          { path: paths.org.map.path, element: <MapRoute /> },
          { path: paths.org.fleet.path, element: <FleetRoute /> },
          { path: paths.org.rinex.path, element: <RinexRoute /> },
          { path: paths.org.checkout.path, element: <CheckoutRoute /> },
          { path: paths.org.usage.path, element: <OrgUsageRoute /> },
          { path: paths.org.billing.path, element: <OrgBillingRoute /> },
          { path: paths.org.members.path, element: <OrgMembersRoute /> },
          { path: paths.org.notifications.path, element: <NotificationsRoute /> },
          { path: paths.org.notificationSettings.path, element: <OrgNotificationSettingsRoute /> },
          { path: paths.org.apiKeys.path, element: <OrgApiKeysRoute /> },
          { path: paths.org.webhooks.path, element: <OrgWebhooksRoute /> },
          { path: '*', element: <ToOrgOverview /> },
        ],
      },
      {
        path: paths.settings.path,
        element: (
          <RequireUser>
            <SettingsRoute />
          </RequireUser>
        ),
      },
      {
        path: paths.admin.root.path,
        element: <RequireAdmin />,
        children: [
          { path: paths.admin.users.path, element: <AdminUsersRoute /> },
          { path: paths.admin.user.path, element: <AdminUserRoute /> },
          { path: paths.admin.accounts.path, element: <AdminAccountsRoute /> },
          { path: paths.admin.organizations.path, element: <AdminOrganizationsRoute /> },
          { path: paths.admin.organization.path, element: <AdminOrganizationsRoute /> },
          { path: paths.admin.salesRequests.path, element: <AdminSalesRequestsRoute /> },
          { path: paths.admin.auditLog.path, element: <AdminAuditLogRoute /> },
          { path: paths.admin.subscriptions.path, element: <AdminSubscriptionsRoute /> },
          { path: paths.admin.networks.listPath, element: <AdminNetworksRoute /> },
          { path: paths.admin.networks.detailPath, element: <AdminNetworkRoute /> },
          { path: paths.admin.feed.listPath, element: <AdminFeedRoute /> },
          { path: paths.admin.feed.detailPath, element: <AdminFeedNetworkRoute /> },
          { path: paths.admin.map.path, element: <AdminMapRoute /> },
          { path: paths.admin.fleet.path, element: <AdminFleetRoute /> },
          { path: paths.admin.archive.path, element: <AdminArchiveRoute /> },
          { path: paths.admin.products.path, element: <AdminProductsRoute /> },
          { path: paths.admin.settings.payments.path, element: <AdminPaymentsRoute /> },
          { path: paths.admin.settings.invoices.path, element: <AdminInvoiceSettingsRoute /> },
          { path: paths.admin.settings.taxManagement.path, element: <AdminTaxSettingsRoute /> },
          { path: paths.admin.settings.accountManagement.path, element: <AdminAccountManagementRoute /> },
          { path: paths.admin.settings.documents.path, element: <AdminDocumentsRoute /> },
          // Spec: any other /admin path redirects to /admin/map.
          { path: '*', element: <Navigate to={paths.admin.map.getHref()} replace /> },
          { index: true, element: <Navigate to={paths.admin.map.getHref()} replace /> },
        ],
      },
      // Every other path goes to the dashboard (spec 2).
      { path: '*', element: <Navigate to={paths.dashboard.getHref()} replace /> },
    ],
  },
];

/** Starts loading the lazy parts of an element: the page itself, or the page inside a guard (`RequireUser`). */
function preloadElement(node: ReactNode) {
  if (!isValidElement(node)) return;
  (node.type as { preload?: () => void }).preload?.();
  preloadElement((node.props as { children?: ReactNode }).children);
}

/**
 * Starts loading the page at `pathname` at once, beside the app's first scripts, instead of once the app has run and
 * read the session (a signed-in page's chunk came a round trip later: docs/performance.md).
 */
export function preloadPage(pathname: string) {
  for (const match of matchRoutes(routes, pathname) ?? []) preloadElement(match.route.element);
}

/** The portal's pages at the router's address (a `BrowserRouter` in the browser, a `MemoryRouter` in the prerender). */
export function AppRoutes() {
  return useRoutes(routes);
}
