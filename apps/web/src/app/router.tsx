import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useParams } from 'react-router';
import { ErrorPage } from '../components/error-page';
import { AppLayout } from '../components/layouts/app-layout';
import { paths } from '../config/paths';
import { RequireAdmin, RequireUser } from '../features/auth/components/guards';
import { importWithTimeout } from '../lib/lazy-import';
import { AuthRoute } from './routes/auth';
import { DashboardRoute } from './routes/dashboard';
import { ResetPasswordRoute } from './routes/reset-password';

// Signed-in and admin pages load as their own chunks; a chunk that fails to load shows the error page's reload offer.
const SettingsRoute = lazy(() =>
  importWithTimeout(() => import('./routes/settings')).then((module) => ({ default: module.SettingsRoute })),
);
const AccountsRoute = lazy(() =>
  importWithTimeout(() => import('./routes/accounts')).then((module) => ({ default: module.AccountsRoute })),
);
const CreditsRoute = lazy(() =>
  importWithTimeout(() => import('./routes/credits')).then((module) => ({ default: module.CreditsRoute })),
);
const SubscriptionsRoute = lazy(() =>
  importWithTimeout(() => import('./routes/subscriptions')).then((module) => ({ default: module.SubscriptionsRoute })),
);
const RinexRoute = lazy(() =>
  importWithTimeout(() => import('./routes/rinex')).then((module) => ({ default: module.RinexRoute })),
);
const CheckoutRoute = lazy(() =>
  importWithTimeout(() => import('./routes/checkout')).then((module) => ({ default: module.CheckoutRoute })),
);
const AdminAccountsRoute = lazy(() =>
  importWithTimeout(() => import('./routes/admin/accounts')).then((module) => ({ default: module.AdminAccountsRoute })),
);
// The marketplace, maps and status pages: maplibre-gl (about 290 KB gzip) loads only with them.
const MarketplaceRoute = lazy(() =>
  importWithTimeout(() => import('./routes/marketplace')).then((module) => ({ default: module.MarketplaceRoute })),
);
const NetworkRoute = lazy(() =>
  importWithTimeout(() => import('./routes/marketplace')).then((module) => ({ default: module.NetworkRoute })),
);
const MapRoute = lazy(() =>
  importWithTimeout(() => import('./routes/map')).then((module) => ({ default: module.MapRoute })),
);
const AdminMapRoute = lazy(() =>
  importWithTimeout(() => import('./routes/admin/map')).then((module) => ({ default: module.AdminMapRoute })),
);
const StatusRoute = lazy(() =>
  importWithTimeout(() => import('./routes/status')).then((module) => ({ default: module.StatusRoute })),
);
const AdminUsersRoute = lazy(() =>
  importWithTimeout(() => import('./routes/admin/users')).then((module) => ({ default: module.AdminUsersRoute })),
);
const AdminNetworksRoute = lazy(() =>
  importWithTimeout(() => import('./routes/admin/networks')).then((module) => ({ default: module.AdminNetworksRoute })),
);
const AdminNetworkRoute = lazy(() =>
  importWithTimeout(() => import('./routes/admin/network')).then((module) => ({ default: module.AdminNetworkRoute })),
);
const AdminProductsRoute = lazy(() =>
  importWithTimeout(() => import('./routes/admin/products')).then((module) => ({ default: module.AdminProductsRoute })),
);
const AdminPaymentsRoute = lazy(() =>
  importWithTimeout(() => import('./routes/admin/payments')).then((module) => ({ default: module.AdminPaymentsRoute })),
);
const AdminSubscriptionsRoute = lazy(() =>
  importWithTimeout(() => import('./routes/admin/subscriptions')).then((module) => ({
    default: module.AdminSubscriptionsRoute,
  })),
);
const AdminInvoiceSettingsRoute = lazy(() =>
  importWithTimeout(() => import('./routes/admin/billing-settings')).then((module) => ({
    default: module.AdminInvoiceSettingsRoute,
  })),
);
const AdminTaxSettingsRoute = lazy(() =>
  importWithTimeout(() => import('./routes/admin/billing-settings')).then((module) => ({
    default: module.AdminTaxSettingsRoute,
  })),
);
const AdminAccountManagementRoute = lazy(() =>
  importWithTimeout(() => import('./routes/admin/settings')).then((module) => ({
    default: module.AdminAccountManagementRoute,
  })),
);
const AdminDocumentsRoute = lazy(() =>
  importWithTimeout(() => import('./routes/admin/settings')).then((module) => ({
    default: module.AdminDocumentsRoute,
  })),
);
const AdminOrganizationsRoute = lazy(() =>
  importWithTimeout(() => import('./routes/admin/organizations')).then((module) => ({
    default: module.AdminOrganizationsRoute,
  })),
);
const AdminSalesRequestsRoute = lazy(() =>
  importWithTimeout(() => import('./routes/admin/sales-requests')).then((module) => ({
    default: module.AdminSalesRequestsRoute,
  })),
);
const AdminArchiveRoute = lazy(() =>
  importWithTimeout(() => import('./routes/admin/archive')).then((module) => ({ default: module.AdminArchiveRoute })),
);
const AdminFeedRoute = lazy(() =>
  importWithTimeout(() => import('./routes/admin/feed')).then((module) => ({ default: module.AdminFeedRoute })),
);
const AdminFeedNetworkRoute = lazy(() =>
  importWithTimeout(() => import('./routes/admin/feed-network')).then((module) => ({
    default: module.AdminFeedNetworkRoute,
  })),
);
// An organisation's pages (issue 14): its frame and overview, usage (with the charts), members; the rest are the
// personal pages above, scoped by the address.
const OrgRoute = lazy(() =>
  importWithTimeout(() => import('./routes/org')).then((module) => ({ default: module.OrgRoute })),
);
const OrgOverviewRoute = lazy(() =>
  importWithTimeout(() => import('./routes/org')).then((module) => ({ default: module.OrgOverviewRoute })),
);
const OrgUsageRoute = lazy(() =>
  importWithTimeout(() => import('./routes/org-usage')).then((module) => ({ default: module.OrgUsageRoute })),
);
const OrgMembersRoute = lazy(() =>
  importWithTimeout(() => import('./routes/org-members')).then((module) => ({ default: module.OrgMembersRoute })),
);

