import { useTranslation } from 'react-i18next';
import { AdminOrganizationsPage } from '../../../features/admin-organizations/components/admin-organizations-page';
import { usePageTitle } from '../../../lib/use-page-title';

export function AdminOrganizationsRoute() {
  const { t } = useTranslation();
  usePageTitle(t('adminOrgs.title'));
  return <AdminOrganizationsPage />;
}
