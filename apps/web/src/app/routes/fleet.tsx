import { useTranslation } from 'react-i18next';
import { FleetPage } from '../../features/fleet/components/fleet-page';
import { usePageTitle } from '../../lib/use-page-title';

export function FleetRoute() {
  const { t } = useTranslation();
  usePageTitle(t('fleet.title'));
  return <FleetPage />;
}
