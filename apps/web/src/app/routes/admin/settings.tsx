import { useTranslation } from 'react-i18next';
import { AccountManagementPage } from '../../../features/admin-settings/components/account-management-page';
import { DocumentsPage } from '../../../features/admin-settings/components/documents-page';
import { usePageTitle } from '../../../lib/use-page-title';

export function AdminAccountManagementRoute() {
  const { t } = useTranslation();
  usePageTitle(t('adminSettings.accounts.title'));
  return <AccountManagementPage />;
}

export function AdminDocumentsRoute() {
  const { t } = useTranslation();
  usePageTitle(t('adminSettings.documents.title'));
  return <DocumentsPage />;
}
