import { Anchor, Skeleton, Stack } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppAlert } from '../../../components/app-alert';
import { PageHeading } from '../../../components/page-heading';
import { usePageTitle } from '../../../lib/use-page-title';
import { useOwnerScope } from '../../../session/owner-scope';
import { useManagerAccess } from '../../../session/use-manager-access';
import { notificationsHref } from './notification-paths';
import { NotificationSettingsCard } from './notification-settings';

/** `/org/:orgId/notifications/settings`: what the organisation's owners and admins are told, and how. */
export function OrgNotificationSettingsPage() {
  const { t } = useTranslation();
  const scope = useOwnerScope();
  const access = useManagerAccess();
  usePageTitle(t('notificationSettings.title'));
  return (
    <Stack gap="lg" maw={880}>
      <PageHeading
        title={t('notificationSettings.title')}
        icon={IconSettings}
        description={
          <Anchor component={Link} to={notificationsHref(scope)} size="sm">
            {t('notificationSettings.backToList')}
          </Anchor>
        }
      />
      {access === 'loading' && <Skeleton h={200} />}
      {access === 'refused' && <AppAlert status="info">{t('notifications.orgManagersOnly')}</AppAlert>}
      {access === 'allowed' && <NotificationSettingsCard scope={scope} />}
    </Stack>
  );
}
