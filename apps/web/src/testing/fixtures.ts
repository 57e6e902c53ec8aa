import type { MapStation } from '@fixpoint/shared';
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
  emailVerified: true,
  tokenAmount: 1250,
};

/** A public network as `GET /api/networks` answers it: the demo network, one price, no plans. */
export const demoNetwork = {
  id: '5d1c0a4e-7f0b-4c2a-9a57-6e7f0c1d2e3f',
  code: 'DEMO',
  name: 'Fixpoint Demo Network',
  operator: 'Fixpoint',
  description: 'Simulated base stations.',
  dailyPrice: 1,
  stationCount: 2,
  accessStartsAt: 'purchase',
  countries: ['NLD'],
  coverageRadiusKm: 30,
  plans: [],
};

/** A station on a coverage map (30 km radius), live unless told otherwise. */
export const mapStation = (
  id: string,
  latitude: number,
  longitude: number,
  status: MapStation['status'] = 'up',
): MapStation => ({
  id,
  mountpoint: id,
  identifier: '',
  networkId: 'n',
  networkName: 'N',
  latitude,
  longitude,
  status,
  radiusKm: 30,
});

/** An NTRIP account as `GET /api/accounts` answers it: never connected, no access, the user's own. */
export const ntripAccount = (id: string, name: string, extra: object = {}) => ({
  id,
  name,
  username: `fx-${id}`,
  maxConnections: 1,
  isDisabled: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastConnectedAt: null,
  networks: [],
  diagnosis: 'never-connected',
  organization: null,
  lending: null,
  ...extra,
});

/** An account's connection settings (`GET /api/accounts/{id}/credentials`), with a password made for the test. */
export const connectionSettings = (username: string) => ({
  host: 'caster.example.com',
  port: 2101,
  tlsPort: null,
  username,
  password: crypto.randomUUID(),
  mountpoints: [],
  ntripVersion: 2,
  rtklibUrl: '',
});

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
    return extra(url, init) ?? signedInDefaults(url);
  });

/**
 * What every signed-in page reads besides the page's own data, unless the test answers it: the bell's notifications
 * (none) and the service status of the stations the person uses (none, all up).
 */
export function signedInDefaults(url: URL): Answer {
  if (/^\/api(\/org\/[^/]+)?\/notifications$/.test(url.pathname)) return { body: { items: [], unread: 0 } };
  if (/^\/api(\/org\/[^/]+)?\/service-status$/.test(url.pathname))
    return { body: { state: 'operational', stations: [] } };
  return undefined;
}
