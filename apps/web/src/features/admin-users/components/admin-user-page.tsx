import type { AdminUserDetail } from '@fixpoint/shared';
import { Anchor, Badge, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppAlert } from '../../../components/app-alert';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { StatCard } from '../../../components/stat-card';
import { paths } from '../../../config/paths';
import { isNotFound } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminUser } from '../api/get-admin-user';
import { UserAccountsSection } from './user-accounts-section';
import { UserActions } from './user-actions';
import { UserLedgerSection } from './user-ledger-section';
import { UserOrganizationsSection } from './user-organizations-section';
import { UserSessionsSection } from './user-sessions-section';

function BackLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={paths.admin.users.getHref()} size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        {t('adminUsers.detail.back')}
      </Group>
    </Anchor>
  );
}

/** The page's shape while the user loads: heading, three stats, then the sections. */
function PageSkeleton() {
  return (
    <Stack gap="lg" aria-busy data-testid="admin-user-loading">
      <Skeleton height={38} width={280} radius="sm" />
      <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }}>
        {[0, 1, 2].map((stat) => (
          <Skeleton key={stat} height={92} radius="md" />
        ))}
      </SimpleGrid>
      {[0, 1].map((section) => (
        <Stack key={section} gap="xs">
          <Skeleton height={22} width={180} radius="sm" />
          <Skeleton height={120} radius="md" />
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * `/admin/users/{id}` (issue 15): one user's whole picture (credit balance, NTRIP accounts, caster sessions,
 * organisations, credit ledger) and what an admin does about them: grant credits, make admin, disable.
 */
export function AdminUserPage({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const detail = useAdminUser(userId);
  usePageTitle(detail.data?.user.name ?? t('adminUsers.detail.title'));

  if (detail.isPending) {
    return (
      <Stack gap="lg" maw={1200}>
        <BackLink />
        <PageSkeleton />
      </Stack>
    );
  }
  if (detail.isError) {
    const isMissing = isNotFound(detail.error);
    return (
      <Stack gap="lg" maw={1200}>
        <BackLink />
        <PageHeading title={t('adminUsers.detail.title')} icon={IconUser} />
        {isMissing ? (
          <AppAlert status="info" title={t('adminUsers.detail.notFound')}>
            {t('adminUsers.detail.notFoundText')}
          </AppAlert>
        ) : (
          <QueryErrorAlert query={detail} title={t('adminUsers.detail.loadFailed')} />
        )}
      </Stack>
    );
  }
  return <UserDetail detail={detail.data} />;
}

function UserDetail({ detail }: { detail: AdminUserDetail }) {
  const { t, i18n } = useTranslation();
  const { user } = detail;
  const liveSessions = detail.sessions.filter((session) => session.endedAt === null).length;
  return (
    <Stack gap="lg" maw={1200}>
      <BackLink />
      <PageHeading
        title={user.name}
        icon={IconUser}
        description={
          <Group gap="xs" component="span">
            <Text component="span" size="sm" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
            <Text component="span" size="sm">
              {t('adminUsers.detail.memberSince', {
                date: new Date(user.createdAt).toLocaleDateString(i18n.language),
              })}
            </Text>
            {user.role === 'admin' && (
              <Badge component="span" variant="light" color="grape">
                {t('adminUsers.roles.admin')}
              </Badge>
            )}
            {user.banned && (
              <Badge component="span" variant="light" color="red" data-testid="user-disabled-badge">
                {t('adminUsers.status.disabled')}
              </Badge>
            )}
            <Anchor component={Link} to={paths.admin.auditLog.getHref({ target: user.id })} size="sm">
              {t('adminUsers.detail.auditLog')}
            </Anchor>
            <Anchor component={Link} to={paths.admin.fleet.getHref({ ownerType: 'user', ownerId: user.id })} size="sm">
              {t('fleet.ownerLink')}
            </Anchor>
          </Group>
        }
        actions={<UserActions user={user} />}
      />
      {user.banned && (
        <AppAlert status="warning" title={t('adminUsers.disabled.title')}>
          {t('adminUsers.disabled.text')}
          {user.disabledReason && (
            <Text size="sm" mt={4}>
              {t('adminUsers.disabled.reason', { reason: user.disabledReason })}
            </Text>
          )}
        </AppAlert>
      )}
      <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }}>
        <StatCard title={t('adminUsers.detail.balance')} value={detail.balance.toLocaleString(i18n.language)} />
        <StatCard title={t('adminUsers.accounts.title')} value={detail.accounts.length} />
        <StatCard
          title={t('adminUsers.sessions.liveNow')}
          value={liveSessions}
          color={liveSessions > 0 ? 'success' : 'muted'}
        />
      </SimpleGrid>
      <UserAccountsSection accounts={detail.accounts} />
      <UserSessionsSection sessions={detail.sessions} />
      <UserOrganizationsSection organizations={detail.organizations} />
      <UserLedgerSection userId={user.id} firstPage={detail.ledger} />
    </Stack>
  );
}
