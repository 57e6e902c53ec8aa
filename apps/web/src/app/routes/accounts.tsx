import { useTranslation } from 'react-i18next';
import { AccountsPage } from '../../features/accounts/components/accounts-page';
import { usePageTitle } from '../../lib/use-page-title';

export function AccountsRoute() {
  const { t } = useTranslation();
  usePageTitle(t('accounts.title'));
  return <AccountsPage />;
}
