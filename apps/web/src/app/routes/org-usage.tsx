import { useTranslation } from 'react-i18next';
import { UsagePage } from '../../features/org-usage/components/usage-page';
import { usePageTitle } from '../../lib/use-page-title';

/** `/org/:orgId/usage`: its own chunk, so the charts (recharts) load only with it. */
export function OrgUsageRoute() {
  const { t } = useTranslation();
  usePageTitle(t('org.usage.title'));
  return <UsagePage />;
}