/** Any other path of an organisation leads to its overview. */
function ToOrgOverview() {
  const { orgId = '' } = useParams();
  return <Navigate to={paths.org.overview.getHref(orgId)} replace />;
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: paths.dashboard.path, element: <DashboardRoute /> },
      { path: paths.login.path, element: <AuthRoute mode="signIn" /> },
      { path: paths.signup.path, element: <AuthRoute mode="signUp" /> },
      { path: paths.register.path, element: <AuthRoute mode="signUp" /> },
      { path: paths.resetPassword.path, element: <ResetPasswordRoute /> },
      { path: paths.marketplace.path, element: <MarketplaceRoute /> },
      { path: paths.network.path, element: <NetworkRoute /> },
      { path: paths.status.path, element: <StatusRoute /> },
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
          { path: paths.org.rinex.path, element: <RinexRoute /> },
          { path: paths.org.checkout.path, element: <CheckoutRoute /> },
          { path: paths.org.usage.path, element: <OrgUsageRoute /> },
          { path: paths.org.members.path, element: <OrgMembersRoute /> },
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
          { path: paths.admin.accounts.path, element: <AdminAccountsRoute /> },
          { path: paths.admin.organizations.path, element: <AdminOrganizationsRoute /> },
          { path: paths.admin.salesRequests.path, element: <AdminSalesRequestsRoute /> },
          { path: paths.admin.subscriptions.path, element: <AdminSubscriptionsRoute /> },
          { path: paths.admin.networks.listPath, element: <AdminNetworksRoute /> },
          { path: paths.admin.networks.detailPath, element: <AdminNetworkRoute /> },
          { path: paths.admin.feed.listPath, element: <AdminFeedRoute /> },
          { path: paths.admin.feed.detailPath, element: <AdminFeedNetworkRoute /> },
          { path: paths.admin.map.path, element: <AdminMapRoute /> },
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

export const createRouter = () => createBrowserRouter(routes);
