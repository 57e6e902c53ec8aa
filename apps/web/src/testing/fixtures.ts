import { stubApi } from './render';

export const health = {
  status: 'ok',
  version: '0.0.0',
  uptimeSeconds: 1,
  database: { kind: 'pglite', reachable: true, latencyMs: 1 },
};

export const sessionUser = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', image: null };

export const userOverview = {
  id: 'u1',
  username: 'Ada Lovelace',
  email: 'ada@example.com',
  photoURL: null,
  teams: [{ id: 't1', name: 'Farm', role: 'owner', status: 'active' }],
  isAdmin: false,
  tokenAmount: 1250,
};

type Answer = { status?: number; body?: unknown } | undefined;
type Extra = (url: URL, init: RequestInit | undefined) => Answer;

/** A visitor: no session. */
export const stubVisitor = (extra: Extra = () => undefined) =>
  stubApi((url, init) => {
    if (url.pathname === '/api/health') return { body: health };
    if (url.pathname === '/api/auth/get-session') return { body: null };
    return extra(url, init);
  });

/** A signed-in user (an admin with `isAdmin`), with overrides for the session user and the overview. */
export const stubUser = (
  { user = {}, overview = {} }: { user?: Partial<typeof sessionUser>; overview?: Partial<typeof userOverview> } = {},
  extra: Extra = () => undefined,
) =>
  stubApi((url, init) => {
    if (url.pathname === '/api/health') return { body: health };
    if (url.pathname === '/api/auth/get-session') return { body: { user: { ...sessionUser, ...user }, session: {} } };
    if (url.pathname === '/api/user') return { body: { ...userOverview, ...overview } };
    return extra(url, init);
  });
