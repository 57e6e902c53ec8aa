import { Alert, Anchor, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { organizationQueryOptions } from '../../../api/org-members-api';
import { LoadingFallback } from '../../../components/loading-fallback';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { authKeys, userOverviewQueryOptions } from '../../../session/auth-api';
import { orgDetailStaleTime } from '../../../session/use-scope-access';
import { OrgStatusNotice } from './org-status-notice';

/** The pages a pending or declined organisation still has (the server answers only these). */
const openWhileInactive = ['', paths.org.members.path];

/**
 * Every `/org/:orgId/...` page: loads the organisation; says so when it does not exist or the user is not a member;
 * and in place of the pages a pending or declined organisation cannot use, says why.
 */
export function OrgFrame() {
  const { t } = useTranslation();
  const { orgId = '' } = useParams();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const organization = useQuery({ ...organizationQueryOptions(orgId), staleTime: orgDetailStaleTime });
  const overview = useQuery(userOverviewQueryOptions());
  const org = organization.data;
  const team = overview.data?.teams.find((candidate) => candidate.id === orgId);

  // The session's teams feed the menu: bring them in step when the organisation's own answer differs (approved,
  // renamed, a new role, or just created).
  const isStale =
    org !== undefined &&
    overview.data !== undefined &&
    (team?.status !== org.status || team?.role !== org.role || team?.name !== org.name);
  useEffect(() => {
    if (isStale) void queryClient.invalidateQueries({ queryKey: authKeys.user() });
  }, [isStale, queryClient]);

  if (organization.isPending) return <LoadingFallback />;
  if (organization.isError) {
    const isUnknown = organization.error instanceof ApiError && [400, 403, 404].includes(organization.error.status);
    return (
      <Stack gap="md" maw={720}>
        {isUnknown ? (
          <Alert color="gray" title={t('org.notFound.title')}>
            {t('org.notFound.text')}
          </Alert>
        ) : (
          <QueryErrorAlert query={organization} />
        )}
        <Anchor component={Link} to={paths.dashboard.getHref()}>
          {t('checkout.toDashboard')}
        </Anchor>
      </Stack>
    );
  }

  const section = pathname.split('/')[3] ?? '';
  if (org && org.status !== 'active' && !openWhileInactive.includes(section)) {
    return (
      <Stack gap="md" maw={720}>
        <OrgStatusNotice organization={org} />
        <Anchor component={Link} to={paths.org.overview.getHref(orgId)}>
          {t('org.toOverview')}
        </Anchor>
      </Stack>
    );
  }
  return <Outlet />;
}
