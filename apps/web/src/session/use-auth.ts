import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { authKeys, sessionQueryOptions, signOut, userOverviewQueryOptions } from './auth-api';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

/**
 * The spec's user session: auth state (loading, signed in, signed out), then, once signed in, the organisations
 * call for teams and isAdmin, which start as 'loading' and become undefined if that call fails.
 */
export function useAuth() {
  const queryClient = useQueryClient();
  const session = useQuery(sessionQueryOptions());
  const user = session.data?.user ?? null;
  const overview = useQuery({ ...userOverviewQueryOptions(), enabled: Boolean(user) });

  const status: AuthStatus = session.isPending ? 'loading' : user ? 'signed-in' : 'signed-out';
  const isAdmin: boolean | undefined | 'loading' = !user
    ? false
    : overview.isPending
      ? 'loading'
      : overview.isError
        ? undefined
        : overview.data.isAdmin;

  const refetch = useCallback(() => queryClient.invalidateQueries({ queryKey: authKeys.all }), [queryClient]);
  // The page stops asking as the signed-in person before the server ends the session: what is in flight is
  // cancelled and the app shows the visitor, so no request of theirs arrives after it and comes back 401. Should the
  // sign-out fail, the session is read again and shows what is true.
  const logout = useCallback(async () => {
    await queryClient.cancelQueries();
    queryClient.setQueryData(authKeys.session(), null);
    queryClient.removeQueries({ queryKey: authKeys.user() });
    try {
      await signOut();
    } catch (error) {
      await queryClient.invalidateQueries({ queryKey: authKeys.session() });
      throw error;
    }
  }, [queryClient]);

  return {
    status,
    user,
    username: user?.name ?? '',
    email: user?.email ?? '',
    photoURL: user?.image ?? null,
    uid: user?.id,
    teams: user ? (overview.isPending ? ('loading' as const) : overview.data?.teams) : undefined,
    isAdmin,
    refetch,
    logout,
  };
}
