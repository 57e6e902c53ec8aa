import { useTranslation } from 'react-i18next';
import { LoadingFallback } from '../../components/loading-fallback';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { LoggedOutDashboard } from '../../features/dashboard/components/logged-out-dashboard';
import { lazyNamed } from '../../lib/lazy-import';
import { usePageTitle } from '../../lib/use-page-title';

// A visitor's first page does not carry the signed-in dashboard (docs/decisions/0048).
const LoggedInDashboard = lazyNamed(
  () => import('../../features/dashboard/components/logged-in-dashboard'),
  'LoggedInDashboard',
);

export function DashboardRoute() {
  const { t } = useTranslation();
  usePageTitle(t('dashboard.title'));
  const auth = useAuth();
  if (auth.status === 'loading') return <LoadingFallback />;
  return auth.status === 'signed-in' ? <LoggedInDashboard /> : <LoggedOutDashboard />;
}
