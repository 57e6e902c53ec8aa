import { useTranslation } from 'react-i18next';
import { StatusPage } from '../../features/status/components/status-page';
import { usePageTitle } from '../../lib/use-page-title';

export function StatusRoute() {
  const { t } = useTranslation();
  usePageTitle(t('networkStatus.heading'));
  return <StatusPage />;
}
