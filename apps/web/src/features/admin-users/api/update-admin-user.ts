import type { AdminUserProfile, AdminUserStatus } from '@fixpoint/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserKeys, adminUserPath } from '../../../api/get-admin-users';
import { apiRequest } from '../../../lib/api-client';

/** `PUT /admin/users/{id}/role`: makes the user an admin, or a user again. */
export const setAdminUserRole = ({ id, role }: { id: string; role: 'admin' | 'user' }) =>
  apiRequest<AdminUserProfile>(`${adminUserPath(id)}/role`, { method: 'PUT', body: { role } });

/** `PUT /admin/users/{id}/status`: disables the user (with a reason) or enables them again. */
export const setAdminUserStatus = ({ id, status, reason }: { id: string; status: AdminUserStatus; reason?: string }) =>
  apiRequest<AdminUserProfile>(`${adminUserPath(id)}/status`, {
    method: 'PUT',
    body: { status, ...(reason ? { reason } : {}) },
  });

/** Either change, then the user and the list are read again. */
function useAdminUserChange<Input extends { id: string }>(change: (input: Input) => Promise<AdminUserProfile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (_profile, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUserKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: adminUserKeys.list() }),
      ]),
  });
}

export const useSetAdminUserRole = () => useAdminUserChange(setAdminUserRole);
export const useSetAdminUserStatus = () => useAdminUserChange(setAdminUserStatus);
