import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ErrorPage } from '../components/error-page';
import { AppLayout } from '../components/layouts/app-layout';
import { paths } from '../config/paths';
import { DashboardRoute } from './routes/dashboard';

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: paths.dashboard.path, element: <DashboardRoute /> },
      // Every other path goes to the dashboard (spec 2).
      { path: '*', element: <Navigate to={paths.dashboard.getHref()} replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
