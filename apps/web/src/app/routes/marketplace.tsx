import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MarketplacePage } from '../../features/marketplace/components/marketplace-page';
import { NetworkPage } from '../../features/marketplace/components/network-page';
import { usePageTitle } from '../../lib/use-page-title';

export function MarketplaceRoute() {
  const { t } = useTranslation();
  usePageTitle(t('marketplace.title'));
  return <MarketplacePage />;
}

export function NetworkRoute() {
  const { networkId = '' } = useParams();
  return <NetworkPage key={networkId} networkId={networkId} />;
}
