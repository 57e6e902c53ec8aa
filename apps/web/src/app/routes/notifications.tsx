import { NotificationsPage } from '../../features/notifications/components/notifications-page';
import { OrgNotificationSettingsPage } from '../../features/notifications/components/org-notification-settings-page';

/** `/notifications` and `/org/:orgId/notifications` (issue 31): what the platform told the owner. */
export function NotificationsRoute() {
  return <NotificationsPage />;
}

/** `/org/:orgId/notifications/settings`: the organisation's choice of kinds and channels. */
export function OrgNotificationSettingsRoute() {
  return <OrgNotificationSettingsPage />;
}
