import { Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import { IconBell, IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppAlert } from '../../../components/app-alert';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { usePageTitle } from '../../../lib/use-page-title';
import { useManagerAccess } from '../../../session/use-manager-access';
import { notificationsQueryOptions } from '../api/notifications-api';
import { useMarkRead, useNotificationScope } from '../hooks/use-notifications';
import { NotificationItem } from './notification-item';
import { notificationSettingsHref } from './notification-paths';

/** The page shows this many of the latest; older ones are kept on the server but rarely wanted. */
export const pageLimit = 100;

/**
 * `/notifications` and `/org/:orgId/notifications` (issue 31): newest first, unread marked, mark read one by one or
 * all at once; each title links where its notification points.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  usePageTitle(t('notifications.title'));
  const access = useManagerAccess();
  if (access === 'loading') return <Skeleton h={36} w={240} />;
  if (access === 'refused') {
    return (
      <Stack gap="lg" maw={880}>
        <PageHeading title={t('notifications.title')} icon={IconBell} />
        <AppAlert status="info">{t('notifications.orgManagersOnly')}</AppAlert>
      </Stack>
    );
  }
  return <NotificationList />;
}

function NotificationList() {
  const { t } = useTranslation();
  const scope = useNotificationScope();
  const list = useQuery(notificationsQueryOptions(scope, pageLimit));
  const markRead = useMarkRead(scope);
  const unread = list.data?.unread ?? 0;
  const items = list.data?.items ?? [];
  const now = Date.now();
  const markingId = markRead.isPending && markRead.variables?.ids?.length === 1 ? markRead.variables.ids[0] : null;

  return (
    <Stack gap="lg" maw={880}>
      <PageHeading
        title={t('notifications.title')}
        icon={IconBell}
        description={
          list.isSuccess && unread > 0 ? t('notifications.unreadCount', { count: unread }) : t('notifications.intro')
        }
        actions={
          <>
            <Button
              component={Link}
              to={notificationSettingsHref(scope)}
              variant="default"
              leftSection={<IconSettings size={16} />}
            >
              {t('notifications.settingsLink')}
            </Button>
            <Button
              variant="default"
              disabled={unread === 0}
              loading={markRead.isPending && markRead.variables?.all === true}
              onClick={() => markRead.mutate({ all: true })}
            >
              {t('notifications.markAllRead')}
            </Button>
          </>
        }
      />
      <QueryErrorAlert query={list} />
      {list.isPending && (
        <Card withBorder radius="md" p="md" aria-busy>
          <Stack gap="md">
            {[0, 1, 2].map((row) => (
              <Stack key={row} gap={6}>
                <Skeleton h={14} w="50%" />
                <Skeleton h={12} w="80%" />
              </Stack>
            ))}
          </Stack>
        </Card>
      )}
      {list.isSuccess && items.length === 0 && (
        <Card withBorder radius="md" p="lg">
          <Text size="sm">{t('notifications.emptyPage')}</Text>
        </Card>
      )}
      {items.length > 0 && (
        <Card withBorder radius="md" p={0} role="list" aria-label={t('notifications.title')}>
          {items.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              now={now}
              isMarking={markingId === notification.id}
              onMarkRead={(item) => markRead.mutate({ ids: [item.id] })}
              onOpen={(item) => {
                if (item.readAt === null) markRead.mutate({ ids: [item.id] });
              }}
            />
          ))}
        </Card>
      )}
    </Stack>
  );
}
