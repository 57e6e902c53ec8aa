import { useParams } from 'react-router';
import { NetworkPage } from '../../../features/admin-networks/components/network-page';

export function AdminNetworkRoute() {
  const { networkId = '' } = useParams();
  return <NetworkPage key={networkId} networkId={networkId} />;
}
