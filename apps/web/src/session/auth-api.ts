import type { AuthConfig, UserOverview } from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

export const authKeys = {
  all: ['auth'] as const,
  session: () => [...authKeys.all, 'session'] as const,
  user: () => [...authKeys.all, 'user'] as const,
  config: () => [...authKeys.all, 'config'] as const,
};

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role?: string | null;
}

/**
 * Who is signed in. Only the user is kept: the answer's session (its token among it) never enters the query cache,
 * nor the page a signed-in render writes it into (docs/decisions/0058).
 */
export const getSession = (signal?: AbortSignal) =>
  apiRequest<{ user: SessionUser } | null>('/auth/get-session', { signal }).then((data) =>
    data ? { user: data.user } : null,
  );

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: authKeys.session(), queryFn: ({ signal }) => getSession(signal), staleTime: 60_000 });

export const getUserOverview = (signal?: AbortSignal) => apiRequest<UserOverview>('/user', { signal });

export const userOverviewQueryOptions = () =>
  queryOptions({ queryKey: authKeys.user(), queryFn: ({ signal }) => getUserOverview(signal), staleTime: 60_000 });

export const getAuthConfig = () => apiRequest<AuthConfig>('/auth-config');

export const authConfigQueryOptions = () =>
  queryOptions({ queryKey: authKeys.config(), queryFn: getAuthConfig, staleTime: Number.POSITIVE_INFINITY });

export const signIn = (input: { email: string; password: string }) =>
  apiRequest<{ user: SessionUser }>('/auth/sign-in/email', { method: 'POST', body: { ...input, rememberMe: true } });

/** The verification link mailed at sign-up leads back to the dashboard (docs/decisions/0061). */
export const signUp = (input: { email: string; name: string; password: string }) =>
  apiRequest<{ user: SessionUser }>('/auth/sign-up/email', {
    method: 'POST',
    body: { ...input, termsAccepted: true, callbackURL: '/dashboard' },
  });

/** Mails a new verification link to the signed-in person's address. */
export const sendVerificationEmail = (email: string) =>
  apiRequest<{ status: boolean }>('/auth/send-verification-email', {
    method: 'POST',
    body: { email, callbackURL: '/dashboard' },
  });

/**
 * Kept alive: the page shows the visitor before the answer comes (useAuth's logout), so the person may leave it at
 * once; the sign-out still reaches the server.
 */
export const signOut = () =>
  apiRequest<{ success: boolean }>('/auth/sign-out', { method: 'POST', body: {}, keepalive: true });

export const requestPasswordReset = (email: string) =>
  apiRequest<{ status: boolean }>('/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: `${window.location.origin}/reset-password` },
  });

export const resetPassword = (input: { token: string; newPassword: string }) =>
  apiRequest<{ status: boolean }>('/auth/reset-password', { method: 'POST', body: input });
