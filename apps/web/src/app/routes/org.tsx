import { useTranslation } from 'react-i18next';
import { OrgFrame } from '../../features/org-context/components/org-frame';
import { OrgOverviewPage } from '../../features/org-context/components/org-overview-page';
import { useScopeAccess } from '../../features/org-context/hooks/use-scope-access';
import { usePageTitle } from '../../lib/use-page-title';

/** `/org/:orgId/...`: the organisation's frame around its pages (issue 14). */
export function OrgRoute() {
  return <OrgFrame />;
}

/** `/org/:orgId`: the organisation's overview. */
export function OrgOverviewRoute() {
  const { t } = useTranslation();
  const { organization } = useScopeAccess();
  usePageTitle(organization?.name ?? t('org.title'));
  return <OrgOverviewPage />;
}
