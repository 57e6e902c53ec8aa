import { useTranslation } from 'react-i18next';
import { SubscriptionsPage } from '../../features/subscriptions/components/subscriptions-page';
import { usePageTitle } from '../../lib/use-page-title';

export function SubscriptionsRoute() {
  const { t } = useTranslation();
  usePageTitle(t('subscriptions.title'));
  return <SubscriptionsPage />;
}
