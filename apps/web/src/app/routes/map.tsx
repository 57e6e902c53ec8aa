import { useTranslation } from 'react-i18next';
import { UserMapPage } from '../../features/maps/components/user-map-page';
import { usePageTitle } from '../../lib/use-page-title';

export function MapRoute() {
  const { t } = useTranslation();
  usePageTitle(t('maps.userHeading'));
  return <UserMapPage />;
}
