import { useTranslation } from 'react-i18next';
import { AccessSummary } from '../../features/accounts/components/access-summary';
import { OrgFrame } from '../../features/org-context/components/org-frame';
import { OrgOverviewPage } from '../../features/org-context/components/org-overview-page';
import { usePageTitle } from '../../lib/use-page-title';
import { useScopeAccess } from '../../session/use-scope-access';

/** `/org/:orgId/...`: the organisation's frame around its pages (issue 14). */
export function OrgRoute() {
  return <OrgFrame />;
}

/** `/org/:orgId`: the organisation's overview. */
export function OrgOverviewRoute() {
  const { t } = useTranslation();
  const { organization } = useScopeAccess();
  usePageTitle(organization?.name ?? t('org.title'));
  return <OrgOverviewPage accessSummary={<AccessSummary />} />;
}
