import { useTranslation } from 'react-i18next';
import { AuditLogPage } from '../../../features/admin-audit-log/components/audit-log-page';
import { usePageTitle } from '../../../lib/use-page-title';

export function AdminAuditLogRoute() {
  const { t } = useTranslation();
  usePageTitle(t('adminAuditLog.title'));
  return <AuditLogPage />;
}
