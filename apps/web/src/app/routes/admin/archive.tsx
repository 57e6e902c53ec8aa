import { useTranslation } from 'react-i18next';
import { AdminArchivePage } from '../../../features/admin-archive/components/admin-archive-page';
import { usePageTitle } from '../../../lib/use-page-title';

export function AdminArchiveRoute() {
  const { t } = useTranslation();
  usePageTitle(t('adminArchive.title'));
  return <AdminArchivePage />;
}
