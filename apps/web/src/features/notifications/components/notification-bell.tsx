import { ActionIcon, Anchor, Box, Button, Group, Indicator, Popover, Skeleton, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { bellLimit, notificationsQueryOptions } from '../api/notifications-api';
import { useMarkRead, useNotificationScope } from '../hooks/use-notifications';
import { NotificationItem } from './notification-item';
import { notificationsHref } from './notification-paths';
import classes from './notifications.module.css';

/**
 * The bell in the top bar (issue 31): the unread count on it, opening the latest notifications with "Mark all read"
 * and a link to the notifications page. It follows the page's owner (an organisation's, for its owners and admins).
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const scope = useNotificationScope();
  const [isOpen, setOpen] = useState(false);
  const list = useQuery(notificationsQueryOptions(scope, bellLimit));
  const markRead = useMarkRead(scope);
  const unread = list.data?.unread ?? 0;
  const items = list.data?.items ?? [];
  const now = Date.now();
  const label = unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.title');

  return (
    <Popover
      opened={isOpen}
      onChange={setOpen}
      position="bottom-end"
      width={360}
      shadow="md"
      withArrow
      trapFocus
      returnFocus
      // The roles go on the button below, not on the Indicator's <div> the target is (axe: aria-allowed-attr).
      withRoles={false}
    >
      <Popover.Target>
        <Indicator
          label={unread > 99 ? '99+' : unread}
          disabled={unread === 0}
          size={18}
          color="red"
          offset={6}
          withBorder
          inline
        >
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label={label}
            aria-expanded={isOpen}
            aria-haspopup="dialog"
            onClick={() => setOpen(!isOpen)}
          >
            <IconBell size={20} stroke={1.75} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown
        className={classes.bellDropdown}
        maw="calc(100vw - 16px)"
        aria-label={t('notifications.title')}
        role="dialog"
      >
        <Group
          justify="space-between"
          px="md"
          py="sm"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Text fw={600} size="sm">
            {t('notifications.title')}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={unread === 0}
            loading={markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            {t('notifications.markAllRead')}
          </Button>
        </Group>
        <Box className={classes.bellList} role="list" aria-label={t('notifications.latest')}>
          {list.isPending && (
            <Stack gap="xs" p="md">
              <Skeleton h={14} w="70%" />
              <Skeleton h={12} w="90%" />
            </Stack>
          )}
          {list.isError && (
            <Text size="sm" c="red.8" p="md">
              {t('notifications.loadFailed')}
            </Text>
          )}
          {list.isSuccess && items.length === 0 && (
            <Text size="sm" c="dimmed" p="md">
              {t('notifications.empty')}
            </Text>
          )}
          {items.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              now={now}
              onOpen={(opened) => {
                setOpen(false);
                if (opened.readAt === null) markRead.mutate({ ids: [opened.id] });
              }}
            />
          ))}
        </Box>
        <Box px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Anchor component={Link} to={notificationsHref(scope)} size="sm" onClick={() => setOpen(false)}>
            {t('notifications.seeAll')}
          </Anchor>
        </Box>
      </Popover.Dropdown>
    </Popover>
  );
}
