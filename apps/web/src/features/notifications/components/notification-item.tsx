import type { Notification } from '@fixpoint/shared';
import { Anchor, Box, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAgo, formatDateTime } from '../../../lib/format-feed';
import classes from './notifications.module.css';

/** Only a path inside the portal is followed; anything else (an absolute address, `//host`) shows as plain text. */
export const isPortalPath = (link: string | null): link is string =>
  link?.startsWith('/') === true && !link.startsWith('//');

/**
 * One notification: a dot while unread, its title (a link where `link` says; following it marks it read), the body,
 * how long ago, and, where `onMarkRead` is given, a quiet "Mark read".
 */
export function NotificationItem({
  notification,
  now,
  onOpen,
  onMarkRead,
  isMarking = false,
}: {
  notification: Notification;
  now: number;
  onOpen?: (notification: Notification) => void;
  onMarkRead?: (notification: Notification) => void;
  isMarking?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const isUnread = notification.readAt === null;
  const title = isPortalPath(notification.link) ? (
    <Anchor
      component={Link}
      to={notification.link}
      onClick={() => onOpen?.(notification)}
      fw={isUnread ? 600 : 500}
      size="sm"
      c="inherit"
      className={classes.title}
    >
      {notification.title}
    </Anchor>
  ) : (
    <Text fw={isUnread ? 600 : 500} size="sm" className={classes.title}>
      {notification.title}
    </Text>
  );
  return (
    <Box
      className={classes.item}
      data-unread={isUnread || undefined}
      aria-label={isUnread ? t('notifications.unreadItem', { title: notification.title }) : notification.title}
      role="listitem"
    >
      <span className={classes.dot} aria-hidden />
      <Box miw={0} flex={1}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          {title}
          <Text
            size="xs"
            c="dimmed"
            component="time"
            dateTime={notification.createdAt}
            title={formatDateTime(notification.createdAt, i18n.language)}
            style={{ whiteSpace: 'nowrap' }}
          >
            {formatAgo(notification.createdAt, now, i18n.language)}
          </Text>
        </Group>
        {notification.body && (
          <Text size="sm" c="dimmed" mt={2}>
            {notification.body}
          </Text>
        )}
        {isUnread && onMarkRead && (
          <Button
            variant="subtle"
            size="compact-xs"
            mt={4}
            ml={-6}
            loading={isMarking}
            onClick={() => onMarkRead(notification)}
            aria-label={t('notifications.markReadOne', { title: notification.title })}
          >
            {t('notifications.markRead')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
