import type { Query, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { authKeys } from './auth-api';

/**
 * A read refused 401 while the page believes someone is signed in means the session ended elsewhere: signed out in
 * another tab or by a sign-out still on its way, revoked by an admin, expired. The session is read again, so the page
 * shows the visitor (and the Log in button) instead of a signed-in page whose every read fails. Meant as the query
 * cache's `onError`.
 */
export function rereadSessionOnUnauthorized(client: () => QueryClient) {
  return (error: unknown, query: Query<unknown, unknown, unknown, readonly unknown[]>) => {
    if (!(error instanceof ApiError) || error.status !== 401) return;
    const [scope, name] = query.queryKey;
    if (scope === authKeys.all[0] && name === 'session') return;
    if (!client().getQueryData(authKeys.session())) return;
    void client().invalidateQueries({ queryKey: authKeys.session() });
  };
}
