import type { NotificationRead } from '@fixpoint/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type OwnerScope, personalScope } from '../../../session/owner-scope';
import { useScopeAccess } from '../../../session/use-scope-access';
import { markNotificationsRead, notificationKeys } from '../api/notifications-api';

/**
 * Whose notifications the bell and the notifications page show: an organisation's on its pages when the person is
 * one of its owners or admins (they are the ones told, decision 0076), the person's own everywhere else.
 */
export function useNotificationScope(): OwnerScope {
  const { scope, role } = useScopeAccess();
  if (scope.kind === 'organization' && (role === 'owner' || role === 'admin')) return scope;
  return personalScope;
}

/** Marks some or all of the scope's notifications read, then reads the lists and the bell's count again. */
export function useMarkRead(scope: OwnerScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationRead) => markNotificationsRead(scope, body),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.scoped(scope) }),
  });
}
