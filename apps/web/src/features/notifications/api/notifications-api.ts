import type {
  NotificationList,
  NotificationRead,
  NotificationReadResult,
  NotificationSetting,
  NotificationSettings,
  ServiceStatus,
} from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type OwnerScope, scopedPath, scopeKey } from '../../../session/owner-scope';

/** The person's and each organisation's notifications, settings and service status never share a cache entry. */
export const notificationKeys = {
  all: ['notifications'] as const,
  scoped: (scope: OwnerScope) => [...notificationKeys.all, scopeKey(scope)] as const,
  list: (scope: OwnerScope, limit: number) => [...notificationKeys.scoped(scope), 'list', limit] as const,
  settings: (scope: OwnerScope) => ['notification-settings', scopeKey(scope)] as const,
  serviceStatus: (scope: OwnerScope) => ['service-status', scopeKey(scope)] as const,
};

/** How often the bell and the service card ask again: a station's fall shows within a minute without a reload. */
export const notificationPollMs = 30_000;

/** How many of the latest notifications the bell opens on (the server's render reads them too). */
export const bellLimit = 8;

/** `GET /notifications?limit` (newest first, with the owner's unread count). */
export const notificationsQueryOptions = (scope: OwnerScope, limit: number) =>
  queryOptions({
    queryKey: notificationKeys.list(scope, limit),
    queryFn: ({ signal }) =>
      apiRequest<NotificationList>(scopedPath(scope, '/notifications'), { signal, query: { limit } }),
    refetchInterval: notificationPollMs,
  });

/** `POST /notifications/read`: the given ids, or all of them. */
export const markNotificationsRead = (scope: OwnerScope, body: NotificationRead) =>
  apiRequest<NotificationReadResult>(scopedPath(scope, '/notifications/read'), { method: 'POST', body });

/** `GET /notification-settings`: one row per kind, the defaults where nothing was chosen. */
export const notificationSettingsQueryOptions = (scope: OwnerScope) =>
  queryOptions({
    queryKey: notificationKeys.settings(scope),
    queryFn: ({ signal }) => apiRequest<NotificationSettings>(scopedPath(scope, '/notification-settings'), { signal }),
  });

/** `PUT /notification-settings` with the changed rows; answers the full list. */
export const updateNotificationSettings = (scope: OwnerScope, settings: NotificationSetting[]) =>
  apiRequest<NotificationSettings>(scopedPath(scope, '/notification-settings'), {
    method: 'PUT',
    body: { settings },
  });

/** `GET /service-status`: the stations the owner uses, and one word for them all. */
export const serviceStatusQueryOptions = (scope: OwnerScope) =>
  queryOptions({
    queryKey: notificationKeys.serviceStatus(scope),
    queryFn: ({ signal }) => apiRequest<ServiceStatus>(scopedPath(scope, '/service-status'), { signal }),
    refetchInterval: notificationPollMs,
  });
