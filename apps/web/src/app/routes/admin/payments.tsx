import { useTranslation } from 'react-i18next';
import { PaymentsPage } from '../../../features/admin-payments/components/payments-page';
import { usePageTitle } from '../../../lib/use-page-title';

export function AdminPaymentsRoute() {
  const { t } = useTranslation();
  usePageTitle(t('adminPayments.title'));
  return <PaymentsPage />;
}
