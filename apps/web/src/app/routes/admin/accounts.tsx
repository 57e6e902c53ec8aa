import { useTranslation } from 'react-i18next';
import { AdminAccountsPage } from '../../../features/accounts/components/admin-accounts-page';
import { usePageTitle } from '../../../lib/use-page-title';

export function AdminAccountsRoute() {
  const { t } = useTranslation();
  usePageTitle(t('admin.accounts.title'));
  return <AdminAccountsPage />;
}
