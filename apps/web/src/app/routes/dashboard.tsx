import { useTranslation } from 'react-i18next';
import { LoggedOutDashboard } from '../../features/dashboard/components/logged-out-dashboard';
import { usePageTitle } from '../../lib/use-page-title';

export function DashboardRoute() {
  const { t } = useTranslation();
  usePageTitle(t('dashboard.title'));
  return <LoggedOutDashboard />;
}
