import { useTranslation } from 'react-i18next';
import { AdminSalesRequestsPage } from '../../../features/admin-sales/components/admin-sales-requests-page';
import { usePageTitle } from '../../../lib/use-page-title';

export function AdminSalesRequestsRoute() {
  const { t } = useTranslation();
  usePageTitle(t('adminSales.title'));
  return <AdminSalesRequestsPage />;
}
