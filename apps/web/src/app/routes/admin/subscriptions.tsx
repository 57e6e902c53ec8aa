import { useTranslation } from 'react-i18next';
import { AdminSubscriptionsPage } from '../../../features/admin-subscriptions/components/admin-subscriptions-page';
import { usePageTitle } from '../../../lib/use-page-title';

export function AdminSubscriptionsRoute() {
  const { t } = useTranslation();
  usePageTitle(t('adminSubscriptions.title'));
  return <AdminSubscriptionsPage />;
}
