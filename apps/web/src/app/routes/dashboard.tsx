import { useTranslation } from 'react-i18next';
import { LoadingFallback } from '../../components/loading-fallback';
import { lazyNamed } from '../../lib/lazy-import';
import { usePageTitle } from '../../lib/use-page-title';
import { useAuth } from '../../session/use-auth';
import { LoggedOutDashboard } from '../dashboard/components/logged-out-dashboard';

// A visitor's first page does not carry the signed-in dashboard (docs/decisions/0048).
const LoggedInDashboard = lazyNamed(() => import('../dashboard/components/logged-in-dashboard'), 'LoggedInDashboard');

export function DashboardRoute() {
  const { t } = useTranslation();
  usePageTitle(t('dashboard.title'));
  const auth = useAuth();
  if (auth.status === 'loading') return <LoadingFallback />;
  return auth.status === 'signed-in' ? <LoggedInDashboard /> : <LoggedOutDashboard />;
}
