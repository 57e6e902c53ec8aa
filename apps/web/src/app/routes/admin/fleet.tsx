import { useTranslation } from 'react-i18next';
import { AdminFleetPage } from '../../../features/fleet/components/admin-fleet-page';
import { usePageTitle } from '../../../lib/use-page-title';

export function AdminFleetRoute() {
  const { t } = useTranslation();
  usePageTitle(t('fleet.adminTitle'));
  return <AdminFleetPage />;
}
