import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
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
const AdminAccountsRoute = lazy(() =>
  importWithTimeout(() => import('./routes/admin/accounts')).then((module) => ({ default: module.AdminAccountsRoute })),
);
const AdminUsersRoute = lazy(() =>
  importWithTimeout(() => import('./routes/admin/users')).then((module) => ({ default: module.AdminUsersRoute })),
);

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
          // The spec sends any other /admin path to /admin/map; until the map lands, to the users page.
          { path: '*', element: <Navigate to={paths.admin.users.getHref()} replace /> },
          { index: true, element: <Navigate to={paths.admin.users.getHref()} replace /> },
        ],
      },
      // Every other path goes to the dashboard (spec 2).
      { path: '*', element: <Navigate to={paths.dashboard.getHref()} replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
