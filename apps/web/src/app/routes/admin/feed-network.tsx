import { useParams } from 'react-router';
import { FeedNetworkPage } from '../../../features/admin-feed/components/feed-network-page';

export function AdminFeedNetworkRoute() {
  const { networkId = '' } = useParams();
  return <FeedNetworkPage key={networkId} networkId={networkId} />;
}
