import { useTranslation } from 'react-i18next';
import { LoadingFallback } from '../../components/loading-fallback';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { LoggedInDashboard } from '../../features/dashboard/components/logged-in-dashboard';
import { LoggedOutDashboard } from '../../features/dashboard/components/logged-out-dashboard';
import { usePageTitle } from '../../lib/use-page-title';

export function DashboardRoute() {
  const { t } = useTranslation();
  usePageTitle(t('dashboard.title'));
  const auth = useAuth();
  if (auth.status === 'loading') return <LoadingFallback />;
  return auth.status === 'signed-in' ? <LoggedInDashboard /> : <LoggedOutDashboard />;
}
