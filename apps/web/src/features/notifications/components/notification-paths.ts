import { paths } from '../../../config/paths';
import type { OwnerScope } from '../../../session/owner-scope';

/** The notifications page of a scope: `/notifications`, or `/org/<id>/notifications`. */
export const notificationsHref = (scope: OwnerScope) =>
  scope.kind === 'organization' ? paths.org.notifications.getHref(scope.orgId) : paths.notifications.getHref();

/** Where a scope chooses its notifications: `/settings/notifications`, or `/org/<id>/notifications/settings`. */
export const notificationSettingsHref = (scope: OwnerScope) =>
  scope.kind === 'organization'
    ? paths.org.notificationSettings.getHref(scope.orgId)
    : paths.settings.getHref('notifications');
