import { useTranslation } from 'react-i18next';
import { FeedPage } from '../../../features/admin-feed/components/feed-page';
import { usePageTitle } from '../../../lib/use-page-title';

export function AdminFeedRoute() {
  const { t } = useTranslation();
  usePageTitle(t('adminFeed.title'));
  return <FeedPage />;
}
