import { QueryCache, QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { authKeys } from './auth-api';
import { rereadSessionOnUnauthorized } from './session-expiry';

/**
 * A query client as the app makes it, believing `believed` signed in, while the server's session read answers
 * nobody; the session is shown (observed), as the top bar shows it.
 */
function setUp(believed: { id: string } | null) {
  let serverReads = 0;
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: rereadSessionOnUnauthorized(() => client) }),
    defaultOptions: { queries: { retry: false } },
  });
  client.setQueryData(authKeys.session(), believed && { user: believed });
  const observer = new QueryObserver(client, {
    queryKey: authKeys.session(),
    queryFn: async () => {
      serverReads++;
      return null;
    },
    staleTime: 60_000,
  });
  observer.subscribe(() => undefined);
  return { client, serverReads: () => serverReads };
}

async function readRefused(client: QueryClient, status: number, queryKey: readonly unknown[] = ['accounts']) {
  await client
    .fetchQuery({ queryKey, queryFn: () => Promise.reject(new ApiError(status, 'REFUSED', 'no')) })
    .catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('a read refused 401', () => {
  it('reads the session again when the page believed someone signed in, and shows the visitor', async () => {
    const { client, serverReads } = setUp({ id: 'u1' });
    await readRefused(client, 401);
    expect(serverReads()).toBe(1);
    expect(client.getQueryData(authKeys.session())).toBeNull();
  });

  it('leaves the session alone for other refusals, for the session read itself and when nobody is signed in', async () => {
    const signedIn = setUp({ id: 'u1' });
    await readRefused(signedIn.client, 403);
    await readRefused(signedIn.client, 500);
    expect(signedIn.serverReads()).toBe(0);
    expect(signedIn.client.getQueryData(authKeys.session())).toEqual({ user: { id: 'u1' } });

    const sessionRead = setUp({ id: 'u1' });
    await readRefused(sessionRead.client, 401, authKeys.session());
    expect(sessionRead.serverReads()).toBe(0);

    const visitor = setUp(null);
    await readRefused(visitor.client, 401);
    expect(visitor.serverReads()).toBe(0);
  });
});
