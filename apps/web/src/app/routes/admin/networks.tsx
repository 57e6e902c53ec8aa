import { useTranslation } from 'react-i18next';
import { NetworksPage } from '../../../features/admin-networks/components/networks-page';
import { usePageTitle } from '../../../lib/use-page-title';

export function AdminNetworksRoute() {
  const { t } = useTranslation();
  usePageTitle(t('adminNetworks.title'));
  return <NetworksPage />;
}
