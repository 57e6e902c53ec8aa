import { apiRequest } from '../../../lib/api-client';

export const updateName = (name: string) => apiRequest('/auth/update-user', { method: 'POST', body: { name } });

export const changeEmail = (newEmail: string) =>
  apiRequest('/auth/change-email', { method: 'POST', body: { newEmail, callbackURL: '/settings' } });

export const changePassword = (input: { currentPassword: string; newPassword: string }) =>
  apiRequest('/auth/change-password', { method: 'POST', body: { ...input, revokeOtherSessions: true } });

export const deleteAccount = (password: string) =>
  apiRequest('/auth/delete-user', { method: 'POST', body: { password } });
