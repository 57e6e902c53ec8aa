import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ErrorPage } from '../components/error-page';
import { AppLayout } from '../components/layouts/app-layout';
import { paths } from '../config/paths';
import { RequireAdmin, RequireUser } from '../features/auth/components/guards';
import { AdminUsersRoute } from './routes/admin/users';
import { AuthRoute } from './routes/auth';
import { DashboardRoute } from './routes/dashboard';
import { ResetPasswordRoute } from './routes/reset-password';
import { SettingsRoute } from './routes/settings';

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
