import { useTranslation } from 'react-i18next';
import { AdminMapPage } from '../../../features/maps/components/admin-map-page';
import { usePageTitle } from '../../../lib/use-page-title';

export function AdminMapRoute() {
  const { t } = useTranslation();
  usePageTitle(t('maps.adminHeading'));
  return <AdminMapPage />;
}
