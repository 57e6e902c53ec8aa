import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { OrgMembersPage } from '../../features/organizations/components/org-members-page';
import { usePageTitle } from '../../lib/use-page-title';

/** `/org/:orgId/members`: the organisation's members and invitations (issue 14). */
export function OrgMembersRoute() {
  const { t } = useTranslation();
  usePageTitle(t('orgMembers.title'));
  const { orgId = '' } = useParams();
  return <OrgMembersPage key={orgId} orgId={orgId} />;
}
